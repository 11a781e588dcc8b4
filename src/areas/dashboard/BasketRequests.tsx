import { useLingui } from "@lingui/react/macro";
import { formatDateTime } from "../../core/format";
import { Skeleton } from "../../ui/Alert";
import type { SummaryAnswer } from "../../contract/profile";
import { useElement } from "../../ui/context";
import { LoadError } from "../../ui/LoadError";
import type { Resource } from "../../ui/useResource";

/**
 * "My basket requests": the baskets the customer sent for this company (date, reference, items,
 * status), from the dashboard's summary. Nothing sent yet: the section stays away, the dashboard
 * has nothing to say about it.
 */
export function BasketRequests({ summary }: { summary: Resource<SummaryAnswer> & { reload: () => void } }) {
  const { t } = useLingui();
  const { locale } = useElement();
  const requests = summary.status === "ready" ? (summary.data.basketRequests ?? []) : [];

  if (summary.status === "ready" && requests.length === 0) return null;
  return (
    <section className="basket-requests" aria-labelledby="basket-requests-title" part="basket-requests">
      <h2 id="basket-requests-title">{t`My basket requests`}</h2>
      {summary.status === "loading" && <Skeleton height="6em" label={t`Loading your basket requests`} />}
      {summary.status === "error" && <LoadError message={t`Your basket requests cannot be shown right now.`} onRetry={summary.reload} />}
      {summary.status === "ready" && (
        <ul className="basket-requests__list">
          {requests.map((sent) => (
            <li key={sent.id} className="basket-request">
              <p className="basket-request__head">
                <span className="basket-request__date">{formatDateTime(locale, sent.createdAt)}</span>
                <span className="basket-request__reference">{t`Reference ${sent.reference}`}</span>
                <span className="badge-status">{sent.status === "sent" ? t`Sent` : sent.status}</span>
              </p>
              <p className="basket-request__items">{sent.items.map((item) => item.nom).join(", ")}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
