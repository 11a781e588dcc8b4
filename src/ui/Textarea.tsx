import type { KeyboardEvent, ReactNode, TextareaHTMLAttributes } from "react";
import { FieldFrame } from "./Field";

/** Enter sends the form, as in a one-line input (Shift+Enter too), instead of starting a new line. */
function submitOnEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
  event.preventDefault();
  event.currentTarget.form?.requestSubmit();
}

/**
 * A multi-line field with the GOV.UK frame and an optional character count. `singleLine`: one line
 * of text that wraps instead of scrolling out of view when it is wider than the field (an IBAN on a
 * phone), growing to show it whole; Enter sends the form.
 */
export function TextareaField({
  name,
  label,
  hint,
  error,
  count,
  singleLine = false,
  className,
  ...textarea
}: { name: string; label: ReactNode; hint?: ReactNode; error?: string; count?: ReactNode; singleLine?: boolean } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id"
>) {
  const classes = ["field__input", singleLine ? "field__textarea--line" : "field__textarea", className].filter(Boolean).join(" ");
  return (
    <FieldFrame name={name} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <>
          <textarea
            rows={singleLine ? 1 : undefined}
            onKeyDown={singleLine ? submitOnEnter : undefined}
            {...textarea}
            id={name}
            name={name}
            className={classes}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          {count && <span className="field__hint field__count">{count}</span>}
        </>
      )}
    </FieldFrame>
  );
}
