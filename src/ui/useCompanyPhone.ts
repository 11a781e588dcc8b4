import { companyPhone, footerNetwork } from "../core/contacts";
import { useElement, useMacc } from "./context";
import { useFooterContact } from "./useFooterContact";

/**
 * The company's phone number for "please call us" failure messages: the customer service of
 * the customer's network, from the same contact data the footer shows (usually cached). A failure
 * here only leaves the number out of the message, so it is not reported.
 */
export function useCompanyPhone(): string | null {
  const { locale, theme } = useElement();
  const network = useMacc((s) => footerNetwork(s, locale, theme));
  return companyPhone(useFooterContact(network, { errors: "inline" }).data);
}
