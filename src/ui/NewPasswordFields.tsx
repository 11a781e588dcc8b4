import { useLingui } from "@lingui/react/macro";
import { PasswordField } from "./PasswordField";
import type { FormState } from "./useForm";
import type { NewPassword } from "./useNewPasswordRules";

/** The new password and its confirmation, with the rules as a hint (SPEC §5). */
export function NewPasswordFields<V extends NewPassword>({ form, hint }: { form: FormState<V>; hint: string }) {
  const { t } = useLingui();
  return (
    <>
      <PasswordField {...form.bind("nouveauMotDePasse")} label={t`New password`} hint={hint} autoComplete="new-password" />
      <PasswordField {...form.bind("confirmerMotDePasse")} label={t`Confirm the new password`} autoComplete="new-password" />
    </>
  );
}
