import { Trans, useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { ChangePasswordRequest } from "../../contract/password";
import type { RuleProblem } from "../../contract/rules";
import { ApiError } from "../../core/errors";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useElement, useMacc } from "../../ui/context";
import { ErrorSummary } from "../../ui/ErrorSummary";
import { LoadError, LoggedOut } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { PasswordField } from "../../ui/PasswordField";
import { RouteLink } from "../../ui/RouteLink";
import { fieldErrorsOf, formErrors } from "../../ui/field-errors";
import { useForm } from "../../ui/useForm";
import { withPasswordRules } from "./new-password-errors";
import { changePassword, getPasswordState } from "./password-api";
import { NewPasswordFields } from "../../ui/new-password/NewPasswordFields";
import { useNewPasswordRules } from "../../ui/new-password/useNewPasswordRules";
import { useResource } from "../../ui/useResource";
import { isLogged } from "../../core/store";
import { PASSWORD_UPDATE_ICON } from "./icons";

const EMPTY: ChangePasswordRequest = { ancienMotDePasse: "", nouveauMotDePasse: "", confirmerMotDePasse: "" };

/**
 * `<macc-password-update>` (MOT_DE_PASSE_UPDATE): old, new and confirmation. Allowed once (SPEC §4): the screen
 * asks first (`GET /me/password`) and, once it was changed, offers the forgotten-password link instead of the form;
 * a change made meanwhile elsewhere still comes back as a 409. On success the account's other sessions end.
 */
export function PasswordUpdate() {
  const { t } = useLingui();
  const { request } = useElement();
  const logged = useMacc(isLogged);
  const email = useMacc((s) => s.auth.user?.infosConnexion.emailLogin);
  const rules = useNewPasswordRules();
  const [outcome, setOutcome] = useState<"done" | "once" | "failed" | null>(null);
  const status = useRef<HTMLDivElement>(null);
  const state = useResource(logged && email ? `password-state:${email}` : null, (signal) => getPasswordState(request, signal));

  // An empty new password or confirmation is worded by the password rules.
  const say = ({ rule, limit }: RuleProblem) =>
    rule === "required" ? t`Enter your current password` : t`This field must be ${limit} characters or fewer`;

  const form = useForm<ChangePasswordRequest>(
    EMPTY,
    (values) => withPasswordRules(rules.validate(values), formErrors(ChangePasswordRequest, values, say)),
    async (values) => {
      setOutcome(null);
      try {
        await changePassword(request, values);
        setOutcome("done");
        form.set("ancienMotDePasse", "");
        form.set("nouveauMotDePasse", "");
        form.set("confirmerMotDePasse", "");
      } catch (error) {
        const fieldErrors = fieldErrorsOf(error, Object.keys(EMPTY));
        if (fieldErrors.length) {
          const wrongOld = fieldErrors.some((e) => e.field === "ancienMotDePasse");
          form.fail(wrongOld ? [{ field: "ancienMotDePasse", message: t`Your old password is invalid.` }] : fieldErrors);
          return;
        }
        setOutcome(error instanceof ApiError && error.status === 409 ? "once" : "failed");
      }
      requestAnimationFrame(() => status.current?.focus());
    },
  );

  if (!logged) {
    return (
      <LoggedOut icon={PASSWORD_UPDATE_ICON} title={t`Change my password`}>
        <Trans>Log in to change your password.</Trans>
      </LoggedOut>
    );
  }

  return (
    <div className="container" part="password-update">
      <PageTitle icon={PASSWORD_UPDATE_ICON}>{t`Change my password`}</PageTitle>
      <div ref={status} tabIndex={-1}>
        {outcome === "done" && (
          <Alert kind="success">
            {t`Your password has been updated.`} <Trans>Your other sessions have been closed.</Trans>
          </Alert>
        )}
        {outcome === "once" && <AlreadyChanged kind="error" />}
        {outcome === "failed" && <Alert kind="error">{t`Your password could not be updated. Please try again later.`}</Alert>}
      </div>
      {state.status === "error" && <LoadError message={t`The password change form cannot be shown right now.`} onRetry={state.reload} />}
      {state.status === "ready" && !state.data.modifiable && outcome === null && (
        <>
          <AlreadyChanged kind="info" />
          <p>
            <RouteLink route="INFOS_PERSONNEL">{t`Back to my information`}</RouteLink>
          </p>
        </>
      )}
      {(state.status === "loading" || (state.status === "ready" && state.data.modifiable)) && (
        // While the state loads, the form itself stands inert in its place: its room at every width
        // and in every language, so nothing moves when it comes.
        <div aria-busy={state.status === "loading"}>
          {state.status === "loading" && (
            <p className="visually-hidden" role="status">
              {t`Checking whether your password can be changed`}
            </p>
          )}
          <form noValidate onSubmit={form.onSubmit} inert={state.status === "loading"}>
            <ErrorSummary errors={form.errors} attempt={form.attempt} />
            <PasswordField {...form.bind("ancienMotDePasse")} label={t`Current password`} autoComplete="current-password" />
            <NewPasswordFields form={form} hint={rules.hint} username={email} />
            <div className="actions">
              <Button type="submit" busy={form.submitting}>
                {t`Change my password`}
              </Button>
              <RouteLink route="INFOS_PERSONNEL">{t`Back to my information`}</RouteLink>
            </div>
          </form>
        </div>
      )}
    </div>
  );
}

/** The one change was made (SPEC §4): the forgotten-password link is the way after that. */
function AlreadyChanged({ kind }: { kind: "info" | "error" }) {
  const { t } = useLingui();
  return (
    <Alert kind={kind}>
      {t`You have already changed your password once. Use 'Forgot password?' to change it again.`}{" "}
      <RouteLink route="MOT_DE_PASSE_OUBLIE">{t`Forgot password?`}</RouteLink>
    </Alert>
  );
}
