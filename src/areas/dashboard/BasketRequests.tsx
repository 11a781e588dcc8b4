import { useLingui } from "@lingui/react/macro";
import { formatDateTime } from "../../core/format";
import { Skeleton } from "../../ui/Alert";
import { useElement } from "../../ui/context";
import { LoadError } from "../../ui/LoadError";
import { useResource } from "../../ui/useResource";
import { getBasketRequests } from "./basket-requests-api";

/**
 * "My basket requests": the baskets the customer sent for this company (date, reference, items,
 * status). Nothing sent yet: the section stays away, the dashboard has nothing to say about it.
 */
export function BasketRequests({ idTier }: { idTier: string }) {
  const { t } = useLingui();
  const { locale, request } = useElement();
  const requests = useResource(`basket-requests:${idTier}`, (signal) => getBasketRequests(request, signal));

  if (requests.status === "ready" && requests.data.length === 0) return null;
  return (
    <section className="basket-requests" aria-labelledby="basket-requests-title" part="basket-requests">
      <h2 id="basket-requests-title">{t`My basket requests`}</h2>
      {requests.status === "loading" && <Skeleton height="6em" label={t`Loading your basket requests`} />}
      {requests.status === "error" && <LoadError message={t`Your basket requests cannot be shown right now.`} onRetry={requests.reload} />}
      {requests.status === "ready" && (
        <ul className="basket-requests__list">
          {requests.data.map((sent) => (
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
