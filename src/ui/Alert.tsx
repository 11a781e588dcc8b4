import type { ReactNode } from "react";

export function Alert({ kind = "info", children }: { kind?: "info" | "error" | "success"; children: ReactNode }) {
  return (
    <div className={`alert alert--${kind}`} role={kind === "error" ? "alert" : "status"} part={`alert alert-${kind}`}>
      {children}
    </div>
  );
}

/** A grey block of the final content's size, so loading never shifts the layout. */
export function Skeleton({ height = "1.25em", width = "100%", label }: { height?: string; width?: string; label?: string }) {
  return <span className="skeleton" style={{ height, width }} role={label ? "status" : undefined} aria-label={label} />;
}
