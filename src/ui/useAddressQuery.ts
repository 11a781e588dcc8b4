import { useCallback, useSyncExternalStore } from "react";
import { useNavigation, type AddressQuery } from "./context";

const STATE_EVENT = "macc-history-state";

function subscribe(onChange: () => void) {
  window.addEventListener("popstate", onChange);
  window.addEventListener(STATE_EVENT, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(STATE_EVENT, onChange);
  };
}

const entryState = (): Record<string, unknown> =>
  history.state !== null && typeof history.state === "object" ? (history.state as Record<string, unknown>) : {};

/**
 * A screen's state as a query string kept with the address, so Back, Forward and a reload return
 * to it. Inside `<macc-portal>` it is the route's own query string (a shareable address). A
 * standalone element keeps it in the host page's history entry (`history.state[key]`) instead:
 * the CMS page's address and its own parameters are left as they are.
 */
export function useAddressQuery(key: string): AddressQuery {
  const portal = useNavigation().query;
  const stored = useSyncExternalStore(subscribe, () => {
    const value = entryState()[key];
    return typeof value === "string" ? value : "";
  });
  const set = useCallback(
    (search: string, { replace }: { replace: boolean }) => {
      const state = { ...entryState(), [key]: search };
      if (replace) history.replaceState(state, "");
      else history.pushState(state, "");
      window.dispatchEvent(new Event(STATE_EVENT));
    },
    [key],
  );
  return portal ?? { search: stored, set };
}
