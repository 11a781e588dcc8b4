import { useLingui } from "@lingui/react/macro";
import { Fragment, type ReactNode } from "react";
import { photoSource, type AdviserAnswer } from "../core/adviser";
import { serviceEmail, telHref, type FooterContact } from "../core/contacts";
import { MailIcon, PhoneIcon } from "./contact-icons";
import { useElement } from "./context";

export interface ContactDetails {
  name: string;
  role?: string;
  phones: Array<{ label: string; number: string }>;
  email?: string | null;
  photo?: { src: string; alt: string } | null;
}

/** A person or a service to contact, with tel: and mailto: links. */
export function ContactCard({
  contact,
  headingLevel = 2,
  children,
}: {
  contact: ContactDetails;
  headingLevel?: 2 | 3;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="contact-card" part="contact-card">
      {contact.photo && (
        <img className="contact-card__photo" src={contact.photo.src} alt={contact.photo.alt} width={96} height={96} loading="lazy" />
      )}
      <div className="contact-card__body">
        <Heading className="contact-card__name">{contact.name}</Heading>
        {contact.role && <p className="contact-card__role">{contact.role}</p>}
        <ul className="contact-card__lines">
          {contact.phones.map((phone) => (
            <li key={phone.number}>
              <a className="contact-line" href={telHref(phone.number)}>
                <PhoneIcon />
                <span>
                  <span className="visually-hidden">{phone.label} </span>
                  {phone.number}
                </span>
              </a>
            </li>
          ))}
          {contact.email && (
            <li>
              <a className="contact-line" href={`mailto:${contact.email}`}>
                <MailIcon />
                <span>
                  <span className="visually-hidden">{t`E-mail:`} </span>
                  {breakable(contact.email)}
                </span>
              </a>
            </li>
          )}
        </ul>
        {children}
      </div>
    </article>
  );
}

/** An e-mail address with line-break opportunities before its "@" and its dots, where a reader expects them. */
function breakable(email: string): ReactNode {
  return email.split(/(?=[@.])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

type Adviser = NonNullable<AdviserAnswer["adviser"]>;
type SubService = FooterContact["listSousServices"][number];

/** The card of an adviser or of a service, the same wherever they are shown. */
export function useContactDetails() {
  const { t } = useLingui();
  const { core } = useElement();
  return {
    ofService: (service: SubService): ContactDetails => ({
      name: service.nomSousService,
      phones: service.telephone1 ? [{ label: t`Phone:`, number: service.telephone1 }] : [],
      email: serviceEmail(service),
    }),
    ofAdviser: (adviser: Adviser): ContactDetails => {
      const name = `${adviser.prenom} ${adviser.nom}`;
      return {
        name,
        role: adviser.fonction || undefined,
        phones: [
          ...(adviser.telephone ? [{ label: t`Phone:`, number: adviser.telephone }] : []),
          ...(adviser.mobile ? [{ label: t`Mobile:`, number: adviser.mobile }] : []),
        ],
        email: adviser.email,
        photo: adviser.photoUrl ? { src: photoSource(adviser.photoUrl, core.config.apiBase), alt: t`Photo of ${name}` } : null,
      };
    },
  };
}
