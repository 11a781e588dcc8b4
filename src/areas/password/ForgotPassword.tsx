import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { ForgotRequest, ResetRequest } from "../../contract/auth";
import type { RuleProblem } from "../../contract/rules";
import { isBotCheckRefusal } from "../../core/bot-check";
import { ApiError, waitMinutes } from "../../core/errors";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useElement } from "../../ui/context";
import { ErrorSummary } from "../../ui/ErrorSummary";
import { Field } from "../../ui/Field";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { fieldErrorsOf, formErrors } from "../../ui/field-errors";
import { useBotCheck, useBotCheckFailure } from "../../ui/useBotCheck";
import { useForm } from "../../ui/useForm";
import { withPasswordRules } from "./new-password-errors";
import { checkResetLink, requestReset, resetPassword } from "./password-api";
import { NewPasswordFields } from "../../ui/new-password/NewPasswordFields";
import { useNewPasswordRules, type NewPassword } from "../../ui/new-password/useNewPasswordRules";
import { useFocusNext } from "../../ui/useFocusNext";
import { FORGOT_PASSWORD_ICON } from "./icons";
import { NotMe } from "./NotMe";

/** The request's fields the forms hold: the page's own path and the link's token are not typed. */
const RequestFields = v.pick(ForgotRequest, ["email"]);
const ResetFields = v.omit(ResetRequest, ["token"]);

/**
 * The reset link brings the customer back to this page with `?token=`. The token is read while
 * rendering (a render may be thrown away and done again, so reading must not change anything) and
 * taken out of the address as soon as the screen is on the page, so that it stays out of history,
 * analytics and error reports.
 */
const tokenInAddress = (): string | null => new URL(location.href).searchParams.get("token");
/** A security alert's "this wasn't me" link (`?alerte=`), taken out of the address the same way. */
const alertInAddress = (): string | null => new URL(location.href).searchParams.get("alerte");

function removeTokenFromAddress(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has("token") && !url.searchParams.has("alerte")) return;
  url.searchParams.delete("token");
  url.searchParams.delete("alerte");
  history.replaceState(history.state, "", url);
}

/**
 * `<macc-forgot-password>` (MOT_DE_PASSE_OUBLIE): asks for the e-mail address and sends a
 * single-use link; opened from that link, sets the new password.
 */
export function ForgotPassword() {
  const [token, setToken] = useState(tokenInAddress);
  const [alert] = useState(alertInAddress);
  useEffect(removeTokenFromAddress, []);
  const focusNext = useFocusNext();
  // Asking for a new link: the keyboard goes on in the e-mail field of the form that replaces the page.
  const forget = () => {
    setToken(null);
    focusNext("email");
  };
  return (
    <div className="container" part="forgot-password">
      {alert && !token ? <NotMe token={alert} /> : token ? <ResetForm token={token} onRestart={forget} /> : <RequestForm />}
    </div>
  );
}

function RequestForm() {
  const { t } = useLingui();
  const { request } = useElement();
  const botCheck = useBotCheck();
  const botCheckFailure = useBotCheckFailure();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const focusNext = useFocusNext();
  const [failure, setFailure] = useState<string | null>(null);
  const status = useRef<HTMLDivElement>(null);

  const say = ({ rule }: RuleProblem) =>
    rule === "required" ? t`Enter your e-mail address` : t`Enter an e-mail address in the correct format, like name@example.com`;

  const form = useForm(
    { email: "" },
    (values) => formErrors(RequestFields, values, say),
    async ({ email }) => {
      setFailure(null);
      try {
        await requestReset(request, email.trim(), location.pathname, await botCheck.take());
        setSentTo(email.trim());
      } catch (error) {
        setFailure(
          isBotCheckRefusal(error)
            ? botCheckFailure
            : error instanceof ApiError && error.status === 429
              ? t`Too many requests. Please wait ${waitMinutes(error)} min before trying again.`
              : t`We could not send the e-mail. Please try again later.`,
        );
      }
      requestAnimationFrame(() => status.current?.focus());
    },
  );

  if (sentTo) {
    return (
      <>
        <PageTitle icon={FORGOT_PASSWORD_ICON}>{t`Check your e-mails`}</PageTitle>
        <div ref={status} tabIndex={-1}>
          <Alert kind="success">
            {t`If an account exists for ${sentTo}, we have sent it a link to choose a new password. The link is valid for 30 minutes.`}
          </Alert>
        </div>
        <p>
          <Trans>Cannot find it? Check your spam folder, or ask for a new link.</Trans>
        </p>
        <div className="actions">
          <Button
            variant="secondary"
            onClick={() => {
              setSentTo(null);
              focusNext("email");
            }}
          >
            {t`Ask for a new link`}
          </Button>
          <RouteLink route="LOGIN">{t`Back to login`}</RouteLink>
        </div>
      </>
    );
  }

  return (
    <>
      <PageTitle icon={FORGOT_PASSWORD_ICON}>{t`Forgot password`}</PageTitle>
      <p>
        <Trans>Enter the e-mail address of your account. We will send you a link to choose a new password.</Trans>
      </p>
      <div ref={status} tabIndex={-1}>
        {failure && <Alert kind="error">{failure}</Alert>}
      </div>
      <form noValidate onSubmit={form.onSubmit} {...botCheck.startOn}>
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        <Field
          name="email"
          type="email"
          label={t`E-mail address`}
          autoComplete="username"
          spellCheck={false}
          autoCapitalize="none"
          value={form.values.email}
          error={form.errorOf("email")}
          onChange={(e) => form.set("email", e.target.value)}
        />
        <div className="actions">
          <Button type="submit" busy={form.submitting}>
            {t`Send me a link`}
          </Button>
          <RouteLink route="LOGIN">{t`Back to login`}</RouteLink>
        </div>
      </form>
    </>
  );
}

