import { useLingui } from "@lingui/react/macro";
import { useRef, useState, type FormEvent } from "react";
import { can, ROLES, type Role } from "../../contract/permissions";
import type { RuleProblem } from "../../contract/rules";
import { InvitationRequest, type TeamAnswer, type TeamInvitation, type TeamMember, type TeamStatus } from "../../contract/team";
import { ApiError } from "../../core/errors";
import { formatDate } from "../../core/format";
import { selectCompany, selectRole } from "../../core/store";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/Choice";
import { useElement, useMacc, useNavigation } from "../../ui/context";
import { ErrorSummary } from "../../ui/ErrorSummary";
import { Field } from "../../ui/Field";
import { fieldErrorsOf, formErrors } from "../../ui/field-errors";
import { LoadError, LoggedOut } from "../../ui/LoadError";
import { Modal } from "../../ui/Modal";
import { PageTitle } from "../../ui/PageTitle";
import { useForm } from "../../ui/useForm";
import { useResource } from "../../ui/useResource";
import { useRoleLabels } from "../../ui/useRoleLabels";
import { TEAM_ICON } from "./icons";
import { getTeam, inviteMember, removeMember, resendInvitation, revokeInvitation, updateMember } from "./team-api";

/** A state as the team list says it. */
function useStatusLabels(): Record<TeamStatus, string> {
  const { t } = useLingui();
  return { active: t`Active`, suspended: t`Suspended`, invited: t`Invited`, expired: t`Invitation expired`, ended: t`Access ended` };
}

/** The sentence of a refused change: the API's, in the page's language, or a generic one. */
function useFailure() {
  const { t } = useLingui();
  return (error: unknown) =>
    error instanceof ApiError && [409, 422, 429].includes(error.status) && error.problem.detail
      ? error.problem.detail
      : t`That did not work. Please try again in a moment.`;
}

/** `<macc-team>` (TEAM): the chosen company's members and invitations; its owner invites and manages them. */
export function Team() {
  const { t } = useLingui();
  const company = useMacc(selectCompany);
  if (!company) {
    return (
      <LoggedOut icon={TEAM_ICON} title={t`My team`}>
        {t`Log in to see your company's team.`}
      </LoggedOut>
    );
  }
  return <TeamScreen key={company.idTier} />;
}

type Dialog =
  { kind: "change"; member: TeamMember } | { kind: "remove"; member: TeamMember } | { kind: "revoke"; invitation: TeamInvitation };

