import type { RouteName, RouteParams } from "./routes";
import { isLogged, selectCompany, type MaccState, type MaccStore } from "./store";

/** Public events of the suite (README "Events"): CustomEvents that bubble out of shadow roots. */
export interface MaccEventDetails {
  "macc-login": { uuidCompte: string; emailLogin: string; idTier: string | null };
  "macc-logout": { reason: NonNullable<MaccState["logoutReason"]> };
  "macc-company-change": { idTier: string; codeReseau: string };
  "macc-basket-change": { panier: string[] };
  "macc-notifications-change": { total: number; actionRequired: number };
  "macc-navigate": { route: RouteName; params: RouteParams; path: string };
}
export type MaccEventName = keyof MaccEventDetails;

export function emitFrom<N extends MaccEventName>(target: EventTarget, name: N, detail: MaccEventDetails[N], cancelable = false): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
}

/**
 * The state events, emitted on `document` from one place whatever caused the transition: the
 * login form or the end of registration, the header's logout button, the inactivity timer, a
 * session the API ended, the company choice, the basket screen or its `?panier=` sync.
 */
export function emitStateEvents(store: MaccStore, target: EventTarget = document): () => void {
  return store.subscribe((state, previous) => {
    const company = selectCompany(state);
    if (isLogged(state) && !isLogged(previous)) {
      const { uuidCompte, infosConnexion } = state.auth.user!;
      emitFrom(target, "macc-login", { uuidCompte, emailLogin: infosConnexion.emailLogin, idTier: company?.idTier ?? null });
    } else if (!isLogged(state) && isLogged(previous)) {
      emitFrom(target, "macc-logout", { reason: state.logoutReason ?? "expired" });
    } else if (company && state.auth.companyId !== previous.auth.companyId) {
      emitFrom(target, "macc-company-change", { idTier: company.idTier, codeReseau: company.codeReseau });
    }
    if (!samePanier(state.app.panier, previous.app.panier)) emitFrom(target, "macc-basket-change", { panier: state.app.panier });
  });
}

const samePanier = (a: readonly string[], b: readonly string[]) => a === b || (a.length === b.length && a.every((id, i) => id === b[i]));
