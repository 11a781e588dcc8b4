import { footerNetwork, getFooter, QUIET, readCachedFooter } from "../core/contacts";
import { useElement, useMacc } from "./context";
import { useResource } from "./useResource";

/**
 * The company's phone number for "please call us" failure messages: the customer service of
 * the customer's network, from the same contact data the footer shows (usually cached). A failure
 * here only leaves the number out of the message, so it is not reported.
 */
export function useCompanyPhone(): string | null {
  const { locale, theme, request } = useElement();
  const auth = useMacc((s) => s.auth);
  const network = footerNetwork(auth, locale, theme);
  const contacts = useResource(
    `${network}:${locale}`,
    (signal) => getFooter(request, network, locale, signal, QUIET),
    readCachedFooter(network, locale),
  );
  return contacts.data?.listSousServices.find((s) => s.telephone1)?.telephone1 ?? null;
}
