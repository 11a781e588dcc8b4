import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { NotificationEntry } from "../../contract/notifications";
import { emitFrom } from "../../core/events";
import type { RouteName, RouteParams } from "../../core/routes";
import { Skeleton } from "../Alert";
import { selectCompany } from "../../core/store";
import { useElement, useMacc } from "../context";
import { useNotifications, useNotificationState } from "../notifications";
import { RouteLink } from "../RouteLink";
import { visitWindow } from "./visit";

/** Where each kind of entry leads. */
export function routeOf(entry: NotificationEntry): { route: RouteName; params?: RouteParams } {
  switch (entry.kind) {
    case "freshness":
      return { route: "CONFIRMATION_INFORMATION" };
    case "bank-details":
      return { route: "COORDONNEE_BANCAIRE" };
    case "invitations":
      return { route: "TEAM" };
    case "service-request":
      return { route: "SERVICE_REQUESTS" };
    case "invoices":
      return { route: "FACTURES" };
    case "documents":
      return entry.codeFamille ? { route: "PARC_PRODUITS_DETAIL", params: { codeFamille: entry.codeFamille } } : { route: "PARC_PRODUITS" };
  }
}

/** An entry in words (the banner's link, the notification centre's line). */
export function EntryText({ entry }: { entry: NotificationEntry }): ReactNode {
  const { locale } = useElement();
  const count = entry.count ?? 0;
  switch (entry.kind) {
    case "freshness": {
      const days = entry.dueInDays ?? 0;
      if (days < 0) return <Trans>Confirm your company information (overdue)</Trans>;
      if (days === 0) return <Trans>Confirm your company information (due today)</Trans>;
      return (
        <Plural
          value={days}
          one="Confirm your company information (due in # day)"
          other="Confirm your company information (due in # days)"
        />
      );
    }
    case "bank-details":
      return <Trans>Your new bank details are being validated</Trans>;
    case "invitations":
      return <Plural value={count} one="# invitation is waiting for an answer" other="# invitations are waiting for an answer" />;
    case "service-request": {
      const reference = entry.reference ?? "";
      if (entry.status === "waiting-for-parts") return <Trans>Service request {reference}: waiting for parts</Trans>;
      const visit = entry.visit;
      if (!visit) return <Trans>Service request {reference}: visit scheduled</Trans>;
      const { date, hours } = visitWindow(locale, visit);
      return (
        <Trans>
          Service request {reference}: visit on {date}, {hours}
        </Trans>
      );
    }
    case "invoices":
      return <Plural value={count} one="# new invoice" other="# new invoices" />;
    case "documents":
      return <Plural value={count} one="# new document for your products" other="# new documents for your products" />;
  }
}

/** Tells the page how many entries there are (0 for a visitor), once per change. */
function useTellPage(total: number, actionRequired: number, known: boolean) {
  useEffect(() => {
    if (known) emitFrom(document, "macc-notifications-change", { total, actionRequired });
  }, [total, actionRequired, known]);
}

/**
 * `<macc-action-banner>` and the top of the dashboard: what needs the customer, most urgent first
 * (issue 30). A region with a heading, not an alert: it is there when the page opens, nothing
 * happened. Each entry leads to its screen, and can be dismissed until it changes.
 * `skeleton`: keeps the banner's room while it loads, where what follows waits for it (the
 * dashboard's tiles). On a CMS page, which has painted before the banner could know, a skeleton would
 * push the page down and then, for a customer with nothing to do, pull it back up: nothing is shown
 * until the entries are known.
 */
export function ActionBanner({ skeleton = true }: { skeleton?: boolean }) {
  const { t } = useLingui();
  const notifications = useNotifications();
  const setState = useNotificationState();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLUListElement>(null);
  // Dismissed here, hidden at once while the server records it.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState(false);

  const entries = notifications.data?.entries.filter((e) => !hidden.has(e.key)) ?? [];
  // A visitor, or an account before its company is chosen: nothing is read, nothing shown.
  const visitor = !useMacc((s) => selectCompany(s) !== null);
  const ready = notifications.status === "ready";
  useTellPage(entries.length, entries.filter((e) => e.action).length, ready || visitor);

  if (visitor) return null;
  if (notifications.status === "loading" && !notifications.data) {
    if (!skeleton) return null;
    return (
      <div className="container">
        <div className="action-banner action-banner--loading" part="action-banner" aria-busy="true">
          <Skeleton height="1.5em" width="14em" label={t`Loading what needs your attention`} />
          <Skeleton height="1.25em" />
          <Skeleton height="1.25em" width="70%" />
        </div>
      </div>
    );
  }
  if (notifications.status === "error" && !notifications.data) {
    return (
      <div className="container">
        <div className="action-banner action-banner--error" part="action-banner">
          <p role="status">
            <Trans>What needs your attention cannot be shown right now.</Trans>
          </p>
          <button type="button" className="action-banner__button" onClick={notifications.reload}>
            {t`Try again`}
          </button>
        </div>
      </div>
    );
  }
  if (entries.length === 0) return null;

  const dismiss = async (entry: NotificationEntry, index: number) => {
    setFailed(false);
    setHidden((h) => new Set(h).add(entry.key));
    // Focus stays in the list: on the next entry's link, or the heading when none is left.
    const links = list.current?.querySelectorAll<HTMLAnchorElement>("a");
    const next = links?.[index + 1] ?? links?.[index - 1];
    if (next) next.focus();
    else heading.current?.focus();
    try {
      await setState(entry.key, { fingerprint: entry.fingerprint, state: "dismissed" });
    } catch {
      setHidden((h) => {
        const back = new Set(h);
        back.delete(entry.key);
        return back;
      });
      setFailed(true);
    }
  };
  const markRead = (entry: NotificationEntry) => {
    if (!entry.read) setState(entry.key, { fingerprint: entry.fingerprint, state: "read" }).catch(() => undefined);
  };

  return (
    // The content column of the page (a container in the dashboard's adds nothing).
    <div className="container">
      <section className="action-banner" part="action-banner" aria-labelledby={headingId}>
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          <Trans>What needs your attention</Trans>
        </h2>
        {failed && (
          <p className="action-banner__failed" role="status">
            <Trans>That did not work. Please try again in a moment.</Trans>
          </p>
        )}
        <ul ref={list}>
          {entries.map((entry, index) => (
            <li key={entry.key} className={entry.action ? "action-banner__entry action-banner__entry--action" : "action-banner__entry"}>
              <RouteLink {...routeOf(entry)} onClick={() => markRead(entry)}>
                <EntryText entry={entry} />
              </RouteLink>
              <button type="button" className="action-banner__dismiss" onClick={() => void dismiss(entry, index)}>
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">
                  <Trans>Dismiss:</Trans> <EntryText entry={entry} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
