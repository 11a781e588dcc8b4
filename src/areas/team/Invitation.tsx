import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { AcceptInvitationRequest, INVITATION_ENDS, type InvitationAccepted, type InvitationEnd } from "../../contract/team";
import type { RuleProblem } from "../../contract/rules";
import { ApiError } from "../../core/errors";
import { formatDate } from "../../core/format";
import { isLogged } from "../../core/store";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useElement, useMacc, useNavigation } from "../../ui/context";
import { ErrorSummary } from "../../ui/ErrorSummary";
import { Field } from "../../ui/Field";
import { fieldErrorsOf, formErrors } from "../../ui/field-errors";
import { NewPasswordFields } from "../../ui/new-password/NewPasswordFields";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useForm } from "../../ui/useForm";
import { useNewPasswordRules } from "../../ui/new-password/useNewPasswordRules";
import { useResource } from "../../ui/useResource";
import { useRoleLabels } from "../../ui/useRoleLabels";
import { INVITATION_ICON } from "./icons";
import { acceptInvitation, joinInvitation, viewInvitation } from "./team-api";

/** The link's token, kept for the tab once out of the address (a login on the way comes back here). */
const SLOT = "macc:invitation";

/** The token of the address (then taken out of it: history, analytics and error reports never see it), or the tab's. */
function tokenOfPage(): string | null {
  const url = new URL(location.href);
  const token = url.searchParams.get("token");
  if (token) {
    try {
      sessionStorage.setItem(SLOT, token);
    } catch {
      // Storage refused: the token stays in the address instead.
      return token;
    }
    url.searchParams.delete("token");
    history.replaceState(history.state, "", url);
    return token;
  }
  try {
    return sessionStorage.getItem(SLOT);
  } catch {
    return null;
  }
}

function endOf(error: unknown): InvitationEnd | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 410) {
    const { reason } = error.problem as { reason?: unknown };
    return INVITATION_ENDS.find((end) => end === reason) ?? "unknown";
  }
  return error.status === 422 ? "unknown" : null;
}

/**
 * INVITATION: where the invitation's link leads. Opening it accepts nothing (a mail scanner may open
 * it): the page says who invites to what, and its button accepts, with a new account or, logged in
 * with the invited address, the account's own.
 */
export function Invitation() {
  const { t } = useLingui();
  const [token] = useState(tokenOfPage);
  return (
    <div className="container invitation" part="invitation">
      <PageTitle icon={INVITATION_ICON}>{t`Invitation`}</PageTitle>
      {token ? <Invited token={token} /> : <Ended end="unknown" />}
    </div>
  );
}

function Ended({ end }: { end: InvitationEnd }) {
  const { t } = useLingui();
  return (
    <Alert kind="error">
      {end === "accepted"
        ? t`This invitation has already been accepted. Log in to reach the company.`
        : t`This invitation link is no longer valid. Ask the owner of the company's account to send you a new one.`}{" "}
      <RouteLink route="LOGIN">{t`Log in`}</RouteLink>
    </Alert>
  );
}

