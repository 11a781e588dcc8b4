import { useLingui } from "@lingui/react/macro";
import { PasswordField } from "../PasswordField";
import type { FormState } from "../useForm";
import type { NewPassword } from "./useNewPasswordRules";

/**
 * The new password and its confirmation, with the rules as a hint (SPEC §5). `username`, when known,
 * goes with them unseen, so that a password manager saves the new password for the right account.
 */
export function NewPasswordFields<V extends NewPassword>({
  form,
  hint,
  username,
}: {
  form: FormState<V>;
  hint: string;
  username?: string;
}) {
  const { t } = useLingui();
  return (
    <>
      {username && <input type="email" name="username" autoComplete="username" value={username} readOnly hidden />}
      <PasswordField {...form.bind("nouveauMotDePasse")} label={t`New password`} hint={hint} autoComplete="new-password" />
      <PasswordField {...form.bind("confirmerMotDePasse")} label={t`Confirm the new password`} autoComplete="new-password" />
    </>
  );
}
