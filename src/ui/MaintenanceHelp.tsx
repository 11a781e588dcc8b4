import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useLayoutEffect, useMemo, useState } from "react";
import { footerNetwork, readCachedFooter } from "../core/contacts";
import { formatDateTime } from "../core/format";
import { Button } from "./Button";
import { ContactCard, useContactDetails } from "./ContactCard";
import { useElement, useMacc, useNavigation, useSitePath } from "./context";
import { PostalAddress } from "./PostalAddress";
import { addStyles } from "./sheets";
import controlsCss from "./styles/controls.css?inline";
import maintenanceCss from "./styles/maintenance.css?inline";

/**
 * What the maintenance screen offers besides its message: the announced end, "Try again" (asks the
 * API whether it is back) and the site's home, and the contact block of the customer's network.
 * The contact block is the stored copy the footer keeps (SPEC §7): during a maintenance the API
 * cannot be asked for it.
 */
export default function MaintenanceHelp() {
  const { t } = useLingui();
  const { core, locale, theme, host, request } = useElement();
  const end = useMacc((s) => s.maintenanceEnd);
  const network = useMacc((s) => footerNetwork(s, locale, theme));
  const contact = useMemo(() => readCachedFooter(network, locale), [network, locale]);
  const cards = useContactDetails();
  const site = useSitePath();
  const navigation = useNavigation();
  const contactTitle = useId();
  const [check, setCheck] = useState<"idle" | "checking" | "still">("idle");

  useLayoutEffect(() => {
    if (host?.shadowRoot) addStyles(host.shadowRoot, [controlsCss, maintenanceCss]);
  }, [host]);

  const recheck = () => {
    setCheck("checking");
    // A 503 again goes through the error policy (the end may have moved). An answer means it is back:
    // every element shows, and loads afresh, what it showed before; on the maintenance page itself
    // (MAINTENANCE, `<macc-maintenance>`), the customer goes on to their account.
    request("/health", { anonymous: true, errors: "inline" }).then(
      () => (core.store.getState().maintenance ? core.store.getState().setMaintenance(false) : navigation.go("DASHBOARD")),
      () => setCheck("still"),
    );
  };
  const when = end ? formatDateTime(locale, end) : null;

  return (
    <>
      {when && (
        <p className="maintenance__end">
          <Trans>Expected back on {when}</Trans>
        </p>
      )}
      <div className="maintenance__actions">
        <Button busy={check === "checking"} onClick={recheck}>
          {t`Try again`}
        </Button>
        <a className="btn btn--secondary" href={site("home")}>
          {t`Back to the home page`}
        </a>
      </div>
      <p role="status">{check === "still" && t`The service is still under maintenance. Please try again later.`}</p>
      {contact && (
        <section className="maintenance__contact" aria-labelledby={contactTitle}>
          <h2 id={contactTitle}>{t`Contact us`}</h2>
          <PostalAddress contact={contact} />
          <ul className="cards">
            {contact.listSousServices.map((service) => (
              <li key={service.nomSousService}>
                <ContactCard headingLevel={3} contact={cards.ofService(service)} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
