import type { ButtonHTMLAttributes, ReactNode } from "react";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: "primary" | "secondary" | "link" | "icon";
  /** Shows a spinner and refuses clicks without leaving the tab order (no double submit). */
  busy?: boolean;
  children: ReactNode;
}

export function Button({ variant = "primary", busy = false, className, onClick, type = "button", children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={["btn", variant !== "primary" && `btn--${variant}`, className].filter(Boolean).join(" ")}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
