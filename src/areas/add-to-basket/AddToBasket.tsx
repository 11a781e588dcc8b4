import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { BASKET_ITEM_ID, BASKET_MAX_ITEMS } from "../../contract/constants";
import { Button } from "../../ui/Button";
import { useElement } from "../../ui/context";
import { RouteLink } from "../../ui/RouteLink";
import { isAvailable } from "./item-api";

export interface AddToBasketProps {
  /** The catalogue id of the item to add. */
  item?: string;
  /** The item's name, said with the button so that several on a page can be told apart. */
  name?: string;
}

type Outcome = { kind: "added"; count: number } | { kind: "already" | "full" | "unavailable" | "failed" };

/**
 * `<macc-add-to-basket item="ID">`: adds one item to the page's stored basket (never replaces it,
 * unlike `?panier=`) and says what happened in a polite live region, with a link to the basket.
 * The store's change is what dispatches `macc-basket-change` and updates the header's count.
 */
export function AddToBasket({ item, name }: AddToBasketProps) {
  const { t } = useLingui();
  const { core, request } = useElement();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = item?.trim() ?? "";

  // Read afresh before and after the catalogue's answer: another element or tab may have added meanwhile.
  const refusal = (): Outcome | null => {
    const { panier } = core.store.getState().app;
    if (panier.includes(id)) return { kind: "already" };
    if (panier.length >= BASKET_MAX_ITEMS) return { kind: "full" };
    return null;
  };

  const add = async () => {
    const before = refusal();
    if (before) return setOutcome(before);
    // An id the API would refuse is one the catalogue does not hold.
    if (!BASKET_ITEM_ID.test(id)) return setOutcome({ kind: "unavailable" });
    setBusy(true);
    try {
      if (!(await isAvailable(request, id))) return setOutcome({ kind: "unavailable" });
      const after = refusal();
      if (after) return setOutcome(after);
      const { app, updatePanier } = core.store.getState();
      updatePanier([...app.panier, id]);
      setOutcome({ kind: "added", count: app.panier.length + 1 });
    } catch {
      setOutcome({ kind: "failed" });
    } finally {
      setBusy(false);
    }
  };

  const label = t`Add to basket`;
  return (
    <div className="add-to-basket">
      <Button busy={busy} aria-label={name ? t`Add to basket: ${name}` : undefined} onClick={() => void add()}>
        {label}
      </Button>
      {/* Always in the page, so that screen readers announce what comes into it. */}
      <p className="add-to-basket__status" role="status">
        {outcome && <Message outcome={outcome} />}
      </p>
    </div>
  );
}

function Message({ outcome }: { outcome: Outcome }) {
  const basketLink = (
    <RouteLink route="PANIER">
      <Trans>See my basket</Trans>
    </RouteLink>
  );
  switch (outcome.kind) {
    case "added":
      return (
        <>
          <Plural value={outcome.count} one="Added: # item in your basket." other="Added: # items in your basket." /> {basketLink}
        </>
      );
    case "already":
      return (
        <>
          <Trans>This item is already in your basket.</Trans> {basketLink}
        </>
      );
    case "full":
      return (
        <>
          <Trans>Your basket is full: it holds {BASKET_MAX_ITEMS} items at most.</Trans> {basketLink}
        </>
      );
    case "unavailable":
      return <Trans>This item is no longer available.</Trans>;
    case "failed":
      return <Trans>The item could not be added right now. Please try again.</Trans>;
  }
}
