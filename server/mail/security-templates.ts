/**
 * The security alerts (issue 29, step 3), in the account's language: a sign-in from a new device,
 * a password change, a bank-details change. Each carries the "this wasn't me" link (single use,
 * 7 days) that ends every session and starts a password reset. They cannot be switched off
 * (SECURITY_ALERT_TYPES in src/contract/security.ts).
 */
import type { SecurityAlertType } from "../../src/contract/security.ts";
import type { MailMessage } from "./mailer.ts";
import { render, type MailLanguage } from "./templates.ts";

/** What the alert tells besides its kind: the device of a sign-in, the IBAN's last 4 characters. */
export interface AlertFacts {
  device?: string;
  where?: string;
  last4?: string;
}

type Words = {
  greeting: string;
  signature: string;
  label: string;
  notYou: string;
  itWasYou: string;
  subject: Record<Exclude<SecurityAlertType, "email-change-requested">, string>;
  said: {
    "new-device": (device: string, where: string) => string;
    "password-changed": string;
    "bank-details-changed": (last4: string) => string;
  };
};

const WORDS: Record<MailLanguage, Words> = {
  fr: {
    greeting: "Bonjour,",
    signature: "L'équipe MACC",
    label: "Ce n'était pas moi",
    notYou:
      "Si ce n'était pas vous, ce lien ferme toutes les sessions de votre compte et vous envoie un lien pour choisir un nouveau mot de passe (valable 7 jours, une seule fois) :",
    itWasYou: "Si c'était bien vous, vous n'avez rien à faire.",
    subject: {
      "new-device": "Nouvelle connexion à votre compte MACC",
      "password-changed": "Votre mot de passe MACC a été modifié",
      "bank-details-changed": "Changement de coordonnées bancaires sur votre compte MACC",
    },
    said: {
      "new-device": (d, w) =>
        `Votre compte client MACC vient d'être ouvert depuis un appareil que nous ne connaissions pas : ${d}${w ? `, ${w}` : ""}.`,
      "password-changed":
        "Le mot de passe de votre compte client MACC vient d'être modifié. Par sécurité, vos autres sessions ont été fermées.",
      "bank-details-changed": (l) =>
        `Une demande de changement des coordonnées bancaires de votre entreprise vient d'être envoyée depuis votre compte${l ? ` (IBAN se terminant par ${l})` : ""}.`,
    },
  },
  en: {
    greeting: "Hello,",
    signature: "The MACC team",
    label: "This wasn't me",
    notYou:
      "If it was not you, this link closes every session of your account and sends you a link to choose a new password (valid 7 days, once):",
    itWasYou: "If it was you, there is nothing to do.",
    subject: {
      "new-device": "New sign-in to your MACC account",
      "password-changed": "Your MACC password was changed",
      "bank-details-changed": "Bank details change on your MACC account",
    },
    said: {
      "new-device": (d, w) => `Your MACC customer account was just opened from a device we did not know: ${d}${w ? `, ${w}` : ""}.`,
      "password-changed":
        "The password of your MACC customer account has just been changed. For your security, your other sessions were closed.",
      "bank-details-changed": (l) =>
        `A change of your company's bank details was just sent from your account${l ? ` (IBAN ending ${l})` : ""}.`,
    },
  },
  nl: {
    greeting: "Hallo,",
    signature: "Het MACC-team",
    label: "Dit was ik niet",
    notYou:
      "Was u het niet? Deze link sluit alle sessies van uw account en stuurt u een link om een nieuw wachtwoord te kiezen (7 dagen geldig, één keer):",
    itWasYou: "Was u het zelf? Dan hoeft u niets te doen.",
    subject: {
      "new-device": "Nieuwe aanmelding op uw MACC-account",
      "password-changed": "Uw MACC-wachtwoord is gewijzigd",
      "bank-details-changed": "Wijziging van bankgegevens op uw MACC-account",
    },
    said: {
      "new-device": (d, w) => `Uw MACC-klantaccount is zojuist geopend vanaf een apparaat dat we niet kenden: ${d}${w ? `, ${w}` : ""}.`,
      "password-changed":
        "Het wachtwoord van uw MACC-klantaccount is zojuist gewijzigd. Voor uw veiligheid zijn uw andere sessies afgesloten.",
      "bank-details-changed": (l) =>
        `Er is zojuist vanaf uw account een wijziging van de bankgegevens van uw bedrijf verstuurd${l ? ` (IBAN eindigend op ${l})` : ""}.`,
    },
  },
  de: {
    greeting: "Guten Tag,",
    signature: "Ihr MACC-Team",
    label: "Das war ich nicht",
    notYou:
      "Wenn Sie es nicht waren, beendet dieser Link alle Sitzungen Ihres Kontos und sendet Ihnen einen Link, um ein neues Passwort zu wählen (7 Tage gültig, einmalig):",
    itWasYou: "Wenn Sie es waren, müssen Sie nichts tun.",
    subject: {
      "new-device": "Neue Anmeldung bei Ihrem MACC-Konto",
      "password-changed": "Ihr MACC-Passwort wurde geändert",
      "bank-details-changed": "Änderung der Bankverbindung in Ihrem MACC-Konto",
    },
    said: {
      "new-device": (d, w) => `Ihr MACC-Kundenkonto wurde soeben von einem uns unbekannten Gerät geöffnet: ${d}${w ? `, ${w}` : ""}.`,
      "password-changed":
        "Das Passwort Ihres MACC-Kundenkontos wurde soeben geändert. Zu Ihrer Sicherheit wurden Ihre anderen Sitzungen beendet.",
      "bank-details-changed": (l) =>
        `Von Ihrem Konto wurde soeben eine Änderung der Bankverbindung Ihres Unternehmens gesendet${l ? ` (IBAN endet auf ${l})` : ""}.`,
    },
  },
  es: {
    greeting: "Hola:",
    signature: "El equipo MACC",
    label: "No he sido yo",
    notYou:
      "Si no ha sido usted, este enlace cierra todas las sesiones de su cuenta y le envía un enlace para elegir una nueva contraseña (válido 7 días, una sola vez):",
    itWasYou: "Si ha sido usted, no tiene nada que hacer.",
    subject: {
      "new-device": "Nuevo acceso a su cuenta MACC",
      "password-changed": "Se ha cambiado su contraseña MACC",
      "bank-details-changed": "Cambio de datos bancarios en su cuenta MACC",
    },
    said: {
      "new-device": (d, w) =>
        `Se acaba de abrir su cuenta de cliente MACC desde un dispositivo que no conocíamos: ${d}${w ? `, ${w}` : ""}.`,
      "password-changed":
        "Se acaba de cambiar la contraseña de su cuenta de cliente MACC. Por seguridad, se han cerrado sus otras sesiones.",
      "bank-details-changed": (l) =>
        `Se acaba de enviar desde su cuenta un cambio de los datos bancarios de su empresa${l ? ` (IBAN que termina en ${l})` : ""}.`,
    },
  },
  it: {
    greeting: "Buongiorno,",
    signature: "Il team MACC",
    label: "Non sono stato io",
    notYou:
      "Se non è stato Lei, questo link chiude tutte le sessioni del Suo account e Le invia un link per scegliere una nuova password (valido 7 giorni, una sola volta):",
    itWasYou: "Se è stato Lei, non deve fare nulla.",
    subject: {
      "new-device": "Nuovo accesso al Suo account MACC",
      "password-changed": "La Sua password MACC è stata modificata",
      "bank-details-changed": "Modifica delle coordinate bancarie sul Suo account MACC",
    },
    said: {
      "new-device": (d, w) =>
        `Il Suo account cliente MACC è appena stato aperto da un dispositivo che non conoscevamo: ${d}${w ? `, ${w}` : ""}.`,
      "password-changed":
        "La password del Suo account cliente MACC è appena stata modificata. Per sicurezza, le altre sessioni sono state chiuse.",
      "bank-details-changed": (l) =>
        `Dal Suo account è appena stata inviata una modifica delle coordinate bancarie della Sua azienda${l ? ` (IBAN che termina con ${l})` : ""}.`,
    },
  },
};

/** An alert to the account's address, with its "this wasn't me" link. */
export function securityAlertMail(
  lang: MailLanguage,
  to: string,
  type: Exclude<SecurityAlertType, "email-change-requested">,
  notMeUrl: string,
  facts: AlertFacts = {},
): MailMessage {
  const w = WORDS[lang];
  const said =
    type === "new-device"
      ? w.said["new-device"](facts.device ?? "?", facts.where ?? "")
      : type === "bank-details-changed"
        ? w.said["bank-details-changed"](facts.last4 ?? "")
        : w.said["password-changed"];
  return render(to, {
    lang,
    subject: w.subject[type],
    greeting: w.greeting,
    paragraphs: [said, w.itWasYou, w.notYou],
    action: { label: w.label, url: notMeUrl },
    signature: w.signature,
  });
}

/** The "this wasn't me" link's words, for the e-mail change's mail to the old address. */
export function notMeWords(lang: MailLanguage): { label: string; notYou: string } {
  return { label: WORDS[lang].label, notYou: WORDS[lang].notYou };
}