function Invited({ token }: { token: string }) {
  const { t } = useLingui();
  const { request, locale, core } = useElement();
  const nav = useNavigation();
  const logged = useMacc(isLogged);
  const email = useMacc((s) => s.auth.user?.infosConnexion.emailLogin);
  const roles = useRoleLabels();
  const view = useResource(`invitation:${token}`, (signal) => viewInvitation(request, token, signal));
  const [accepted, setAccepted] = useState<InvitationAccepted | null>(null);
  const [choice, setChoice] = useState<"new" | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [joining, setJoining] = useState(false);

  useEffect(() => {
    if (accepted) {
      try {
        sessionStorage.removeItem(SLOT);
      } catch {
        // Nothing kept.
      }
    }
  }, [accepted]);

  if (view.status === "loading") return <Skeleton height="8em" label={t`Loading the invitation`} />;
  if (view.status === "error") {
    const end = endOf(view.error);
    return end ? <Ended end={end} /> : <Alert kind="error">{t`The invitation could not be loaded. Please try again in a moment.`}</Alert>;
  }
  const invitation = view.data;
  const role = roles[invitation.role];
  if (accepted) {
    return (
      <div>
        <Alert kind="success">
          {t`Welcome to the team of ${accepted.company}, with the role ${roles[accepted.role]}.`}{" "}
          {logged ? t`Choose the company to start.` : t`Log in with ${accepted.email} to start.`}
        </Alert>
        <p>
          {logged ? (
            <RouteLink route="CHOIX_ENTREPRISE">{t`Choose a company`}</RouteLink>
          ) : (
            <RouteLink route="LOGIN">{t`Log in`}</RouteLink>
          )}
        </p>
      </div>
    );
  }

  const join = async () => {
    setJoining(true);
    setJoinError(null);
    try {
      const done = await joinInvitation(request, token);
      // The new company's token comes with the session's next renewal.
      await core.session.refresh().catch(() => false);
      setAccepted(done);
    } catch (error) {
      const end = endOf(error);
      setJoinError(
        error instanceof ApiError && error.status === 403
          ? t`This invitation was sent to ${invitation.email}. Log out, then log in with that address.`
          : end
            ? t`This invitation link is no longer valid. Ask the owner of the company's account to send you a new one.`
            : t`That did not work. Please try again in a moment.`,
      );
    } finally {
      setJoining(false);
    }
  };
  const logIn = () => {
    core.store.getState().addRedirection(location.pathname);
    nav.go("LOGIN");
  };

  return (
    <>
      <p className="invitation__lead">
        {invitation.endsOn
          ? t`${invitation.company} invites ${invitation.email} to its customer area, with the role ${role}, until ${formatDate(locale, invitation.endsOn, "long")}.`
          : t`${invitation.company} invites ${invitation.email} to its customer area, with the role ${role}.`}
      </p>
      <p>{t`This invitation is valid until ${formatDate(locale, invitation.expiresAt, "long")}.`}</p>
      {logged ? (
        <div>
          {joinError && <Alert kind="error">{joinError}</Alert>}
          {email !== invitation.email && (
            <Alert>{t`You are logged in as ${email ?? ""}: the invitation was sent to ${invitation.email}.`}</Alert>
          )}
          <div className="actions">
            <Button busy={joining} onClick={() => void join()}>
              {t`Accept and add the company to my account`}
            </Button>
          </div>
        </div>
      ) : choice === "new" ? (
        <NewAccount token={token} pays={invitation.pays} email={invitation.email} onAccepted={setAccepted} />
      ) : (
        <div className="invitation__choices">
          <section aria-labelledby="invitation-new">
            <h2 id="invitation-new">{t`I am new here`}</h2>
            <p>{t`Create your account with ${invitation.email}: choose a password and give your mobile number.`}</p>
            <Button onClick={() => setChoice("new")}>{t`Accept and create my account`}</Button>
          </section>
          <section aria-labelledby="invitation-known">
            <h2 id="invitation-known">{t`I already have an account`}</h2>
            <p>{t`Log in with ${invitation.email}, then accept: the company is added to your account.`}</p>
            <Button variant="secondary" onClick={logIn}>
              {t`Log in to accept`}
            </Button>
          </section>
        </div>
      )}
    </>
  );
}

type NewAccountValues = { mobile: string; nouveauMotDePasse: string; confirmerMotDePasse: string };

function NewAccount({
  token,
  pays,
  email,
  onAccepted,
}: {
  token: string;
  pays: string;
  email: string;
  onAccepted: (accepted: InvitationAccepted) => void;
}) {
  const { t } = useLingui();
  const { request } = useElement();
  const rules = useNewPasswordRules();
  const [refused, setRefused] = useState<string | null>(null);
  const body = (values: NewAccountValues) => ({
    token,
    pays,
    mobile: values.mobile,
    motDePasse: values.nouveauMotDePasse,
    confirmerMotDePasse: values.confirmerMotDePasse,
  });
  const say = ({ path, rule }: RuleProblem) =>
    path === "mobile" ? (rule === "required" ? t`Enter your mobile number` : t`Enter a valid mobile number, like 06 12 34 56 78`) : "";
  const form = useForm<NewAccountValues>(
    { mobile: "", nouveauMotDePasse: "", confirmerMotDePasse: "" },
    (values) => [...formErrors(AcceptInvitationRequest, body(values), say).filter((e) => e.field === "mobile"), ...rules.validate(values)],
    async (values): Promise<void> => {
      setRefused(null);
      try {
        onAccepted(await acceptInvitation(request, body(values)));
      } catch (error) {
        const fields = fieldErrorsOf(error, ["mobile", "motDePasse", "confirmerMotDePasse"]).map((e) => ({
          ...e,
          field: e.field === "motDePasse" ? "nouveauMotDePasse" : e.field,
        }));
        if (fields.length) {
          form.fail(fields);
          return;
        }
        setRefused(
          error instanceof ApiError && (error.status === 409 || error.status === 410) && error.problem.detail
            ? error.problem.detail
            : t`Your account could not be created. Please try again in a moment.`,
        );
      }
    },
  );
  return (
    <form noValidate onSubmit={form.onSubmit} className="invitation__form">
      <h2>{t`Create my account`}</h2>
      <ErrorSummary errors={form.errors} attempt={form.attempt} />
      {refused && <Alert kind="error">{refused}</Alert>}
      <Field name="invitation-email" label={t`E-mail address`} value={email} readOnly autoComplete="username" />
      <Field {...form.bind("mobile")} type="tel" label={t`Mobile phone`} autoComplete="tel" />
      <NewPasswordFields form={form} hint={rules.hint} />
      <div className="actions">
        <Button type="submit" busy={form.submitting}>
          {t`Create my account and join`}
        </Button>
      </div>
    </form>
  );
}
