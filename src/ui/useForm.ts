import { useCallback, useRef, useState, type FormEvent } from "react";
import type { FieldError } from "./ErrorSummary";

export interface FormState<V> {
  values: V;
  errors: FieldError[];
  /** Bumped on every failed submit so the summary takes focus again. */
  attempt: number;
  submitting: boolean;
  set<K extends keyof V>(key: K, value: V[K]): void;
  errorOf(field: keyof V & string): string | undefined;
  /** name, value, error and onChange for a text field of the form. */
  bind(field: keyof V & string): { name: string; value: string; error?: string; onChange(event: { target: { value: string } }): void };
  onSubmit(event: FormEvent): void;
  /** Errors found by the server after a valid submit (they keep what the user typed). */
  fail(errors: FieldError[]): void;
}

/** The errors in the order of their fields in the form, so the summary reads as the form does; others last. */
export function inFormOrder(errors: FieldError[], form: HTMLFormElement | null): FieldError[] {
  if (!form) return errors;
  const ids = [...form.elements].map((element) => element.id);
  const place = ({ field }: FieldError) => (ids.includes(field) ? ids.indexOf(field) : ids.length);
  return [...errors].sort((a, b) => place(a) - place(b));
}

/**
 * Validate on submit, keep what the user typed, and make double submission impossible:
 * a second submit while one is in flight is ignored.
 */
export function useForm<V extends object>(
  initial: V,
  validate: (values: V) => FieldError[],
  submit: (values: V) => Promise<void>,
): FormState<V> {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const form = useRef<HTMLFormElement | null>(null);

  const fail = useCallback((found: FieldError[]) => {
    setErrors(inFormOrder(found, form.current));
    setAttempt((n) => n + 1);
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (event.currentTarget instanceof HTMLFormElement) form.current = event.currentTarget;
    if (inFlight.current) return;
    const found = validate(values);
    if (found.length) {
      fail(found);
      return;
    }
    setErrors([]);
    inFlight.current = true;
    setSubmitting(true);
    submit(values).finally(() => {
      inFlight.current = false;
      setSubmitting(false);
    });
  };

  return {
    values,
    errors,
    attempt,
    submitting,
    set: (key, value) => setValues((v) => ({ ...v, [key]: value })),
    errorOf: (field) => errors.find((e) => e.field === field)?.message,
    bind: (field) => ({
      name: field,
      value: String(values[field] ?? ""),
      error: errors.find((e) => e.field === field)?.message,
      onChange: (event) => setValues((v) => ({ ...v, [field]: event.target.value })),
    }),
    onSubmit,
    fail,
  };
}
