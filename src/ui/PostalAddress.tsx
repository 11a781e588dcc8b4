import type { HTMLAttributes } from "react";
import type { FooterContact } from "../core/contacts";

/** A network's postal address, as the contact data gives it. */
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
      {contact.codePostal} {contact.ville}
    </address>
  );
}
