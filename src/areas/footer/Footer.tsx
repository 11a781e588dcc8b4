import { Trans, useLingui } from "@lingui/react/macro";
import { APP_VERSION } from "../../contract/constants";
import { showsJoinUs, socialUrl } from "../../core/site";
import { Skeleton } from "../../ui/Alert";
import { useElement, useMacc, useSitePath } from "../../ui/context";
import { LinkedInIcon, MailIcon, PhoneIcon } from "../../ui/contact-icons";
import { PostalAddress } from "../../ui/PostalAddress";
import { RouteLink } from "../../ui/RouteLink";
import { useBrand } from "../../ui/useBrand";
import { useFooterContact } from "../../ui/useFooterContact";
import { footerNetwork, serviceEmail, telHref, type FooterContact } from "../../core/contacts";
import { selectCompany } from "../../core/store";

/** `<macc-footer>`: the country's contact block (from the API, cached) and the site's legal links. */
export function Footer() {
  const { t } = useLingui();
  const { locale, theme } = useElement();
  const brand = useBrand();
  const network = useMacc((s) => footerNetwork(s, locale, theme));
  const codeReseau = useMacc((s) => selectCompany(s)?.codeReseau);
  const contact = useFooterContact(network, { errors: "toast" });
  const site = useSitePath();

  return (
    <footer part="footer" aria-label={t`Site footer`}>
      <div className="container">
        <div className="footer__grid">
          <section aria-labelledby="footer-contact" aria-busy={contact.status === "loading"}>
            <h2 id="footer-contact">
              <Trans>Contact us</Trans>
            </h2>
            {contact.status === "loading" && <ContactSkeleton />}
            {contact.status === "error" && (
              <div className="footer__error">
                <p role="status">
                  <Trans>Our contact details cannot be shown right now.</Trans>
                </p>
                {/* The footer's own small button: the form controls' sheet stays off the footer-only page. */}
                <button type="button" className="footer__retry" onClick={contact.reload}>
                  {t`Try again`}
                </button>
              </div>
            )}
            {contact.status === "ready" && <ContactBlock contact={contact.data} />}
          </section>
          <nav aria-labelledby="footer-links">
            <h2 id="footer-links">
              <Trans>Useful links</Trans>
            </h2>
            <ul className="links">
              <li>
                <RouteLink route="INTERLOCUTEURS">{t`Contact`}</RouteLink>
              </li>
              <li>
                <a href={site("faq")}>{t`FAQ`}</a>
              </li>
              <li>
                <a href={site("ideas")}>{t`Ideas`}</a>
              </li>
              {showsJoinUs(locale, codeReseau) && (
                <li>
                  <a href={site("careers")}>{t`Careers`}</a>
                </li>
              )}
              <li>
                <a href={site("news")}>{t`News`}</a>
              </li>
            </ul>
          </nav>
          <nav aria-labelledby="footer-legal">
            <h2 id="footer-legal">
              <Trans>Legal</Trans>
            </h2>
            <ul className="links">
              <li>
                <a href={site("legal")}>{t`Legal notices`}</a>
              </li>
              <li>
                <a href={site("sitemap")}>{t`Site map`}</a>
              </li>
              <li>
                <a href={site("dataProtection")}>{t`Our data-protection commitment`}</a>
              </li>
            </ul>
          </nav>
        </div>
        <div className="footer__bottom">
          <a className="contact-line" href={socialUrl(brand)} rel="noopener noreferrer" target="_blank">
            <LinkedInIcon />
            <span>{t`${brand} on LinkedIn (opens in a new tab)`}</span>
          </a>
          <span>
            © {brand} · v{APP_VERSION}
          </span>
        </div>
      </div>
    </footer>
  );
}

/** The shape of the contact block (a four-line address, then three services), so nothing moves when it arrives. */
function ContactSkeleton() {
  const { t } = useLingui();
  return (
    <div role="status" aria-label={t`Loading contact details`} className="contact-skeleton">
      <div className="contact-skeleton__address">
        <Skeleton width="60%" />
        <Skeleton width="50%" />
        <Skeleton width="55%" />
        <Skeleton width="45%" />
      </div>
      {["45%", "55%", "40%"].map((width) => (
        <div key={width} className="contact-skeleton__service">
          <Skeleton width={width} />
          <Skeleton width="60%" />
          <Skeleton width="75%" />
        </div>
      ))}
    </div>
  );
}

function ContactBlock({ contact }: { contact: FooterContact }) {
  const { t } = useLingui();
  return (
    <>
      <PostalAddress contact={contact} part="footer-address" />
      <ul className="services" aria-label={t`Our services`}>
        {contact.listSousServices.map((service) => {
          const email = serviceEmail(service);
          return (
            <li key={service.nomSousService}>
              <strong>{service.nomSousService}</strong>
              {service.telephone1 && (
                <a className="contact-line" href={telHref(service.telephone1)}>
                  <PhoneIcon />
                  <span>
                    <span className="visually-hidden">{t`Phone:`} </span>
                    {service.telephone1}
                  </span>
                </a>
              )}
              {email && (
                <a className="contact-line" href={`mailto:${email}`}>
                  <MailIcon />
                  <span>
                    <span className="visually-hidden">{t`E-mail:`} </span>
                    {email}
                  </span>
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
