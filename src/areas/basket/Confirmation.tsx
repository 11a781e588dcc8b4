import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { formatDateTime } from "../../core/format";
import { isLogged } from "../../core/store";
import { Alert } from "../../ui/Alert";
import { useElement, useMacc, useSitePath } from "../../ui/context";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useBrand } from "../../ui/useBrand";
import type { SentRecord } from "./submission";
import { SENT_ICON } from "./icons";

/**
 * PANIER_VALIDER, SPEC §4: the request is registered, a confirmation message was sent, the company
 * calls back as soon as possible. The mobile is shown in full: the customer just typed it, and can
 * see a mistake in it.
 */
export function Confirmation({ record, announce }: { record: SentRecord; announce: boolean }) {
  const { t } = useLingui();
  const { locale } = useElement();
  const site = useSitePath();
  const brand = useBrand();
  const logged = useMacc(isLogged);
  const status = useRef<HTMLDivElement>(null);
  // Just sent in this element: the news takes focus (in the portal, the new page's main does).
  useEffect(() => {
    if (announce) status.current?.focus();
  }, [announce]);
  const { mobile, reference } = record;

  return (
    <div className="container basket-screen" part="basket-screen">
      <PageTitle icon={SENT_ICON}>{t`Basket sent`}</PageTitle>
      <div ref={status} tabIndex={-1}>
        <Alert kind="success">
          <p>{t`Your request has been registered.`}</p>
          <p>
            {record.sms
              ? t`A confirmation message has been sent to ${mobile}.`
              : t`The confirmation message to ${mobile} could not be sent yet: your request is registered all the same.`}
          </p>
          <p>{t`${brand} will call you back as soon as possible.`}</p>
        </Alert>
      </div>
      <dl className="summary-list">
        <div>
          <dt>{t`Reference`}</dt>
          <dd>{reference}</dd>
        </div>
        <div>
          <dt>{t`Sent on`}</dt>
          <dd>{formatDateTime(locale, record.createdAt)}</dd>
        </div>
        <div>
          <dt>{t`Items`}</dt>
          <dd>
            <ul className="basket-sent-items">
              {record.items.map((item) => (
                <li key={item.id}>{item.nom}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <p className="field__hint">
        <Trans>Keep the reference: it helps us find your request if you call us.</Trans>
      </p>
      <div className="actions">
        {logged && (
          <RouteLink route="DASHBOARD" className="btn">
            {t`Back to my account`}
          </RouteLink>
        )}
        <a className={logged ? "btn btn--secondary" : "btn"} href={site("home")}>
          {t`Back to the site`}
        </a>
      </div>
    </div>
  );
}
