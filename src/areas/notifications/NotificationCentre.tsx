import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import * as v from "valibot";
import { NotificationHistoryAnswer, type NotificationHistoryItem } from "../../contract/notifications";
import type { ApiRequest } from "../../core/api";
import { formatDate } from "../../core/format";
import { selectCompany } from "../../core/store";
import { EntryText, routeOf } from "../../ui/action-banner/ActionBanner";
import { Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useElement, useMacc } from "../../ui/context";
import { LoadError, LoggedOut } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useResource } from "../../ui/useResource";
import { NOTIFICATIONS_ICON } from "./icons";

async function getHistory(request: ApiRequest, page: number, signal?: AbortSignal): Promise<NotificationHistoryAnswer> {
  const answer = await request<unknown>("/me/notifications/history", { query: { page: String(page) }, signal, errors: "inline" });
  return v.parse(NotificationHistoryAnswer, answer);
}

/** NOTIFICATIONS: everything the action banner showed, read or not, then each new invoice and document of 12 months, paged. */
export function NotificationCentre() {
  const { t } = useLingui();
  const company = useMacc(selectCompany);
  if (!company) {
    return (
      <LoggedOut icon={NOTIFICATIONS_ICON} title={t`My notifications`}>
        {t`Log in to see your notifications.`}
      </LoggedOut>
    );
  }
  return <Centre key={company.idTier} idTier={company.idTier} />;
}

function Centre({ idTier }: { idTier: string }) {
  const { t } = useLingui();
  const { request } = useElement();
  const [page, setPage] = useState(1);
  const history = useResource(`notification-history:${idTier}:${page}`, (signal) => getHistory(request, page, signal));

  return (
    <div className="container" part="notifications">
      <PageTitle icon={NOTIFICATIONS_ICON}>{t`My notifications`}</PageTitle>
      <p>
        <Trans>What needed your attention in the last 12 months, newest first.</Trans>
      </p>
      {history.status === "loading" && (
        <div aria-busy="true">
          <Skeleton height="3em" label={t`Loading your notifications`} />
          <Skeleton height="3em" />
          <Skeleton height="3em" />
        </div>
      )}
      {history.status === "error" && <LoadError message={t`Your notifications cannot be shown right now.`} onRetry={history.reload} />}
      {history.status === "ready" &&
        (history.data.items.length === 0 ? (
          <p>
            <Trans>No notifications in the last 12 months.</Trans>
          </p>
        ) : (
          <ul className="notifications__list">
            {history.data.items.map((item) => (
              <Item key={item.id} item={item} />
            ))}
          </ul>
        ))}
      {history.status === "ready" && (page > 1 || history.data.more) && (
        <nav className="notifications__pages" aria-label={t`Pages of notifications`}>
          {page > 1 && (
            <Button variant="secondary" onClick={() => setPage((p) => p - 1)}>
              {t`Newer notifications`}
            </Button>
          )}
          {history.data.more && (
            <Button variant="secondary" onClick={() => setPage((p) => p + 1)}>
              {t`Older notifications`}
            </Button>
          )}
        </nav>
      )}
    </div>
  );
}

function Item({ item }: { item: NotificationHistoryItem }) {
  const { locale } = useElement();
  const subject = item.subject ?? "";
  const link = item.entry
    ? routeOf(item.entry)
    : item.kind === "invoice"
      ? { route: "FACTURES" as const }
      : item.codeFamille
        ? { route: "PARC_PRODUITS_DETAIL" as const, params: { codeFamille: item.codeFamille } }
        : { route: "PARC_PRODUITS" as const };
  return (
    <li className={item.read ? "notifications__item" : "notifications__item notifications__item--unread"}>
      <RouteLink {...link}>
        {item.entry ? (
          <EntryText entry={item.entry} />
        ) : item.kind === "invoice" ? (
          <Trans>New invoice {subject}</Trans>
        ) : (
          <Trans>New document: {subject}</Trans>
        )}
      </RouteLink>
      <span className="notifications__meta">
        {!item.read && (
          <span className="notifications__unread">
            <Trans>Unread</Trans>
          </span>
        )}
        <time dateTime={item.at}>{formatDate(locale, item.at, "long")}</time>
      </span>
    </li>
  );
}