function TeamScreen() {
  const { t } = useLingui();
  const { request } = useElement();
  const company = useMacc(selectCompany)!;
  const role = useMacc(selectRole);
  const manages = can(role, "team", "W");
  const team = useResource(`team:${company.idTier}`, (signal) => getTeam(request, signal));
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const failure = useFailure();
  const status = useRef<HTMLDivElement>(null);

  const done = (text: string, kind: "success" | "error" = "success") => {
    setNotice({ kind, text });
    team.reload();
  };
  const resend = async (invitation: TeamInvitation) => {
    try {
      await resendInvitation(request, invitation.id);
      done(t`The invitation was sent again to ${invitation.email}.`);
    } catch (error) {
      done(failure(error), "error");
    }
  };

  return (
    <div className="container team" part="team">
      <PageTitle icon={TEAM_ICON}>{t`My team`}</PageTitle>
      <div role="status" ref={status} tabIndex={-1}>
        {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      </div>
      {team.status === "loading" && <Skeleton height="8em" label={t`Loading your team`} />}
      {team.status === "error" && <LoadError message={t`Your team could not be loaded.`} onRetry={team.reload} />}
      {team.status === "ready" && (
        <TeamList
          team={team.data}
          manages={manages}
          onChange={(member) => setDialog({ kind: "change", member })}
          onRemove={(member) => setDialog({ kind: "remove", member })}
          onResend={(invitation) => void resend(invitation)}
          onRevoke={(invitation) => setDialog({ kind: "revoke", invitation })}
        />
      )}
      {manages && <InviteForm onSent={(email) => done(t`The invitation was sent to ${email}. Its link is valid 7 days.`)} />}
      {dialog?.kind === "change" && (
        <ChangeDialog member={dialog.member} onClose={() => setDialog(null)} onDone={(text) => (setDialog(null), done(text))} />
      )}
      {dialog && dialog.kind !== "change" && (
        <ConfirmDialog
          dialog={dialog}
          onClose={() => setDialog(null)}
          onDone={(text) => {
            setDialog(null);
            done(text);
          }}
        />
      )}
    </div>
  );
}

function TeamList({
  team,
  manages,
  onChange,
  onRemove,
  onResend,
  onRevoke,
}: {
  team: TeamAnswer;
  manages: boolean;
  onChange: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
  onResend: (invitation: TeamInvitation) => void;
  onRevoke: (invitation: TeamInvitation) => void;
}) {
  const { t } = useLingui();
  const { locale } = useElement();
  const roles = useRoleLabels();
  const statuses = useStatusLabels();
  const alone = team.members.length <= 1 && team.invitations.length === 0;
  const until = (endsOn: string | null) => (endsOn ? formatDate(locale, endsOn, "long") : t`No end date`);
  return (
    <section aria-labelledby="team-members">
      <h2 id="team-members">{t`Members and invitations`}</h2>
      {alone && <Alert>{t`You are the only member of this company's team for now. Invite your accountant or an employee below.`}</Alert>}
      <ul className="card-list team__list">
        {team.members.map((m) => (
          <li key={m.id} className="card-list__item team__item">
            <p className="card-list__name">
              <strong>{m.name || m.email}</strong>
              {m.name && <span className="team__email">{m.email}</span>}
              {m.you && <span className="badge">{t`you`}</span>}
            </p>
            <dl className="card-list__facts">
              <div>
                <dt>{t`Role`}</dt>
                <dd>{roles[m.role]}</dd>
              </div>
              <div>
                <dt>{t`Status`}</dt>
                <dd>
                  <span className={`team__status team__status--${m.status}`}>{statuses[m.status]}</span>
                </dd>
              </div>
              <div>
                <dt>{t`Access until`}</dt>
                <dd>{until(m.endsOn)}</dd>
              </div>
            </dl>
            {manages && (
              <div className="card-list__actions team__actions">
                <Button variant="secondary" onClick={() => onChange(m)}>
                  {t`Change`}
                  <span className="visually-hidden"> {m.email}</span>
                </Button>
                <Button variant="secondary" onClick={() => onRemove(m)}>
                  {m.you ? t`Leave` : t`Remove`}
                  <span className="visually-hidden"> {m.email}</span>
                </Button>
              </div>
            )}
          </li>
        ))}
        {team.invitations.map((i) => (
          <li key={i.id} className="card-list__item team__item team__item--invitation">
            <p className="card-list__name">
              <strong>{i.email}</strong>
            </p>
            <dl className="card-list__facts">
              <div>
                <dt>{t`Role`}</dt>
                <dd>{roles[i.role]}</dd>
              </div>
              <div>
                <dt>{t`Status`}</dt>
                <dd>
                  <span className={`team__status team__status--${i.status}`}>{statuses[i.status]}</span>
                </dd>
              </div>
              <div>
                <dt>{t`Access until`}</dt>
                <dd>{until(i.endsOn)}</dd>
              </div>
            </dl>
            {manages && (
              <div className="card-list__actions team__actions">
                <Button variant="secondary" onClick={() => onResend(i)}>
                  {t`Send again`}
                  <span className="visually-hidden"> {i.email}</span>
                </Button>
                <Button variant="secondary" onClick={() => onRevoke(i)}>
                  {t`Withdraw`}
                  <span className="visually-hidden"> {i.email}</span>
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type InviteValues = { email: string; role: string; endsOn: string };
const EMPTY: InviteValues = { email: "", role: "", endsOn: "" };

/** The owner's invitation: validated on submit with the contract's schema, what was typed kept after an error. */
function InviteForm({ onSent }: { onSent: (email: string) => void }) {
  const { t } = useLingui();
  const { request, locale } = useElement();
  const nav = useNavigation();
  const roles = useRoleLabels();
  const failure = useFailure();
  const [refused, setRefused] = useState<string | null>(null);
  const say = ({ path, rule, limit, message }: RuleProblem) => {
    if (path === "email") {
      if (rule === "required") return t`Enter the e-mail address of the person to invite`;
      if (rule === "tooLong") return t`The e-mail address must be ${limit} characters or fewer`;
      return t`Enter an e-mail address in the correct format, like name@example.com`;
    }
    if (path === "role") return t`Choose a role`;
    if (path === "endsOn") return message ? t`The end date must be today or later` : t`Enter a real date, for example 30/04/2027`;
    return t`Check this field`;
  };
  const body = (values: InviteValues) => ({ ...values, langue: locale, invitationPath: nav.href("INVITATION") });
  const form = useForm<InviteValues>(
    EMPTY,
    (values) => formErrors(InvitationRequest, body(values), say),
    async (values): Promise<void> => {
      setRefused(null);
      try {
        await inviteMember(request, body(values) as never);
        form.set("email", "");
        form.set("role", "");
        form.set("endsOn", "");
        onSent(values.email.trim().toLowerCase());
      } catch (error) {
        const fields = fieldErrorsOf(error, Object.keys(EMPTY));
        if (fields.length) {
          form.fail(fields);
          return;
        }
        if (error instanceof ApiError && error.status === 409) {
          form.fail([{ field: "email", message: failure(error) }]);
          return;
        }
        setRefused(failure(error));
      }
    },
  );
  return (
    <section aria-labelledby="team-invite" className="team__invite">
      <h2 id="team-invite">{t`Invite someone`}</h2>
      <form noValidate onSubmit={form.onSubmit}>
        <ErrorSummary errors={form.errors} attempt={form.attempt} />
        {refused && <Alert kind="error">{refused}</Alert>}
        <div className="form-grid">
          <Field {...form.bind("email")} type="email" label={t`E-mail address`} autoComplete="off" wide />
          <SelectField
            {...form.bind("role")}
            label={t`Role`}
            hint={t`Accountant: invoices only. Workshop: product fleet and service requests only.`}
            options={[{ value: "", label: t`Choose a role` }, ...ROLES.map((r: Role) => ({ value: r, label: roles[r] }))]}
          />
          <Field {...form.bind("endsOn")} type="date" label={t`Access until (optional)`} hint={t`Access ends after this day.`} />
        </div>
        <div className="actions">
          <Button type="submit" busy={form.submitting}>
            {t`Send the invitation`}
          </Button>
        </div>
      </form>
    </section>
  );
}

function ChangeDialog({ member, onClose, onDone }: { member: TeamMember; onClose: () => void; onDone: (text: string) => void }) {
  const { t } = useLingui();
  const { request } = useElement();
  const roles = useRoleLabels();
  const failure = useFailure();
  const [role, setRole] = useState<Role>(member.role);
  const [endsOn, setEndsOn] = useState(member.endsOn ?? "");
  const [suspended, setSuspended] = useState(member.status === "suspended");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await updateMember(request, member.id, { role, suspended, endsOn: endsOn || null });
      onDone(t`The access of ${member.email} was changed. They have been told by e-mail.`);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t`Change the access of ${member.email}`} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        {error && <Alert kind="error">{error}</Alert>}
        <SelectField
          name="team-change-role"
          label={t`Role`}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          options={ROLES.map((r) => ({ value: r, label: roles[r] }))}
        />
        <Field
          name="team-change-ends"
          type="date"
          label={t`Access until (optional)`}
          hint={t`Access ends after this day.`}
          value={endsOn}
          onChange={(event) => setEndsOn(event.target.value)}
        />
        <div className="field team__check">
          <input id="team-change-suspended" type="checkbox" checked={suspended} onChange={(event) => setSuspended(event.target.checked)} />
          <label htmlFor="team-change-suspended">{t`Suspend access`}</label>
        </div>
        <div className="actions">
          <Button type="submit" busy={busy}>
            {t`Save`}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t`Cancel`}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function ConfirmDialog({
  dialog,
  onClose,
  onDone,
}: {
  dialog: Exclude<Dialog, { kind: "change" }>;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useLingui();
  const { request } = useElement();
  const failure = useFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const email = dialog.kind === "remove" ? dialog.member.email : dialog.invitation.email;
  const self = dialog.kind === "remove" && dialog.member.you;
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      if (dialog.kind === "remove") await removeMember(request, dialog.member.id);
      else await revokeInvitation(request, dialog.invitation.id);
      onDone(dialog.kind === "remove" ? t`${email} no longer has access to the company.` : t`The invitation to ${email} was withdrawn.`);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };
  const title =
    dialog.kind === "revoke"
      ? t`Withdraw the invitation to ${email}?`
      : self
        ? t`Leave this company's team?`
        : t`Remove ${email} from the team?`;
  return (
    <Modal open title={title} onClose={onClose}>
      {error && <Alert kind="error">{error}</Alert>}
      <p>
        {dialog.kind === "revoke"
          ? t`Its link will no longer work.`
          : self
            ? t`You will no longer see this company's data.`
            : t`Their access ends at once, and they are told by e-mail.`}
      </p>
      <div className="actions">
        <Button busy={busy} onClick={() => void confirm()}>
          {dialog.kind === "revoke" ? t`Withdraw` : self ? t`Leave` : t`Remove`}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t`Cancel`}
        </Button>
      </div>
    </Modal>
  );
}