/** The server's answer for a link it can no longer use (unknown, expired, superseded or used). */
const isLinkGone = (error: unknown) => error instanceof ApiError && (error.status === 410 || error.status === 400);

/**
 * Whether the link can still be used, asked as the page opens: a used or expired one says so before
 * anything is typed. A check that fails otherwise leaves the answer to the password's submission.
 */
function useResetLink(token: string) {
  const { request } = useElement();
  const [state, setState] = useState<"checking" | "valid" | "gone">("checking");
  useEffect(() => {
    let current = true;
    const settle = (found: "valid" | "gone") => current && setState((now) => (now === "checking" ? found : now));
    checkResetLink(request, token).then(
      () => settle("valid"),
      (error: unknown) => settle(isLinkGone(error) ? "gone" : "valid"),
    );
    return () => {
      current = false;
    };
  }, [request, token]);
  return { state, gone: () => setState("gone") };
}

function ResetForm({ token, onRestart }: { token: string; onRestart: () => void }) {
  const { t } = useLingui();
  const { request } = useElement();
  const rules = useNewPasswordRules();
  const link = useResetLink(token);
  const [outcome, setOutcome] = useState<"done" | "failed" | null>(null);
  const status = useRef<HTMLDivElement>(null);

  // An empty password is worded by the password rules; the token is not the customer's to type.
  const say = ({ limit }: RuleProblem) => t`This field must be ${limit} characters or fewer`;
  const validate = (values: NewPassword) => withPasswordRules(rules.validate(values), formErrors(ResetFields, values, say));

  const form = useForm({ nouveauMotDePasse: "", confirmerMotDePasse: "" }, validate, async (values) => {
    setOutcome(null);
    try {
      await resetPassword(request, { token, ...values });
      setOutcome("done");
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error, ["nouveauMotDePasse", "confirmerMotDePasse"]);
      if (fieldErrors.length) {
        form.fail(fieldErrors);
        return;
      }
      if (isLinkGone(error)) link.gone();
      else setOutcome("failed");
    }
    requestAnimationFrame(() => status.current?.focus());
  });

  if (outcome === "done") {
    return (
      <>
        <PageTitle icon={FORGOT_PASSWORD_ICON}>{t`Password changed`}</PageTitle>
        <div ref={status} tabIndex={-1}>
          <Alert kind="success">{t`Your password has been changed. You can now log in with it.`}</Alert>
        </div>
        <RouteLink route="LOGIN" className="btn">
          {t`Log in`}
        </RouteLink>
      </>
    );
  }

  if (link.state === "gone") {
    return (
      <>
        <PageTitle icon={FORGOT_PASSWORD_ICON}>{t`Link no longer valid`}</PageTitle>
        <div ref={status} tabIndex={-1}>
          <Alert kind="error">
            {t`This link is no longer valid: it has already been used or is more than 30 minutes old.`}{" "}
            <Button variant="link" onClick={onRestart}>
              {t`Ask for a new link`}
            </Button>
          </Alert>
        </div>
      </>
    );
  }

  return (
    <>
      <PageTitle icon={FORGOT_PASSWORD_ICON}>{t`Choose a new password`}</PageTitle>
      <div ref={status} tabIndex={-1}>
        {outcome === "failed" && <Alert kind="error">{t`Your password could not be changed. Please try again later.`}</Alert>}
      </div>
      {link.state === "checking" ? (
        // The form's height: nothing moves when it comes.
        <Skeleton height="15.5em" label={t`Checking your link`} />
      ) : (
        <form noValidate onSubmit={form.onSubmit}>
          <ErrorSummary errors={form.errors} attempt={form.attempt} />
          <NewPasswordFields form={form} hint={rules.hint} />
          <Button type="submit" busy={form.submitting}>
            {t`Change my password`}
          </Button>
        </form>
      )}
    </>
  );
}
