import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Button } from "./Button";
import { Field, type FieldProps } from "./Field";

/** A password input with a show/hide toggle; paste and password managers are never blocked. */
export function PasswordField(props: Omit<FieldProps, "type" | "after">) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? "text" : "password"}
      spellCheck={false}
      autoCapitalize="none"
      after={
        <Button variant="secondary" aria-pressed={shown} aria-controls={props.name} onClick={() => setShown((s) => !s)}>
          {shown ? t`Hide` : t`Show`}
          <span className="visually-hidden"> {t`password`}</span>
        </Button>
      }
    />
  );
}
