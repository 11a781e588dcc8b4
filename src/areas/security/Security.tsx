import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { ACTIVITY_FILTER_NAMES, type ActivityAnswer, type ActivityEntry, type ActivityFilter, type Device } from "../../contract/security";
import { ApiError } from "../../core/errors";
import { formatDateTime } from "../../core/format";
import { isLogged, selectCompany } from "../../core/store";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { SelectField } from "../../ui/Choice";
import { useElement, useMacc } from "../../ui/context";
import { LoadError, LoggedOut } from "../../ui/LoadError";
import { Modal } from "../../ui/Modal";
import { PageTitle } from "../../ui/PageTitle";
import { useResource } from "../../ui/useResource";
import { useRoleLabels } from "../../ui/useRoleLabels";
import { SECURITY_ICON } from "./icons";
import { getActivity, getDevices, signOutDevice, signOutOtherDevices } from "./security-api";

/** `<macc-security>` (SECURITY): the account's signed-in devices and its activity log. */
export function Security() {
  const { t } = useLingui();
  const logged = useMacc(isLogged);
  if (!logged) {
    return (
      <LoggedOut icon={SECURITY_ICON} title={t`Security`}>
        {t`Log in to see your devices and your account's activity.`}
      </LoggedOut>
    );
  }
  return <SecurityScreen />;
}

type Notice = { kind: "success" | "error"; text: string };

function SecurityScreen() {
  const { t } = useLingui();
  const [notice, setNotice] = useState<Notice | null>(null);
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) status.current?.focus();
  }, [notice]);
  return (
    <div className="container security" part="security">
      <PageTitle icon={SECURITY_ICON}>{t`Security`}</PageTitle>
      <div role="status" ref={status} tabIndex={-1}>
        {notice && <Alert kind={notice.kind}>{notice.text}</Alert>}
      </div>
      <Devices onNotice={setNotice} />
      <Activity />
    </div>
  );
}

/** "Chrome 124 · Windows" (the products' own names), or what is known of it. */
function useDeviceName() {
  const { t } = useLingui();
  return ({ browser, system }: { browser?: string; system?: string }) =>
    [browser, system].filter(Boolean).join(" · ") || t`Unknown browser`;
}

/** The sentence of a refused action: generic (the API has nothing the customer can change). */
function useFailure() {
  const { t } = useLingui();
  return (error: unknown) =>
    error instanceof ApiError && error.status === 404
      ? t`This device was already signed out.`
      : t`That did not work. Please try again in a moment.`;
}

