import type { HTMLAttributes } from "react";
import type { FooterContact } from "../core/contacts";

/** A British postcode ("CV34 6XZ"): such an address ends with the town, then the postcode on its own line (Royal Mail). */
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;

/** A network's postal address, as the contact data gives it, in its country's order. */
export function PostalAddress({ contact, ...rest }: { contact: FooterContact } & HTMLAttributes<HTMLElement>) {
  return (
    <address {...rest}>
      <strong>{contact.adresseTitre}</strong>
      <br />
      {contact.adresseLigne1}
      {contact.adresseLigne2 && (
        <>
          <br />
          {contact.adresseLigne2}
        </>
      )}
      <br />
      {UK_POSTCODE.test(contact.codePostal) ? (
        <>
          {contact.ville}
          <br />
          {contact.codePostal}
        </>
      ) : (
        `${contact.codePostal} ${contact.ville}`
      )}
    </address>
  );
}
