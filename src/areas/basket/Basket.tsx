import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { Alert, Skeleton } from "../../ui/Alert";
import { can } from "../../contract/permissions";
import { isLogged, selectRole } from "../../core/store";
import { Button } from "../../ui/Button";
import { useElement, useMacc, useNavigation, useSitePath } from "../../ui/context";
import { LoadError } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { RouteLink } from "../../ui/RouteLink";
import { useResource } from "../../ui/useResource";
import { followInAddress } from "./address";
import { BasketRequestAnswer, type BasketItem, type BasketRequest } from "../../contract/basket";
import type { QueuedSubmission } from "../../core/offline";
import { SavedOffline, useOfflineQueue } from "../../ui/useOfflineQueue";
import { getBasketItems } from "../../core/basket-items";
import { BasketForm } from "./BasketForm";
import { Confirmation } from "./Confirmation";
import { lastSent, rememberSent, type SentRecord } from "./submission";
import { BASKET_ICON } from "./icons";

export interface BasketProps {
  /** "sent" = PANIER_VALIDER: the confirmation of the basket just sent. */
  view?: string;
}

/**
 * `<macc-basket>` (PANIER, and PANIER_VALIDER with view="sent"): the basket's items, the customer's
 * details, and the validation that asks an adviser to call back. Once sent, the element shows its
 * confirmation in place; inside the portal the address moves on to PANIER_VALIDER.
 */
export function Basket({ view }: BasketProps) {
  const [sent, setSent] = useState<{ record: SentRecord; justNow: boolean } | null>(() => {
    const record = view === "sent" ? lastSent() : null;
    return record ? { record, justNow: false } : null;
  });
  const { core } = useElement();
  // A basket saved on this device (no network when it was sent): waiting, refused by the API, or
  // sent since by the page's queue — then its confirmation, and its items leave the basket.
  const offline = useOfflineQueue("basket");
  useEffect(() => {
    const done = offline.entries?.find((e) => e.state === "sent");
    if (!done) return;
    const answer = v.safeParse(BasketRequestAnswer, done.answer);
    if (answer.success) {
      const { reference, createdAt, sms, items } = answer.output;
      const record: SentRecord = { reference, createdAt, sms, items, mobile: (done.body as BasketRequest).mobile };
      rememberSent(record);
      const sentItems = (done.body as BasketRequest).items;
      const store = core.store.getState();
      const rest = store.app.panier.filter((id) => !sentItems.includes(id));
      if (rest.length) store.updatePanier(rest);
      else store.clearPanier();
      setSent({ record, justNow: true });
    }
    void offline.queue.remove(done.key);
  }, [offline.entries, offline.queue, core]);

  if (sent) return <Confirmation record={sent.record} announce={sent.justNow} />;
  if (offline.entries?.some((e) => e.state === "waiting")) return <SavedBasket />;
  if (view === "sent") return <NothingSent />;
  const sendBack = offline.entries?.find((e) => e.state === "refused") ?? null;
  return <BasketScreen sendBack={sendBack} onSent={(record) => setSent({ record, justNow: true })} />;
}

/** The basket waits on this device for a network: said as a status, until the page's queue sends it. */
function SavedBasket() {
  const { t } = useLingui();
  const site = useSitePath();
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => status.current?.focus(), []);
  return (
    <div className="container basket-screen" part="basket-screen">
      <PageTitle icon={BASKET_ICON}>{t`Your basket`}</PageTitle>
      <div ref={status} tabIndex={-1}>
        <SavedOffline>{t`Your basket is saved on this device. It will be sent when you are back online.`}</SavedOffline>
      </div>
      <div className="actions">
        <a className="btn btn--secondary" href={site("home")}>
          {t`Back to the site`}
        </a>
      </div>
    </div>
  );
}

