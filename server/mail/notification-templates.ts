/**
 * What the notifications send (issue 30): the day's new invoices in one message, a new document
 * for a product the company owns; in the account's language, each with its one-click unsubscribe
 * (RFC 8058: `List-Unsubscribe` with the signed address, `List-Unsubscribe-Post`), also said in the
 * body for the reader.
 */
import type { MailMessage } from "./mailer.ts";
import { render, type MailLanguage } from "./templates.ts";

type Words = {
  greeting: string;
  signature: string;
  invoicesSubject: (count: number, company: string) => string;
  invoices: (count: number, company: string) => string;
  invoicesLabel: string;
  documentSubject: (title: string) => string;
  document: (title: string, product: string) => string;
  documentLabel: string;
  unsubscribeIntro: string;
  unsubscribe: string;
};

const WORDS: Record<MailLanguage, Words> = {
  fr: {
    greeting: "Bonjour,",
    signature: "L'équipe MACC",
    invoicesSubject: (n, c) => (n === 1 ? `1 nouvelle facture pour ${c}` : `${n} nouvelles factures pour ${c}`),
    invoices: (n, c) =>
      n === 1
        ? `Une nouvelle facture de ${c} est disponible dans votre espace client.`
        : `${n} nouvelles factures de ${c} sont disponibles dans votre espace client.`,
    invoicesLabel: "Voir mes factures",
    documentSubject: (t) => `Nouveau document : ${t}`,
    document: (t, p) => `Un nouveau document est disponible pour ${p} : ${t}.`,
    documentLabel: "Voir le document",
    unsubscribeIntro: "Vous ne souhaitez plus recevoir ces messages ?",
    unsubscribe: "Me désabonner",
  },
  en: {
    greeting: "Hello,",
    signature: "The MACC team",
    invoicesSubject: (n, c) => (n === 1 ? `1 new invoice for ${c}` : `${n} new invoices for ${c}`),
    invoices: (n, c) =>
      n === 1 ? `A new invoice of ${c} is in your customer area.` : `${n} new invoices of ${c} are in your customer area.`,
    invoicesLabel: "See my invoices",
    documentSubject: (t) => `New document: ${t}`,
    document: (t, p) => `A new document is available for ${p}: ${t}.`,
    documentLabel: "See the document",
    unsubscribeIntro: "No longer want these messages?",
    unsubscribe: "Unsubscribe",
  },
  nl: {
    greeting: "Goedendag,",
    signature: "Het MACC-team",
    invoicesSubject: (n, c) => (n === 1 ? `1 nieuwe factuur voor ${c}` : `${n} nieuwe facturen voor ${c}`),
    invoices: (n, c) =>
      n === 1 ? `Er staat een nieuwe factuur van ${c} in uw klantenzone.` : `Er staan ${n} nieuwe facturen van ${c} in uw klantenzone.`,
    invoicesLabel: "Mijn facturen bekijken",
    documentSubject: (t) => `Nieuw document: ${t}`,
    document: (t, p) => `Er is een nieuw document beschikbaar voor ${p}: ${t}.`,
    documentLabel: "Het document bekijken",
    unsubscribeIntro: "Wilt u deze berichten niet meer ontvangen?",
    unsubscribe: "Afmelden",
  },
  de: {
    greeting: "Guten Tag,",
    signature: "Ihr MACC-Team",
    invoicesSubject: (n, c) => (n === 1 ? `1 neue Rechnung für ${c}` : `${n} neue Rechnungen für ${c}`),
    invoices: (n, c) =>
      n === 1
        ? `Eine neue Rechnung von ${c} liegt in Ihrem Kundenbereich.`
        : `${n} neue Rechnungen von ${c} liegen in Ihrem Kundenbereich.`,
    invoicesLabel: "Meine Rechnungen ansehen",
    documentSubject: (t) => `Neues Dokument: ${t}`,
    document: (t, p) => `Für ${p} ist ein neues Dokument verfügbar: ${t}.`,
    documentLabel: "Dokument ansehen",
    unsubscribeIntro: "Möchten Sie diese Nachrichten nicht mehr erhalten?",
    unsubscribe: "Abmelden",
  },
  es: {
    greeting: "Hola:",
    signature: "El equipo de MACC",
    invoicesSubject: (n, c) => (n === 1 ? `1 factura nueva de ${c}` : `${n} facturas nuevas de ${c}`),
    invoices: (n, c) =>
      n === 1 ? `Tiene una factura nueva de ${c} en su área de cliente.` : `Tiene ${n} facturas nuevas de ${c} en su área de cliente.`,
    invoicesLabel: "Ver mis facturas",
    documentSubject: (t) => `Documento nuevo: ${t}`,
    document: (t, p) => `Hay un documento nuevo disponible para ${p}: ${t}.`,
    documentLabel: "Ver el documento",
    unsubscribeIntro: "¿Ya no desea recibir estos mensajes?",
    unsubscribe: "Darme de baja",
  },
  it: {
    greeting: "Buongiorno,",
    signature: "Il team MACC",
    invoicesSubject: (n, c) => (n === 1 ? `1 nuova fattura per ${c}` : `${n} nuove fatture per ${c}`),
    invoices: (n, c) =>
      n === 1
        ? `Una nuova fattura di ${c} è disponibile nella Sua area clienti.`
        : `${n} nuove fatture di ${c} sono disponibili nella Sua area clienti.`,
    invoicesLabel: "Vedere le mie fatture",
    documentSubject: (t) => `Nuovo documento: ${t}`,
    document: (t, p) => `È disponibile un nuovo documento per ${p}: ${t}.`,
    documentLabel: "Vedere il documento",
    unsubscribeIntro: "Non desidera più ricevere questi messaggi?",
    unsubscribe: "Annullare l'iscrizione",
  },
};

/** RFC 8058's headers: the signed address, and that a POST of `List-Unsubscribe=One-Click` to it is enough. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function withUnsubscribe(lang: MailLanguage, message: MailMessage, unsubscribeUrl: string): MailMessage {
  return { ...message, headers: unsubscribeHeaders(unsubscribeUrl) };
}

/** The body's unsubscribe line (render's `secondary`), for the other preference-driven e-mails. */
export const unsubscribeLine = (lang: MailLanguage, url: string) => ({
  intro: WORDS[lang].unsubscribeIntro,
  label: WORDS[lang].unsubscribe,
  url,
});

export function invoiceDigestMail(
  lang: MailLanguage,
  to: string,
  d: { count: number; company: string; url: string; unsubscribeUrl: string },
): MailMessage {
  const w = WORDS[lang];
  const message = render(to, {
    lang,
    subject: w.invoicesSubject(d.count, d.company),
    greeting: w.greeting,
    paragraphs: [w.invoices(d.count, d.company)],
    action: { label: w.invoicesLabel, url: d.url },
    secondary: unsubscribeLine(lang, d.unsubscribeUrl),
    signature: w.signature,
  });
  return withUnsubscribe(lang, message, d.unsubscribeUrl);
}

export function newDocumentMail(
  lang: MailLanguage,
  to: string,
  d: { title: string; product: string; url: string; unsubscribeUrl: string },
): MailMessage {
  const w = WORDS[lang];
  const message = render(to, {
    lang,
    subject: w.documentSubject(d.title),
    greeting: w.greeting,
    paragraphs: [w.document(d.title, d.product)],
    action: { label: w.documentLabel, url: d.url },
    secondary: unsubscribeLine(lang, d.unsubscribeUrl),
    signature: w.signature,
  });
  return withUnsubscribe(lang, message, d.unsubscribeUrl);
}
