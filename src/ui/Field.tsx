import { useId, type InputHTMLAttributes, type ReactNode } from "react";

interface FrameProps {
  /** The control's id, so the label and the error summary can point at it. */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** In a `.form-grid`, a row of its own: for values longer than a column (a company name, an e-mail). */
  wide?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
}

/** GOV.UK order: label, hint, error, then the control; all inside the element's own shadow root. */
export function FieldFrame({ name, label, hint, error, wide = false, children }: FrameProps) {
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", error && "field--error", wide && "field--wide"].filter(Boolean).join(" ")} part="field">
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
      {children(describedBy)}
    </div>
  );
}

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  /** Used as the input's id so the error summary can link to it. */
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Content beside the input (a show-password toggle). */
  after?: ReactNode;
  wide?: boolean;
}

export function Field({ name, label, hint, error, after, wide, className, ...input }: FieldProps) {
  return (
    <FieldFrame name={name} label={label} hint={hint} error={error} wide={wide}>
      {(describedBy) => {
        const control = (
          <input
            {...input}
            id={name}
            name={name}
            className={className ? `field__input ${className}` : "field__input"}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        );
        return after ? (
          <div className="field__row">
            {control}
            {after}
          </div>
        ) : (
          control
        );
      }}
    </FieldFrame>
  );
}
