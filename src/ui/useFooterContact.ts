import { FOOTER_TTL_MS, footerKey, getFooter, readCachedFooter } from "../core/contacts";
import type { ErrorDisplay } from "../core/error-policy";
import { useElement } from "./context";
import { useResource } from "./useResource";

/**
 * The contact block of a network (`footerNetwork`, SPEC §7), however many elements need it: one
 * request per page, the stored copy shown at once. `errors: "toast"` for the elements that show
 * the block: a failure also gets the generic toast; the others only note it.
 */
export function useFooterContact(network: string, { errors }: { errors: ErrorDisplay }) {
  const { core, locale, request } = useElement();
  return useResource(footerKey(network, locale), (signal) => getFooter(request, network, locale, signal), {
    initial: readCachedFooter(network, locale),
    ttlMs: FOOTER_TTL_MS,
    onError: errors === "toast" ? core.api.toastFailure : undefined,
  });
}
