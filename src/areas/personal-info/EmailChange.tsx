import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { EMAIL_CHANGE_LINK_ENDS, type EmailChangeLinkEnd } from "../../contract/email-change";
import { ApiError } from "../../core/errors";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { resourceCacheOf } from "../../core/resource-cache";
import { useElement } from "../../ui/context";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { EMAIL_CHANGE_ICON } from "./icons";
import { useApplyProfile } from "./PersonalInfo";
import { getProfile, openEmailChangeLink } from "./profile-api";
import { profileKey } from "./useProfile";

type Link = { kind: "confirm" | "cancel"; token: string };
type Outcome =
  | { state: "working" }
  | { state: "applied"; email: string }
  | { state: "cancelled" }
  | { state: "ended"; end: EmailChangeLinkEnd }
  | { state: "failed" };

/** The link in the address: `?token=` (sent to the new address) applies, `?cancel=` (sent to the old one) cancels. */
function linkInAddress(): Link | null {
  const query = new URL(location.href).searchParams;
  const token = query.get("token");
  const cancel = query.get("cancel");
  return token ? { kind: "confirm", token } : cancel ? { kind: "cancel", token: cancel } : null;
}

/** Taken out of the address once the screen is there: it stays out of history, analytics and error reports. */
function removeLinkFromAddress(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has("token") && !url.searchParams.has("cancel")) return;
  url.searchParams.delete("token");
  url.searchParams.delete("cancel");
  history.replaceState(history.state, "", url);
}

/** The outcome of a failed use: why the link did nothing, or null when the API could not be asked. */
function endOf(error: unknown): EmailChangeLinkEnd | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409) return "taken";
  if (error.status === 410) {
    const { reason } = error.problem as { reason?: unknown };
    return EMAIL_CHANGE_LINK_ENDS.find((end) => end === reason) ?? "unknown";
  }
  return error.status === 400 || error.status === 422 ? "unknown" : null;
}

/**
 * A link is used once: the request is kept per token, so a render done again (or React's
 * development double effects) gets the first answer instead of a "used" second one.
 */
const used = new Map<string, Promise<string | null>>();

/**
 * CHANGEMENT_EMAIL: where the e-mail change's links lead. Opening the page uses the link (a mail
 * scanner that fetches the page without running it changes nothing) and says what happened: applied,
 * cancelled, or why the link no longer works. It works without logging in.
 */
export function EmailChange() {
  const { t } = useLingui();
  const { core, request } = useElement();
  const applyProfile = useApplyProfile();
  const [link] = useState(linkInAddress);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>({ state: "working" });
  const status = useRef<HTMLDivElement>(null);
  useEffect(removeLinkFromAddress, []);

  useEffect(() => {
    if (!link) return;
    const key = `${link.kind}:${link.token}:${attempt}`;
    if (!used.has(key)) used.set(key, openEmailChangeLink(request, link.kind, link.token));
    let current = true;
    used.get(key)!.then(
      (email) => {
        if (!current) return;
        setOutcome(email === null ? { state: "cancelled" } : { state: "applied", email });
        if (email === null) return;
        // The change may be this page's own account: what the page knows of it is read again (a read
        // started before the change is forgotten, not shared), so the header and My information
        // show the new login without a reload.
        const resources = resourceCacheOf(core);
        resources.invalidate(profileKey(""));
        const { companyId } = core.store.getState().auth;
        if (companyId) resources.read(profileKey(companyId), (signal) => getProfile(request, signal)).then(applyProfile, () => undefined);
      },
      (error: unknown) => {
        const end = endOf(error);
        if (current) setOutcome(end ? { state: "ended", end } : { state: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [link, request, attempt, core, applyProfile]);

  const retry = () => {
    setOutcome({ state: "working" });
    setAttempt((n) => n + 1);
    requestAnimationFrame(() => status.current?.focus());
  };

  const confirming = link?.kind !== "cancel";
  const newEmail = outcome.state === "applied" ? outcome.email : "";
  const ended: Record<EmailChangeLinkEnd, string> = {
    applied: confirming
      ? t`This link has already been used: your login e-mail address has been changed.`
      : t`Too late: the change was already made with the link sent to the new address. If you did not ask for it, choose a new password and contact us.`,
    cancelled: t`This change was cancelled. Your login e-mail address has not changed.`,
    superseded: confirming
      ? t`A newer change was asked for after this one. Use the link in the latest e-mail.`
      : t`A newer change was asked for after this one. The latest e-mail has its own link to cancel it.`,
    expired: t`This link has expired (it was valid for 24 hours). Your login e-mail address has not changed.`,
    taken: t`This address is now used by another account: your login e-mail address has not changed.`,
    unknown: t`This link is not valid. Check that you opened the whole link from the e-mail.`,
  };

  const [title, message] = !link
    ? [t`E-mail address change`, <Alert>{t`Open this page from the link in our e-mail.`}</Alert>]
    : outcome.state === "applied"
      ? [t`E-mail address changed`, <Alert kind="success">{t`Your login e-mail address is now ${newEmail}.`}</Alert>]
      : outcome.state === "cancelled"
        ? [
            t`Change cancelled`,
            <Alert kind="success">{t`The change has been cancelled. Your login e-mail address has not changed.`}</Alert>,
          ]
        : outcome.state === "ended"
          ? [t`Link no longer valid`, <Alert kind="error">{ended[outcome.end]}</Alert>]
          : outcome.state === "failed"
            ? [
                t`E-mail address change`,
                <Alert kind="error">
                  {t`We could not check your link. Please try again.`}{" "}
                  <Button variant="link" onClick={retry}>
                    {t`Try again`}
                  </Button>
                </Alert>,
              ]
            : [t`E-mail address change`, <Skeleton height="3.5em" label={t`Checking your link`} />];

  return (
    <div className="container">
      <PageTitle icon={EMAIL_CHANGE_ICON}>{title}</PageTitle>
      <div ref={status} tabIndex={-1}>
        {message}
      </div>
      {(!link || (outcome.state !== "working" && outcome.state !== "failed")) && (
        <p className="actions">
          {outcome.state === "ended" && outcome.end === "applied" && !confirming ? (
            <RouteLink route="MOT_DE_PASSE_OUBLIE" className="btn">
              {t`Choose a new password`}
            </RouteLink>
          ) : (
            <RouteLink route="LOGIN" className="btn">
              {t`Log in`}
            </RouteLink>
          )}
          <RouteLink route="INFOS_PERSONNEL">{t`My information`}</RouteLink>
        </p>
      )}
    </div>
  );
}
