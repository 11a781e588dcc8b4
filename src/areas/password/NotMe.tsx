import { useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { ApiError } from "../../core/errors";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useElement } from "../../ui/context";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { FORGOT_PASSWORD_ICON } from "./icons";
import { securityAlertNotMe } from "./password-api";

/**
 * The "this wasn't me" link of a security alert (issue 29) opens the forgotten-password page with
 * `?alerte=`: nothing happens until its button is pressed (a mail scanner opening the link acts on
 * nothing); then every session of the account ends and a reset link is mailed, without a session.
 */
export function NotMe({ token }: { token: string }) {
  const { t } = useLingui();
  const { request } = useElement();
  const [state, setState] = useState<"asking" | "busy" | "done" | "gone" | "failed">("asking");
  const status = useRef<HTMLDivElement>(null);
  const secure = async () => {
    setState("busy");
    try {
      await securityAlertNotMe(request, token, location.pathname);
      setState("done");
    } catch (error) {
      setState(error instanceof ApiError && [400, 410, 422].includes(error.status) ? "gone" : "failed");
    }
    requestAnimationFrame(() => status.current?.focus());
  };
  if (state === "done") {
    return (
      <>
        <PageTitle icon={FORGOT_PASSWORD_ICON}>{t`Your account is secured`}</PageTitle>
        <div ref={status} tabIndex={-1}>
          <Alert kind="success">
            {t`Every session of your account is signed out. We have sent a link to choose a new password to your account's e-mail address; it is valid for 30 minutes.`}
          </Alert>
        </div>
        <RouteLink route="LOGIN">{t`Back to login`}</RouteLink>
      </>
    );
  }
  return (
    <>
      <PageTitle icon={FORGOT_PASSWORD_ICON}>{t`This wasn't me`}</PageTitle>
      <div ref={status} tabIndex={-1}>
        {state === "gone" && (
          <Alert kind="error">{t`This link is no longer valid: it has already been used or is more than 7 days old. Ask for a new password below.`}</Alert>
        )}
        {state === "failed" && <Alert kind="error">{t`That did not work. Please try again in a moment.`}</Alert>}
      </div>
      {state !== "gone" && (
        <>
          <p>{t`If you did not do what the e-mail told you about, someone may be using your account. This signs out every session of your account and sends you a link to choose a new password.`}</p>
          <div className="actions">
            <Button busy={state === "busy"} onClick={() => void secure()}>
              {t`Sign out everywhere and reset my password`}
            </Button>
          </div>
        </>
      )}
    </>
  );
}
