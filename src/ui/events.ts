/** Public events of the suite (README "Events"): CustomEvents that bubble out of shadow roots. */
export type MaccEventName = "macc-login" | "macc-logout" | "macc-company-change" | "macc-basket-change" | "macc-navigate";

export function emitFrom(target: EventTarget, name: MaccEventName, detail: unknown, cancelable = false): boolean {
  return target.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
}