function Devices({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const { t } = useLingui();
  const { request, locale } = useElement();
  const devices = useResource("security:devices", (signal) => getDevices(request, signal));
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const name = useDeviceName();
  const failure = useFailure();
  const others = devices.status === "ready" ? devices.data.devices.filter((d) => !d.current) : [];

  const signOut = async (device: Device) => {
    setBusy(device.id);
    try {
      await signOutDevice(request, device.id);
      onNotice({ kind: "success", text: t`${name(device)} was signed out.` });
    } catch (error) {
      onNotice({ kind: "error", text: failure(error) });
    } finally {
      setBusy(null);
      devices.reload();
    }
  };

  return (
    <section aria-labelledby="security-devices" className="security__section">
      <h2 id="security-devices">{t`Signed-in devices`}</h2>
      <p className="security__intro">{t`The browsers where your account is signed in now. Sign out the ones you do not recognise.`}</p>
      {devices.status === "loading" && <Skeleton height="9em" label={t`Loading your devices`} />}
      {devices.status === "error" && <LoadError message={t`Your devices could not be loaded.`} onRetry={devices.reload} />}
      {devices.status === "ready" && (
        <>
          <ul className="card-list security__devices" part="devices">
            {devices.data.devices.map((d) => (
              <li key={d.id} className="card-list__item security__device" part="device">
                <p className="card-list__name">
                  <strong>{name(d)}</strong>
                  {d.current && <span className="badge">{t`This device`}</span>}
                </p>
                <dl className="card-list__facts">
                  <div>
                    <dt>{d.place ? t`Place (approximate)` : t`Address`}</dt>
                    <dd>{d.place ?? d.address ?? t`Unknown`}</dd>
                  </div>
                  <div>
                    <dt>{t`Signed in`}</dt>
                    <dd>{formatDateTime(locale, d.firstUsedAt)}</dd>
                  </div>
                  <div>
                    <dt>{t`Last used`}</dt>
                    <dd>{formatDateTime(locale, d.lastUsedAt)}</dd>
                  </div>
                </dl>
                <div className="card-list__actions">
                  {!d.current && (
                    <Button variant="secondary" part="device-sign-out" busy={busy === d.id} onClick={() => void signOut(d)}>
                      {t`Sign out`}
                      <span className="visually-hidden"> {name(d)}</span>
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <div className="actions">
              <Button variant="secondary" part="sign-out-others" onClick={() => setConfirming(true)}>
                {t`Sign out all other devices`}
              </Button>
            </div>
          ) : (
            <p className="security__none">{t`No other device is signed in.`}</p>
          )}
        </>
      )}
      {confirming && (
        <SignOutOthersDialog
          count={others.length}
          onClose={() => setConfirming(false)}
          onDone={(notice) => {
            setConfirming(false);
            onNotice(notice);
            devices.reload();
          }}
        />
      )}
    </section>
  );
}

function SignOutOthersDialog({ count, onClose, onDone }: { count: number; onClose: () => void; onDone: (notice: Notice) => void }) {
  const { t } = useLingui();
  const { request } = useElement();
  const failure = useFailure();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const { signedOut } = await signOutOtherDevices(request);
      onDone({ kind: "success", text: t`Every other device was signed out (${signedOut}).` });
    } catch (e) {
      setError(failure(e));
      setBusy(false);
    }
  };
  return (
    <Modal open title={t`Sign out all other devices?`} onClose={onClose}>
      {error && <Alert kind="error">{error}</Alert>}
      <p>{t`Devices signed in now, other than this one: ${count}. They will have to log in again.`}</p>
      <div className="actions">
        <Button busy={busy} onClick={() => void confirm()}>
          {t`Sign out the others`}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t`Cancel`}
        </Button>
      </div>
    </Modal>
  );
}

/** What each filter of the activity list is called. */
function useFilterLabels(): Record<ActivityFilter | "", string> {
  const { t } = useLingui();
  return {
    "": t`All activity`,
    "sign-ins": t`Sign-ins and devices`,
    account: t`Personal data, e-mail and password`,
    company: t`Bank details`,
    team: t`Team and invitations`,
    requests: t`Basket and service requests`,
  };
}

/** What a line of the log says happened. */
function useDescribe() {
  const { t } = useLingui();
  const roles = useRoleLabels();
  return ({ kind, count, detail }: ActivityEntry): string => {
    const email = detail.email ?? "";
    const role = detail.role ? roles[detail.role] : "";
    const reference = detail.reference ?? "";
    const company = detail.company ?? "";
    switch (kind) {
      case "login":
        return t`Logged in`;
      case "login-failed":
        return t`Failed login attempts: ${count}`;
      case "company-switch":
        return company ? t`Opened the company ${company}` : t`Opened a company`;
      case "device-signed-out":
        return detail.change === "others" ? t`Signed out all other devices` : t`Signed out a device`;
      case "profile":
        return t`Personal information saved`;
      case "email":
        if (detail.change === "applied") return t`Login e-mail address changed`;
        if (detail.change === "cancelled") return t`Login e-mail address change cancelled`;
        return t`Login e-mail address change requested`;
      case "password":
        return detail.change === "reset" ? t`Password reset` : t`Password changed`;
      case "bank-details":
        return detail.last4 ? t`Bank details change sent (IBAN ending ${detail.last4})` : t`Bank details change sent`;
      case "invitation":
        if (detail.change === "accepted") return t`Joined ${company} as ${role}`;
        if (detail.change === "resent") return t`Invitation sent again to ${email}`;
        if (detail.change === "revoked") return t`Invitation to ${email} withdrawn`;
        return t`${email} invited as ${role}`;
      case "member":
        if (detail.change === "removed") return t`${email} removed from the team`;
        if (detail.change === "suspended") return t`Access of ${email} suspended`;
        if (detail.change === "reinstated") return t`Access of ${email} restored`;
        if (detail.change === "ends") return t`Last day of access of ${email} changed`;
        return t`Role of ${email} changed to ${role}`;
      case "basket-request":
        return t`Basket request ${reference} sent`;
      case "service-request":
        return detail.change === "cancelled" ? t`Service request ${reference} cancelled` : t`Service request ${reference} sent`;
      case "secured":
        return t`Every session signed out from a security e-mail`;
    }
  };
}

function Activity() {
  const { t } = useLingui();
  const { request, locale } = useElement();
  const company = useMacc(selectCompany);
  const [kind, setKind] = useState<ActivityFilter | "">("");
  const key = `security:activity:${company?.idTier ?? ""}:${kind}`;
  const first = useResource(key, (signal) => getActivity(request, { kind: kind || null, after: null }, signal));
  // Pages asked with "Show more", after the first (reset when the filter or the company changes).
  const [more, setMore] = useState<{ key: string; pages: ActivityAnswer[] }>({ key, pages: [] });
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const filters = useFilterLabels();
  const describe = useDescribe();
  const name = useDeviceName();

  const pages = first.status === "ready" ? [first.data, ...(more.key === key ? more.pages : [])] : [];
  const entries = pages.flatMap((p) => p.entries);
  const next = pages.at(-1)?.next ?? null;
  const team = pages[0]?.team ?? false;

  const showMore = async () => {
    if (!next) return;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const page = await getActivity(request, { kind: kind || null, after: next });
      setMore((m) => ({ key, pages: [...(m.key === key ? m.pages : []), page] }));
    } catch {
      setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <section aria-labelledby="security-activity" className="security__section">
      <h2 id="security-activity">{t`Activity`}</h2>
      <p className="security__intro">
        {team
          ? t`The last 12 months of your account and of your company's team.`
          : t`The last 12 months of your account: logins, changes and requests.`}
      </p>
      <div className="security__filter">
        <SelectField
          name="security-activity-kind"
          label={t`Show`}
          value={kind}
          onChange={(event) => setKind(event.target.value as ActivityFilter | "")}
          options={[{ value: "", label: filters[""] }, ...ACTIVITY_FILTER_NAMES.map((f) => ({ value: f, label: filters[f] }))]}
        />
      </div>
      {first.status === "loading" && <Skeleton height="14em" label={t`Loading your activity`} />}
      {first.status === "error" && <LoadError message={t`Your activity could not be loaded.`} onRetry={first.reload} />}
      {first.status === "ready" && entries.length === 0 && <Alert>{t`Nothing recorded for this choice in the last 12 months.`}</Alert>}
      {entries.length > 0 && (
        <ol className="security__activity" part="activity">
          {entries.map((e) => {
            const device = e.detail.browser || e.detail.system ? name(e.detail) : null;
            const where = e.detail.place ?? e.detail.address;
            return (
              <li key={e.id} className={`security__line security__line--${e.kind}`} part="activity-entry">
                <p className="security__what">{describe(e)}</p>
                <p className="security__meta">
                  <time dateTime={e.at}>{formatDateTime(locale, e.at)}</time>
                  {e.actor && (
                    <span className="security__actor">
                      {t`By:`} {e.actor}
                    </span>
                  )}
                  {device && <span>{device}</span>}
                  {where && <span>{where}</span>}
                </p>
              </li>
            );
          })}
        </ol>
      )}
      {moreFailed && <Alert kind="error">{t`More activity could not be loaded.`}</Alert>}
      {next && (
        <div className="actions">
          <Button variant="secondary" part="activity-more" busy={loadingMore} onClick={() => void showMore()}>
            {t`Show more`}
          </Button>
        </div>
      )}
    </section>
  );
}
