import { Trans } from "@lingui/react/macro";
import { useEffect, useRef } from "react";

export interface FieldError {
  field: string;
  message: string;
}

/**
 * GOV.UK error summary: takes focus when it appears so screen readers and keyboard users land
 * on it; each entry moves focus to its field (inside the same shadow root).
 */
export function ErrorSummary({ errors, attempt }: { errors: FieldError[]; attempt: number }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length) ref.current?.focus();
  }, [errors.length, attempt]);
  if (!errors.length) return null;
  const focusField = (field: string) => {
    const root = ref.current?.getRootNode() as ShadowRoot | Document | undefined;
    const target = root?.getElementById?.(field) as HTMLElement | null | undefined;
    target?.focus();
  };
  return (
    <div className="error-summary" ref={ref} tabIndex={-1} role="alert" aria-labelledby="error-summary-title" part="error-summary">
      <h2 id="error-summary-title">
        <Trans>There is a problem</Trans>
      </h2>
      <ul>
        {errors.map((e) => (
          <li key={e.field}>
            <a
              href={`#${e.field}`}
              onClick={(event) => {
                event.preventDefault();
                focusField(e.field);
              }}
            >
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
