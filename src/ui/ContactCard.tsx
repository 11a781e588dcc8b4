import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { MailIcon, PhoneIcon } from "./contact-icons";

export interface ContactDetails {
  name: string;
  role?: string;
  phones: Array<{ label: string; number: string }>;
  email?: string | null;
  photo?: { src: string; alt: string } | null;
}

/** A person or a service to contact, with tel: and mailto: links. */
export function ContactCard({ contact, headingLevel = 2, children }: { contact: ContactDetails; headingLevel?: 2 | 3; children?: ReactNode }) {
  const { t } = useLingui();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="contact-card" part="contact-card">
      {contact.photo && <img className="contact-card__photo" src={contact.photo.src} alt={contact.photo.alt} width={96} height={96} loading="lazy" />}
      <div>
        <Heading className="contact-card__name">{contact.name}</Heading>
        {contact.role && <p className="contact-card__role">{contact.role}</p>}
        <ul className="contact-card__lines">
          {contact.phones.map((phone) => (
            <li key={phone.number}>
              <a className="contact-line" href={`tel:${phone.number.replace(/[^\d+]/g, "")}`}>
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
                  {contact.email}
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
