import { useId, type InputHTMLAttributes, type ReactNode } from "react";

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  /** Used as the input's id so the error summary can link to it. */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Content beside the input (a show-password toggle). */
  after?: ReactNode;
}

/** GOV.UK order: label, hint, error, input; all inside the element's own shadow root. */
export function Field({ name, label, hint, error, after, ...input }: FieldProps) {
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  const control = (
    <input
      {...input}
      id={name}
      name={name}
      className="field__input"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
  return (
    <div className={error ? "field field--error" : "field"} part="field">
      <label className="field__label" htmlFor={name}>
        {label}
      </label>
      {hint && (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field__error" id={errorId}>
          {error}
        </span>
      )}
      {after ? (
        <div className="field__row">
          {control}
          {after}
        </div>
      ) : (
        control
      )}
    </div>
  );
}
