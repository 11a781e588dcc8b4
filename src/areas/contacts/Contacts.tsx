import { Trans, useLingui } from "@lingui/react/macro";
import { footerNetwork } from "../../core/contacts";
import { Skeleton } from "../../ui/Alert";
import { ContactCard, useContactDetails } from "../../ui/ContactCard";
import { useElement, useMacc } from "../../ui/context";
import { LoadError } from "../../ui/LoadError";
import { PageTitle } from "../../ui/PageTitle";
import { PostalAddress } from "../../ui/PostalAddress";
import { RouteLink } from "../../ui/RouteLink";
import { useBrand } from "../../ui/useBrand";
import { useFooterContact } from "../../ui/useFooterContact";
import { useResource } from "../../ui/useResource";
import { getAdviser } from "../../core/adviser";
import { isLogged, selectCompany } from "../../core/store";
import { CONTACTS_ICON } from "./icons";

/**
 * `<macc-contacts>` (INTERLOCUTEURS, public): the contact services of the page's network, the same
 * data as the footer; a logged-in customer sees their adviser first.
 */
export function Contacts() {
  const { t } = useLingui();
  const { locale, theme, request } = useElement();
  const brand = useBrand();
  const logged = useMacc(isLogged);
  const network = useMacc((s) => footerNetwork(s, locale, theme));
  const services = useFooterContact(network, { errors: "toast" });
  const idTier = useMacc((s) => selectCompany(s)?.idTier);
  // The adviser is a bonus on this page: a failure just leaves the card out.
  const adviser = useResource(idTier ? `adviser:${idTier}:${locale}` : null, (signal) =>
    getAdviser(request, locale, { signal, optional: true }),
  );
  const person = adviser.status === "ready" ? adviser.data.adviser : null;
  const cards = useContactDetails();

  // The page comes whole: an adviser card arriving after the services would push them down.
  const loading = services.status === "loading" || (idTier && adviser.status === "loading");

  return (
    <div className="container" part="contacts">
      <PageTitle icon={CONTACTS_ICON}>{t`Contact us`}</PageTitle>
      {loading ? (
        <Skeleton height="8em" label={t`Loading our contact details`} />
      ) : (
        <>
          {person && (
            <section aria-labelledby="your-adviser">
              <h2 id="your-adviser">{t`Your ${brand} adviser`}</h2>
              <ul className="cards">
                <li>
                  <ContactCard headingLevel={3} contact={cards.ofAdviser(person)} />
                </li>
              </ul>
            </section>
          )}
          <section aria-labelledby="our-services">
            <h2 id="our-services">{t`Our services`}</h2>
            {services.status === "error" && (
              <LoadError message={t`Our contact details cannot be shown right now.`} onRetry={services.reload} />
            )}
            {services.status === "ready" && (
              <>
                <PostalAddress contact={services.data} className="contact-address" />
                <ul className="cards">
                  {services.data.listSousServices.map((service) => (
                    <li key={service.nomSousService}>
                      <ContactCard headingLevel={3} contact={cards.ofService(service)} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <p>
            {logged ? (
              <RouteLink route="FORMULAIRE_CONTACT" className="btn">
                {t`Write to us`}
              </RouteLink>
            ) : (
              <Trans>
                <RouteLink route="LOGIN">Log in</RouteLink> to write to us from your account.
              </Trans>
            )}
          </p>
        </>
      )}
    </div>
  );
}