function BasketScreen({ sendBack, onSent }: { sendBack: QueuedSubmission | null; onSent: (record: SentRecord) => void }) {
  const { t } = useLingui();
  const { locale, request } = useElement();
  const nav = useNavigation();
  const panier = useMacc((s) => s.app.panier);
  const updatePanier = useMacc((s) => s.updatePanier);
  const companyId = useMacc((s) => s.auth.companyId);
  const logged = useMacc(isLogged);
  const role = useMacc(selectRole);
  const items = useResource(panier.length ? `basket-items:${locale}:${panier.join(",")}` : null, (signal) =>
    getBasketItems(request, panier, signal),
  );

  // The removed row's button had the focus: it goes to the list's heading, which says how many
  // are left, or to the empty basket's message after the last one (never lost to the page).
  const heading = useRef<HTMLHeadingElement>(null);
  const emptied = useRef(false);
  if (!panier.length) return <EmptyBasket announce={emptied.current} />;

  const remove = (id: string) => {
    const rest = panier.filter((other) => other !== id);
    emptied.current = !rest.length;
    heading.current?.focus();
    updatePanier(rest);
    followInAddress(nav, rest);
  };

  return (
    <div className="container basket-screen" part="basket-screen">
      <PageTitle icon={BASKET_ICON}>{t`Your basket`}</PageTitle>
      <p>
        <Trans>Check the items you are interested in and give us your details: an adviser calls you back to prepare your order.</Trans>
      </p>
      <section className="form-section" aria-labelledby="items">
        <h2 id="items" tabIndex={-1} ref={heading}>
          <Plural value={panier.length} one="# item" other="# items" />
        </h2>
        {items.status === "error" && !items.data ? (
          <LoadError message={t`The items of your basket cannot be shown right now.`} onRetry={items.reload} />
        ) : (
          <ul className="basket-items">
            {panier.map((id) => {
              const item = items.data?.items.find((found) => found.id === id);
              if (item) return <ItemRow key={id} item={item} onRemove={() => remove(id)} />;
              if (items.data?.unknown.includes(id)) return <UnknownRow key={id} id={id} onRemove={() => remove(id)} />;
              return (
                <li key={id} className="basket-item">
                  <Skeleton height="var(--_item-height)" label={t`Loading the item`} />
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {/* Prefilled afresh for another company, after a login on the page or in another language (its
          country and language unless chosen); what was typed stays (userPanier). */}
      {/* Acting for a company whose basket requests the role does not send (issue 29): it says who can. */}
      {companyId && logged && !can(role, "basket", "W") ? (
        <Alert>{t`Your role in this company does not send basket requests: its owner or a member with full access can send this basket.`}</Alert>
      ) : (
        <BasketForm key={`${companyId ?? "visitor"}:${locale}`} panier={panier} sendBack={sendBack} onSent={onSent} />
      )}
    </div>
  );
}

/** The item's picture, the same size whether it has loaded or not, so nothing jumps. */
const PICTURE_SIZE = 96;

function ItemRow({ item, onRemove }: { item: BasketItem; onRemove: () => void }) {
  const { t } = useLingui();
  const { core } = useElement();
  const name = item.nom;
  return (
    <li className="basket-item" part="basket-item">
      {item.image ? (
        <img
          className="basket-item__picture"
          src={new URL(item.image, new URL(core.config.apiBase, location.href)).href}
          alt={t`Picture of ${name}`}
          width={PICTURE_SIZE}
          height={PICTURE_SIZE}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="basket-item__picture" aria-hidden="true" />
      )}
      <div className="basket-item__text">
        <h3 className="basket-item__name">{name}</h3>
        {item.description && <p className="basket-item__description">{item.description}</p>}
      </div>
      <Button variant="secondary" aria-label={t`Remove ${name} from the basket`} onClick={onRemove}>
        {t`Remove`}
      </Button>
    </li>
  );
}

function UnknownRow({ id, onRemove }: { id: string; onRemove: () => void }) {
  const { t } = useLingui();
  return (
    <li className="basket-item basket-item--unknown" part="basket-item">
      <span className="basket-item__picture" aria-hidden="true" />
      <div className="basket-item__text">
        <h3 className="basket-item__name">{t`This item is no longer available`}</h3>
        <p className="basket-item__description">{t`Reference ${id}`}</p>
      </div>
      <Button variant="secondary" aria-label={t`Remove item ${id}, no longer available, from the basket`} onClick={onRemove}>
        {t`Remove`}
      </Button>
    </li>
  );
}

function EmptyBasket({ announce = false }: { announce?: boolean }) {
  const { t } = useLingui();
  const site = useSitePath();
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (announce) status.current?.focus();
  }, [announce]);
  return (
    <div className="container basket-screen" part="basket-screen">
      <PageTitle icon={BASKET_ICON}>{t`Your basket`}</PageTitle>
      <div className="panel basket-empty" role="status" ref={status} tabIndex={-1}>
        <p>{t`Your basket is empty.`}</p>
        <p>
          <Trans>Add the products you are interested in from our site: an adviser then calls you back.</Trans>
        </p>
        <a className="btn" href={site("home")}>
          {t`Back to the site`}
        </a>
      </div>
    </div>
  );
}

/** PANIER_VALIDER opened with no basket sent from this tab: where to go instead. */
function NothingSent() {
  const { t } = useLingui();
  const site = useSitePath();
  const count = useMacc((s) => s.app.panier.length);
  return (
    <div className="container basket-screen" part="basket-screen">
      <PageTitle icon={BASKET_ICON}>{t`Your basket`}</PageTitle>
      <div className="panel basket-empty" role="status">
        <p>{t`No basket has been sent from this page recently.`}</p>
        <div className="actions">
          {count > 0 && (
            <RouteLink route="PANIER" className="btn">
              {t`See my basket`}
            </RouteLink>
          )}
          <a className={count > 0 ? "btn btn--secondary" : "btn"} href={site("home")}>
            {t`Back to the site`}
          </a>
        </div>
      </div>
    </div>
  );
}
