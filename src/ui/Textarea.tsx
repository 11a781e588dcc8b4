import type { ReactNode, TextareaHTMLAttributes } from "react";
import { FieldFrame } from "./Field";

/** A multi-line field with the GOV.UK frame and an optional character count. */
export function TextareaField({
  name,
  label,
  hint,
  error,
  count,
  ...textarea
}: { name: string; label: ReactNode; hint?: ReactNode; error?: string; count?: ReactNode } & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id"
>) {
  return (
    <FieldFrame name={name} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <>
          <textarea
            {...textarea}
            id={name}
            name={name}
            className="field__input field__textarea"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
          {count && <span className="field__hint field__count">{count}</span>}
        </>
      )}
    </FieldFrame>
  );
}
