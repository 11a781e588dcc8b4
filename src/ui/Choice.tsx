import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { FieldFrame } from "./Field";

interface Option {
  value: string;
  label: string;
}

/** A select with label, hint and error in the GOV.UK order. */
export function SelectField({
  name,
  label,
  hint,
  error,
  options,
  ...select
}: { name: string; label: ReactNode; hint?: ReactNode; error?: string; options: readonly Option[] } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  "id"
>) {
  return (
    <FieldFrame name={name} label={label} hint={hint} error={error}>
      {(describedBy) => (
        <select
          {...select}
          id={name}
          name={name}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** Radios in a fieldset; the first radio carries the group's id so the error summary can focus it. */
export function RadioGroup({
  name,
  legend,
  error,
  options,
  value,
  onChange,
  autoComplete,
}: {
  name: string;
  legend: ReactNode;
  error?: string;
  options: readonly Option[];
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
}) {
  const errorId = useId();
  return (
    <fieldset className={error ? "field field--error radios" : "field radios"} aria-describedby={error ? errorId : undefined} part="field">
      <legend className="field__label">{legend}</legend>
      {error && (
        <span className="field__error" id={errorId}>
          {error}
        </span>
      )}
      {options.map((o, i) => (
        <label className="radio" key={o.value}>
          <input
            type="radio"
            id={i === 0 ? name : undefined}
            name={name}
            value={o.value}
            checked={value === o.value}
            autoComplete={autoComplete}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
