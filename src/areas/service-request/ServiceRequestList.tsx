import { useLingui } from "@lingui/react/macro";
import { useRef, useState } from "react";
import { formatDate, formatDateTime } from "../../core/format";
import { selectCompany } from "../../core/store";
import { Alert, Skeleton } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { useElement, useMacc } from "../../ui/context";
import { LoadError, LoggedOut } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useAddressQuery } from "../../ui/useAddressQuery";
import { useResource } from "../../ui/useResource";
import { useServiceRequestStatusLabels } from "../../ui/useServiceRequestStatusLabels";
import { isOpenStatus, type ServiceRequestList as RequestList, type ServiceRequestTimeline } from "../../contract/service-request";
import { SERVICE_REQUEST_ICON } from "./icons";
import { MessageForm } from "./MessageForm";
import { cancelServiceRequest, getTimeline, listServiceRequests } from "./service-request-api";
import { TimelineMedia } from "./TimelineMedia";

type Filter = "open" | "closed";

/** SERVICE_REQUESTS: the account's service requests, open or closed, newest first; `?ref=` opens one's timeline. */
export function ServiceRequestList() {
  const { t } = useLingui();
  const company = useMacc(selectCompany);
  if (!company) {
    return (
      <LoggedOut icon={SERVICE_REQUEST_ICON} title={t`My service requests`}>
        {t`Log in to follow your service requests.`}
      </LoggedOut>
    );
  }
  return <Requests key={company.idTier} />;
}

function Requests() {
  const { t } = useLingui();
  const { locale, request } = useElement();
  const labels = useServiceRequestStatusLabels();
  const query = useAddressQuery("service-requests");
  const params = new URLSearchParams(query.search);
  const filter: Filter = params.get("state") === "closed" ? "closed" : "open";
  const reference = params.get("ref");
  const go = (next: { state?: Filter; ref?: string | null }, replace = false) => {
    const search = new URLSearchParams();
    const state = next.state ?? filter;
    if (state === "closed") search.set("state", "closed");
    const ref = next.ref === undefined ? reference : next.ref;
    if (ref) search.set("ref", ref);
    const text = search.toString();
    query.set(text ? `?${text}` : "", { replace });
  };
  const listKey = `service-requests:${filter}:${locale}`;
  const list = useResource(listKey, (signal) => listServiceRequests(request, filter, signal));
  // Read again after a message, a cancellation or a change of state, the list stays as it was
  // meanwhile: a skeleton in its place would move the timeline below it.
  const lastShown = useRef<{ key: string; data: RequestList } | null>(null);
  if (list.status === "ready") lastShown.current = { key: listKey, data: list.data };
  const shown = list.status === "ready" ? list.data : lastShown.current?.key === listKey ? lastShown.current.data : null;

  return (
    <div className="container service-requests">
      <PageTitle icon={SERVICE_REQUEST_ICON}>{t`My service requests`}</PageTitle>
      <div className="service-requests__filters" role="group" aria-label={t`Show`}>
        <Button
          variant={filter === "open" ? "primary" : "secondary"}
          aria-pressed={filter === "open"}
          onClick={() => go({ state: "open", ref: null })}
        >
          {t`Open`}
        </Button>
        <Button
          variant={filter === "closed" ? "primary" : "secondary"}
          aria-pressed={filter === "closed"}
          onClick={() => go({ state: "closed", ref: null })}
        >
          {t`Closed`}
        </Button>
      </div>
      {list.status === "loading" && !shown && <Skeleton height="6em" label={t`Loading your service requests`} />}
      {list.status === "error" && !shown && <LoadError message={t`Your service requests could not be loaded.`} onRetry={list.reload} />}
      {shown &&
        (shown.requests.length === 0 ? (
          <div>
            <Alert>{filter === "open" ? t`You have no open service request.` : t`You have no closed service request.`}</Alert>
            <RouteLink route="PARC_PRODUITS">{t`Make a request from my product fleet`}</RouteLink>
          </div>
        ) : (
          <ul className="service-requests__list" aria-busy={list.status === "loading" || undefined}>
            {shown.requests.map((r) => (
              <li key={r.reference} className="service-requests__item">
                <a
                  href={`?${new URLSearchParams({ ...(filter === "closed" ? { state: "closed" } : {}), ref: r.reference }).toString()}`}
                  aria-current={r.reference === reference ? "true" : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    go({ ref: r.reference });
                  }}
                >
                  {r.machine.produit} — {r.reference}
                </a>
                <span className={`service-requests__status service-requests__status--${r.status}`}>{labels[r.status]}</span>
                <span>{formatDate(locale, r.createdAt)}</span>
              </li>
            ))}
          </ul>
        ))}
      {reference && <Timeline key={reference} reference={reference} onChanged={list.reload} onClose={() => go({ ref: null })} />}
    </div>
  );
}

function Timeline({ reference, onChanged, onClose }: { reference: string; onChanged: () => void; onClose: () => void }) {
  const { t } = useLingui();
  const { locale, request } = useElement();
  const labels = useServiceRequestStatusLabels();
  const loaded = useResource(`service-request-timeline:${reference}`, (signal) => getTimeline(request, reference, signal));
  const [changed, setChanged] = useState<ServiceRequestTimeline | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const data = changed ?? (loaded.status === "ready" ? loaded.data : null);

  const changedTo = (timeline: ServiceRequestTimeline) => {
    setChanged(timeline);
    onChanged();
  };
  const cancel = async () => {
    setBusy(true);
    setFailed(false);
    try {
      changedTo(await cancelServiceRequest(request, reference));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="service-requests__timeline" aria-labelledby="service-request-timeline">
      <h2 id="service-request-timeline">{t`Request ${reference}`}</h2>
      {loaded.status === "loading" && !data && <Skeleton height="8em" label={t`Loading the request's timeline`} />}
      {loaded.status === "error" && !data && <LoadError message={t`This request could not be loaded.`} onRetry={loaded.reload} />}
      {data && (
        <>
          <p>
            {t`State:`} <strong>{labels[data.status]}</strong>
            {data.technician && <> — {t`handled by ${data.technician}`}</>}
            {data.status === "scheduled" && data.window && (
              <> — {t`visit on ${formatDate(locale, data.window.date, "long")} between ${data.window.from} and ${data.window.to}`}</>
            )}
          </p>
          <ol className="service-requests__entries">
            {data.entries.map((e, i) => (
              <li key={i}>
                <time dateTime={e.at}>{formatDateTime(locale, e.at)}</time>{" "}
                {e.kind === "status" && e.status ? (
                  <strong>{labels[e.status]}</strong>
                ) : (
                  <strong>{e.author === "customer" ? t`Your message` : t`Message from the after-sales service`}</strong>
                )}
                {e.technician && <> — {e.technician}</>}
                {e.window && <> — {t`visit on ${formatDate(locale, e.window.date, "long")} between ${e.window.from} and ${e.window.to}`}</>}
                {e.message && <p className="service-requests__message">{e.message}</p>}
                <TimelineMedia entry={e} />
              </li>
            ))}
          </ol>
          <div role="status">{failed && <Alert kind="error">{t`That did not work. Please try again in a moment.`}</Alert>}</div>
          {isOpenStatus(data.status) && <MessageForm reference={reference} onSent={changedTo} />}
        </>
      )}
      <div className="actions">
        {data?.cancellable && (
          <Button variant="secondary" busy={busy} onClick={() => void cancel()}>
            {t`Cancel this request`}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose}>
          {t`Close the timeline`}
        </Button>
      </div>
    </section>
  );
}
