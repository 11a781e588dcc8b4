import { formatCompanyName } from "../../src/core/company-name.ts";
import type { Locale } from "../../src/contract/constants.ts";
import type { BasketCustomer } from "../queries/basket.ts";
import type { MailMessage } from "./mailer.ts";
import type { StaffLanguage } from "./staff-language.ts";

export type MailLanguage = "fr" | "en" | "nl" | "de" | "es" | "it";

export function mailLanguage(locale: Locale | string | null | undefined): MailLanguage {
  const lang = (locale ?? "").slice(0, 2).toLowerCase();
  return lang === "en" || lang === "nl" || lang === "de" || lang === "es" || lang === "it" ? lang : "fr";
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export interface Layout {
  lang: MailLanguage;
  subject: string;
  greeting: string;
  /** Paragraphs of plain text (escaped in the HTML part). */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs shown after the action. */
  after?: string[];
  /** A second link after those, with the sentence that introduces it (the alerts' "this wasn't me"). */
  secondary?: { intro: string; label: string; url: string };
  signature: string;
}

/** A message whose action is a link: its texts, the link's label among them. */
type LinkTexts = Omit<Layout, "lang" | "action"> & { label: string };

/** A message with one link to follow (a reset, an e-mail change to confirm or cancel). */
function renderWithLink(to: string, lang: MailLanguage, { label, ...texts }: LinkTexts, url: string): MailMessage {
  return render(to, { lang, ...texts, action: { label, url } });
}

/** Text and HTML parts of a simple, accessible message (no images, no scripts, inline styles only). */
export function render(to: string, l: Layout): MailMessage {
  const text = [
    l.greeting,
    "",
    ...l.paragraphs.flatMap((p) => [p, ""]),
    ...(l.action ? [`${l.action.label}${l.lang === "fr" ? "\u00a0:" : ":"}`, l.action.url, ""] : []),
    ...(l.after ?? []).flatMap((p) => [p, ""]),
    ...(l.secondary ? [l.secondary.intro, `${l.secondary.label}${l.lang === "fr" ? "\u00a0:" : ":"}`, l.secondary.url, ""] : []),
    l.signature,
  ].join("\n");
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html =
    `<!doctype html><html lang="${l.lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(l.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background:#f4f6f5;color:#1d2b24;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">` +
    `<div role="article" aria-label="${escapeHtml(l.subject)}" style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">` +
    `<p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:#0b6e4f">MACC</p>` +
    p(l.greeting) +
    l.paragraphs.map(p).join("") +
    (l.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(l.action.url)}" style="display:inline-block;padding:12px 20px;background:#0b6e4f;color:#ffffff;text-decoration:underline;border-radius:4px">${escapeHtml(l.action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:14px;word-break:break-all">${escapeHtml(l.action.url)}</p>`
      : "") +
    (l.after ?? []).map(p).join("") +
    (l.secondary
      ? p(l.secondary.intro) +
        `<p style="margin:0 0 16px"><a href="${escapeHtml(l.secondary.url)}" style="color:#0b6e4f">${escapeHtml(l.secondary.label)}</a></p>`
      : "") +
    `<p style="margin:24px 0 0">${escapeHtml(l.signature)}</p>` +
    `</div></body></html>`;
  return { to, subject: l.subject, text, html };
}

const RESET: Record<MailLanguage, (minutes: number) => LinkTexts> = {
  fr: (m) => ({
    subject: "Réinitialisation de votre mot de passe MACC",
    greeting: "Bonjour,",
    paragraphs: ["Vous avez demandé à réinitialiser le mot de passe de votre compte client MACC."],
    label: "Choisir un nouveau mot de passe",
    after: [
      `Ce lien est valable ${m} minutes et ne peut servir qu'une fois.`,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
    ],
    signature: "L'équipe MACC",
  }),
  en: (m) => ({
    subject: "Reset your MACC password",
    greeting: "Hello,",
    paragraphs: ["You asked to reset the password of your MACC customer account."],
    label: "Choose a new password",
    after: [
      `This link is valid for ${m} minutes and can be used only once.`,
      "If you did not make this request, ignore this message: your password stays unchanged.",
    ],
    signature: "The MACC team",
  }),
  nl: (m) => ({
    subject: "Uw MACC-wachtwoord opnieuw instellen",
    greeting: "Hallo,",
    paragraphs: ["U hebt gevraagd het wachtwoord van uw MACC-klantaccount opnieuw in te stellen."],
    label: "Een nieuw wachtwoord kiezen",
    after: [
      `Deze link is ${m} minuten geldig en kan maar één keer worden gebruikt.`,
      "Hebt u dit niet gevraagd? Negeer dan dit bericht: uw wachtwoord blijft ongewijzigd.",
    ],
    signature: "Het MACC-team",
  }),
  de: (m) => ({
    subject: "Ihr MACC-Passwort zurücksetzen",
    greeting: "Guten Tag,",
    paragraphs: ["Sie haben das Zurücksetzen des Passworts Ihres MACC-Kundenkontos angefordert."],
    label: "Neues Passwort wählen",
    after: [
      `Dieser Link ist ${m} Minuten gültig und kann nur einmal verwendet werden.`,
      "Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.",
    ],
    signature: "Ihr MACC-Team",
  }),
  es: (m) => ({
    subject: "Restablecer su contraseña MACC",
    greeting: "Hola:",
    paragraphs: ["Ha solicitado restablecer la contraseña de su cuenta de cliente MACC."],
    label: "Elegir una nueva contraseña",
    after: [
      `Este enlace es válido durante ${m} minutos y solo puede utilizarse una vez.`,
      "Si no ha realizado esta solicitud, ignore este mensaje: su contraseña no cambia.",
    ],
    signature: "El equipo MACC",
  }),
  it: (m) => ({
    subject: "Reimpostazione della Sua password MACC",
    greeting: "Buongiorno,",
    paragraphs: ["Ha chiesto di reimpostare la password del Suo account cliente MACC."],
    label: "Scelga una nuova password",
    after: [
      `Questo link è valido per ${m} minuti e può essere usato una sola volta.`,
      "Se non ha fatto Lei questa richiesta, ignori questo messaggio: la Sua password resta invariata.",
    ],
    signature: "Il team MACC",
  }),
};

export function resetLinkMail(lang: MailLanguage, to: string, url: string, minutes: number): MailMessage {
  return renderWithLink(to, lang, RESET[lang](minutes), url);
}

const CHANGED: Record<MailLanguage, Omit<Layout, "lang">> = {
  fr: {
    subject: "Votre mot de passe MACC a été modifié",
    greeting: "Bonjour,",
    paragraphs: [
      "Le mot de passe de votre compte client MACC vient d'être modifié. Par sécurité, vos autres sessions ont été fermées.",
      "Si vous n'êtes pas à l'origine de ce changement, utilisez « Mot de passe oublié ? » sur la page de connexion et contactez la MACC.",
    ],
    signature: "L'équipe MACC",
  },
  en: {
    subject: "Your MACC password was changed",
    greeting: "Hello,",
    paragraphs: [
      "The password of your MACC customer account has just been changed. For your security, your other sessions were closed.",
      "If you did not make this change, use “Forgot password?” on the login page and contact MACC.",
    ],
    signature: "The MACC team",
  },
  nl: {
    subject: "Uw MACC-wachtwoord is gewijzigd",
    greeting: "Hallo,",
    paragraphs: [
      "Het wachtwoord van uw MACC-klantaccount is zojuist gewijzigd. Voor uw veiligheid zijn uw andere sessies afgesloten.",
      "Hebt u dit niet zelf gedaan? Gebruik dan „Wachtwoord vergeten?” op de aanmeldpagina en neem contact op met MACC.",
    ],
    signature: "Het MACC-team",
  },
  de: {
    subject: "Ihr MACC-Passwort wurde geändert",
    greeting: "Guten Tag,",
    paragraphs: [
      "Das Passwort Ihres MACC-Kundenkontos wurde soeben geändert. Zu Ihrer Sicherheit wurden Ihre anderen Sitzungen beendet.",
      "Wenn Sie diese Änderung nicht vorgenommen haben, nutzen Sie „Passwort vergessen?“ auf der Anmeldeseite und kontaktieren Sie MACC.",
    ],
    signature: "Ihr MACC-Team",
  },
  es: {
    subject: "Se ha cambiado su contraseña MACC",
    greeting: "Hola:",
    paragraphs: [
      "Se acaba de cambiar la contraseña de su cuenta de cliente MACC. Por seguridad, se han cerrado sus otras sesiones.",
      "Si no ha realizado este cambio, utilice «¿Ha olvidado su contraseña?» en la página de acceso y contacte con MACC.",
    ],
    signature: "El equipo MACC",
  },
  it: {
    subject: "La Sua password MACC è stata modificata",
    greeting: "Buongiorno,",
    paragraphs: [
      "La password del Suo account cliente MACC è appena stata modificata. Per sicurezza, le altre sessioni sono state chiuse.",
      "Se non è stato Lei, usi «Password dimenticata?» nella pagina di accesso e contatti MACC.",
    ],
    signature: "Il team MACC",
  },
};

export function passwordChangedMail(lang: MailLanguage, to: string): MailMessage {
  return render(to, { lang, ...CHANGED[lang] });
}

/** What a contact-form e-mail says about the sender. */
export interface ContactDetails {
  service: string;
  subject: string;
  message: string;
  customer: { civilite: string | null; prenom: string; nom: string; email: string; telephone: string; mobile: string };
  company: {
    formeJuridique: string;
    raisonSociale: string;
    pays: string;
    immatriculation: string;
    numeroClient: string;
    idTier: string;
    codeReseau: string;
  };
}

const personName = (c: ContactDetails["customer"]) => [c.civilite, c.prenom, c.nom].filter(Boolean).join(" ") || c.email;

/** The message for the network's service, in its staff's language; reply goes to the customer. */
export function contactServiceMail(lang: StaffLanguage, to: string, d: ContactDetails): MailMessage {
  const w = STAFF_WORDS[lang];
  const identity = [
    `${w.customer} ${personName(d.customer)} <${d.customer.email}>`,
    ...(d.customer.telephone ? [`${w.telephone} ${d.customer.telephone}`] : []),
    ...(d.customer.mobile ? [`${w.mobile} ${d.customer.mobile}`] : []),
    `${w.company} ${formatCompanyName(d.company.raisonSociale, d.company.formeJuridique, d.company.pays)} — ${w.companyIds(d.company)}`,
    `${w.immat} ${d.company.immatriculation}`,
    `${w.service} ${d.service}`,
  ];
  const message = render(to, {
    lang,
    subject: `${w.contactSubject} ${d.subject}`,
    greeting: w.greeting,
    paragraphs: [w.contactIntro, ...identity, `${w.subject} ${d.subject}`, ...d.message.split(/\r?\n\s*\r?\n/)],
    signature: w.signature,
  });
  return { ...message, replyTo: d.customer.email };
}

const ACK: Record<MailLanguage, (service: string, subject: string) => Omit<Layout, "lang">> = {
  fr: (service, subject) => ({
    subject: "Nous avons bien reçu votre message",
    greeting: "Bonjour,",
    paragraphs: [
      `Votre message « ${subject} » a été transmis au service « ${service} ». Il vous répondra dans les meilleurs délais.`,
      "Voici une copie de votre message :",
    ],
    signature: "L'équipe MACC",
  }),
  en: (service, subject) => ({
    subject: "We have received your message",
    greeting: "Hello,",
    paragraphs: [
      `Your message “${subject}” was passed on to “${service}”. They will answer you as soon as possible.`,
      "A copy of your message:",
    ],
    signature: "The MACC team",
  }),
  nl: (service, subject) => ({
    subject: "We hebben uw bericht ontvangen",
    greeting: "Hallo,",
    paragraphs: [
      `Uw bericht „${subject}” is doorgestuurd naar „${service}”. U krijgt zo snel mogelijk een antwoord.`,
      "Een kopie van uw bericht:",
    ],
    signature: "Het MACC-team",
  }),
  de: (service, subject) => ({
    subject: "Wir haben Ihre Nachricht erhalten",
    greeting: "Guten Tag,",
    paragraphs: [
      `Ihre Nachricht „${subject}“ wurde an „${service}“ weitergeleitet. Sie erhalten so bald wie möglich eine Antwort.`,
      "Eine Kopie Ihrer Nachricht:",
    ],
    signature: "Ihr MACC-Team",
  }),
  es: (service, subject) => ({
    subject: "Hemos recibido su mensaje",
    greeting: "Hola:",
    paragraphs: [`Su mensaje «${subject}» se ha enviado a «${service}». Le responderán lo antes posible.`, "Copia de su mensaje:"],
    signature: "El equipo MACC",
  }),
  it: (service, subject) => ({
    subject: "Abbiamo ricevuto il Suo messaggio",
    greeting: "Buongiorno,",
    paragraphs: [
      `Il Suo messaggio «${subject}» è stato inoltrato a «${service}». Le risponderanno al più presto.`,
      "Copia del Suo messaggio:",
    ],
    signature: "Il team MACC",
  }),
};

/** Acknowledgement for the customer, with a copy of the message. */
export function contactAcknowledgementMail(lang: MailLanguage, d: ContactDetails): MailMessage {
  const layout = ACK[lang](d.service, d.subject);
  return render(d.customer.email, { lang, ...layout, paragraphs: [...layout.paragraphs, ...d.message.split(/\r?\n\s*\r?\n/)] });
}

/** Text of a registration verification code (the SMS, and the body of the e-mail). */
const CODE_TEXT: Record<MailLanguage, (code: string, minutes: number) => string> = {
  fr: (c, m) => `Votre code de vérification MACC : ${c}. Il est valable ${m} minutes.`,
  en: (c, m) => `Your MACC verification code: ${c}. It is valid for ${m} minutes.`,
  nl: (c, m) => `Uw MACC-verificatiecode: ${c}. Deze code is ${m} minuten geldig.`,
  de: (c, m) => `Ihr MACC-Bestätigungscode: ${c}. Er ist ${m} Minuten gültig.`,
  es: (c, m) => `Su código de verificación MACC: ${c}. Es válido durante ${m} minutos.`,
  it: (c, m) => `Il Suo codice di verifica MACC: ${c}. È valido per ${m} minuti.`,
};

const CODE_MAIL: Record<MailLanguage, { subject: string; greeting: string; after: string; signature: string }> = {
  fr: {
    subject: "Votre code de vérification MACC",
    greeting: "Bonjour,",
    after: "Si vous n'êtes pas à l'origine de cette demande d'inscription, ignorez ce message.",
    signature: "L'équipe MACC",
  },
  en: {
    subject: "Your MACC verification code",
    greeting: "Hello,",
    after: "If you did not ask to register, ignore this message.",
    signature: "The MACC team",
  },
  nl: {
    subject: "Uw MACC-verificatiecode",
    greeting: "Hallo,",
    after: "Hebt u zich niet aangemeld? Negeer dan dit bericht.",
    signature: "Het MACC-team",
  },
  de: {
    subject: "Ihr MACC-Bestätigungscode",
    greeting: "Guten Tag,",
    after: "Wenn Sie sich nicht registrieren wollten, ignorieren Sie diese Nachricht.",
    signature: "Ihr MACC-Team",
  },
  es: {
    subject: "Su código de verificación MACC",
    greeting: "Hola:",
    after: "Si no ha solicitado registrarse, ignore este mensaje.",
    signature: "El equipo MACC",
  },
  it: {
    subject: "Il Suo codice di verifica MACC",
    greeting: "Buongiorno,",
    after: "Se non ha chiesto di registrarsi, ignori questo messaggio.",
    signature: "Il team MACC",
  },
};

export function verificationCodeText(lang: MailLanguage, code: string, minutes: number): string {
  return CODE_TEXT[lang](code, minutes);
}

/** E-mail carrying a registration verification code. */
export function verificationCodeMail(lang: MailLanguage, to: string, code: string, minutes: number): MailMessage {
  const l = CODE_MAIL[lang];
  return render(to, {
    lang,
    subject: l.subject,
    greeting: l.greeting,
    paragraphs: [verificationCodeText(lang, code, minutes)],
    after: [l.after],
    signature: l.signature,
  });
}

/** What the adviser or the sales service is told about a validated basket: the customer data and the items. */
export interface BasketRequestDetails extends BasketCustomer {
  reference: string;
  /** Named in the language of the mail. */
  items: { id: string; nom: string }[];
  /** The logged-in customer's account and selected company; null for a visitor. */
  customer: { name: string; email: string; company: string; numeroClient: string; idTier: string; codeReseau: string } | null;
}

/** A company's numbers as the staff look it up. */
interface CompanyIds {
  numeroClient: string;
  idTier: string;
  codeReseau: string;
}

/** The words of the mails to the networks' staff (a call-back request, a contact message), in each language they read. */
const STAFF_WORDS: Record<
  StaffLanguage,
  {
    greeting: string;
    signature: string;
    customer: string;
    telephone: string;
    mobile: string;
    company: string;
    companyIds: (c: CompanyIds) => string;
    immat: string;
    contactSubject: string;
    contactIntro: string;
    service: string;
    subject: string;
    basketSubject: (reference: string, societe: string) => string;
    fromCustomer: string;
    fromVisitor: string;
    reference: string;
    name: string;
    societe: string;
    langue: string;
    account: string;
    selectedCompany: string;
    items: (count: number) => string;
    itemReference: string;
    sms: string;
  }
> = {
  fr: {
    greeting: "Bonjour,",
    signature: "Espace client MACC",
    customer: "Client :",
    telephone: "Téléphone :",
    mobile: "Mobile :",
    company: "Entreprise :",
    companyIds: (c) => `n° client ${c.numeroClient} (tiers ${c.idTier}, réseau ${c.codeReseau})`,
    immat: "Immatriculation :",
    contactSubject: "[Formulaire de contact]",
    contactIntro:
      "Un client a envoyé le message suivant depuis son espace client MACC. Répondez directement à ce courriel pour lui écrire.",
    service: "Service demandé :",
    subject: "Objet :",
    basketSubject: (r, s) => `[Panier] Demande de rappel ${r} – ${s}`,
    fromCustomer: "Un client connecté à son espace client a validé son panier et souhaite être rappelé par un conseiller.",
    fromVisitor: "Un visiteur du site a validé son panier et souhaite être rappelé par un conseiller.",
    reference: "Référence :",
    name: "Nom :",
    societe: "société :",
    langue: "langue :",
    account: "Compte client :",
    selectedCompany: "Entreprise sélectionnée :",
    items: (n) => `Articles (${n}) :`,
    itemReference: "réf.",
    sms: "Une confirmation lui est envoyée par SMS : elle annonce qu'il sera rappelé dans les meilleurs délais.",
  },
  en: {
    greeting: "Hello,",
    signature: "MACC customer area",
    customer: "Customer:",
    telephone: "Phone:",
    mobile: "Mobile:",
    company: "Company:",
    companyIds: (c) => `customer no. ${c.numeroClient} (third party ${c.idTier}, network ${c.codeReseau})`,
    immat: "Registration number:",
    contactSubject: "[Contact form]",
    contactIntro: "A customer sent the following message from their MACC customer area. Reply directly to this e-mail to write to them.",
    service: "Service requested:",
    subject: "Subject:",
    basketSubject: (r, s) => `[Basket] Call-back request ${r} – ${s}`,
    fromCustomer: "A customer logged in to their customer area has validated their basket and would like a call back from an adviser.",
    fromVisitor: "A visitor to the website has validated their basket and would like a call back from an adviser.",
    reference: "Reference:",
    name: "Name:",
    societe: "company:",
    langue: "language:",
    account: "Customer account:",
    selectedCompany: "Selected company:",
    items: (n) => `Items (${n}):`,
    itemReference: "ref.",
    sms: "A confirmation has been sent to them by SMS: it says they will be called back as soon as possible.",
  },
  nl: {
    greeting: "Hallo,",
    signature: "MACC-klantenzone",
    customer: "Klant:",
    telephone: "Telefoon:",
    mobile: "Mobiel:",
    company: "Bedrijf:",
    companyIds: (c) => `klantnummer ${c.numeroClient} (derde ${c.idTier}, netwerk ${c.codeReseau})`,
    immat: "Ondernemingsnummer:",
    contactSubject: "[Contactformulier]",
    contactIntro:
      "Een klant heeft het volgende bericht gestuurd vanuit zijn MACC-klantenzone. Beantwoord deze e-mail rechtstreeks om hem te schrijven.",
    service: "Gevraagde dienst:",
    subject: "Onderwerp:",
    basketSubject: (r, s) => `[Winkelmandje] Terugbelverzoek ${r} – ${s}`,
    fromCustomer:
      "Een klant die in zijn klantenzone is aangemeld, heeft zijn winkelmandje bevestigd en wil door een adviseur worden teruggebeld.",
    fromVisitor: "Een bezoeker van de website heeft zijn winkelmandje bevestigd en wil door een adviseur worden teruggebeld.",
    reference: "Referentie:",
    name: "Naam:",
    societe: "bedrijf:",
    langue: "taal:",
    account: "Klantaccount:",
    selectedCompany: "Geselecteerd bedrijf:",
    items: (n) => `Artikelen (${n}):`,
    itemReference: "ref.",
    sms: "Er is hem een bevestiging per sms gestuurd: die meldt dat hij zo snel mogelijk wordt teruggebeld.",
  },
  es: {
    greeting: "Hola:",
    signature: "Área de cliente MACC",
    customer: "Cliente:",
    telephone: "Teléfono:",
    mobile: "Móvil:",
    company: "Empresa:",
    companyIds: (c) => `n.º de cliente ${c.numeroClient} (tercero ${c.idTier}, red ${c.codeReseau})`,
    immat: "Número de registro:",
    contactSubject: "[Formulario de contacto]",
    contactIntro:
      "Un cliente ha enviado el siguiente mensaje desde su área de cliente MACC. Responda directamente a este correo para escribirle.",
    service: "Servicio solicitado:",
    subject: "Asunto:",
    basketSubject: (r, s) => `[Cesta] Solicitud de llamada ${r} – ${s}`,
    fromCustomer: "Un cliente conectado a su área de cliente ha validado su cesta y desea que un asesor le llame.",
    fromVisitor: "Un visitante del sitio web ha validado su cesta y desea que un asesor le llame.",
    reference: "Referencia:",
    name: "Nombre:",
    societe: "empresa:",
    langue: "idioma:",
    account: "Cuenta de cliente:",
    selectedCompany: "Empresa seleccionada:",
    items: (n) => `Artículos (${n}):`,
    itemReference: "ref.",
    sms: "Se le ha enviado una confirmación por SMS: le indica que se le llamará lo antes posible.",
  },
  it: {
    greeting: "Buongiorno,",
    signature: "Area clienti MACC",
    customer: "Cliente:",
    telephone: "Telefono:",
    mobile: "Cellulare:",
    company: "Società:",
    companyIds: (c) => `n. cliente ${c.numeroClient} (terzo ${c.idTier}, rete ${c.codeReseau})`,
    immat: "Numero di iscrizione:",
    contactSubject: "[Modulo di contatto]",
    contactIntro:
      "Un cliente ha inviato il seguente messaggio dalla sua area clienti MACC. Risponda direttamente a questa e-mail per scrivergli.",
    service: "Servizio richiesto:",
    subject: "Oggetto:",
    basketSubject: (r, s) => `[Carrello] Richiesta di richiamata ${r} – ${s}`,
    fromCustomer: "Un cliente collegato alla sua area clienti ha convalidato il carrello e desidera essere richiamato da un consulente.",
    fromVisitor: "Un visitatore del sito ha convalidato il carrello e desidera essere richiamato da un consulente.",
    reference: "Riferimento:",
    name: "Nome:",
    societe: "società:",
    langue: "lingua:",
    account: "Account cliente:",
    selectedCompany: "Società selezionata:",
    items: (n) => `Articoli (${n}):`,
    itemReference: "rif.",
    sms: "Gli è stata inviata una conferma via SMS: annuncia che sarà richiamato al più presto.",
  },
};

/** The call-back request for the adviser or the network's sales service, in their language; reply goes to a logged-in customer. */
export function basketRequestMail(lang: StaffLanguage, to: string, d: BasketRequestDetails): MailMessage {
  const w = STAFF_WORDS[lang];
  const message = render(to, {
    lang,
    subject: w.basketSubject(d.reference, d.societe),
    greeting: w.greeting,
    paragraphs: [
      d.customer ? w.fromCustomer : w.fromVisitor,
      `${w.reference} ${d.reference}`,
      `${w.name} ${d.nom} — ${w.societe} ${d.societe}`,
      `${w.mobile} ${d.mobile} (${d.mobileE164})`,
      `${w.immat} ${d.immat} (${d.pays}) — ${w.langue} ${d.langue}`,
      ...(d.customer
        ? [
            `${w.account} ${d.customer.name} <${d.customer.email}>`,
            `${w.selectedCompany} ${d.customer.company} — ${w.companyIds(d.customer)}`,
          ]
        : []),
      w.items(d.items.length),
      ...d.items.map((item) => `• ${item.nom} (${w.itemReference} ${item.id})`),
      w.sms,
    ],
    signature: w.signature,
  });
  return d.customer ? { ...message, replyTo: d.customer.email } : message;
}

/** The SMS confirming a validated basket (SPEC §4: the request is registered, the company calls back as soon as possible). */
const BASKET_SMS: Record<MailLanguage, (brand: string, reference: string) => string> = {
  fr: (b, r) => `${b} : votre demande ${r} est bien enregistrée. Nous vous rappellerons dans les meilleurs délais.`,
  en: (b, r) => `${b}: your request ${r} has been registered. We will call you back as soon as possible.`,
  nl: (b, r) => `${b}: uw aanvraag ${r} is geregistreerd. We bellen u zo snel mogelijk terug.`,
  de: (b, r) => `${b}: Ihre Anfrage ${r} wurde registriert. Wir rufen Sie so bald wie möglich zurück.`,
  es: (b, r) => `${b}: su solicitud ${r} ha quedado registrada. Le llamaremos lo antes posible.`,
  it: (b, r) => `${b}: la Sua richiesta ${r} è stata registrata. La richiameremo al più presto.`,
};

/** `brand`: the name the customer knows (`brandName`: AGRIMACC for the agri network, else MACC). */
export function basketConfirmationText(lang: MailLanguage, brand: string, reference: string): string {
  return BASKET_SMS[lang](brand, reference);
}

/* The login e-mail change (issue 26 item 8): the link to the new address, the notice with a cancel link to the old one, and the notice to the owner of an address already taken. */

const EMAIL_CHANGE_CONFIRM: Record<MailLanguage, (hours: number) => LinkTexts> = {
  fr: (h) => ({
    subject: "Confirmez votre nouvelle adresse e-mail MACC",
    greeting: "Bonjour,",
    paragraphs: [
      "Vous avez demandé à utiliser cette adresse pour vous connecter à votre compte client MACC. Elle le deviendra quand vous ouvrirez ce lien.",
    ],
    label: "Confirmer ma nouvelle adresse",
    after: [
      `Ce lien est valable ${h} heures et ne peut servir qu'une fois.`,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne change.",
    ],
    signature: "L'équipe MACC",
  }),
  en: (h) => ({
    subject: "Confirm your new MACC e-mail address",
    greeting: "Hello,",
    paragraphs: ["You asked to log in to your MACC customer account with this address. It becomes your login when you open this link."],
    label: "Confirm my new address",
    after: [
      `This link is valid for ${h} hours and can be used only once.`,
      "If you did not make this request, ignore this message: nothing changes.",
    ],
    signature: "The MACC team",
  }),
  nl: (h) => ({
    subject: "Bevestig uw nieuwe MACC-e-mailadres",
    greeting: "Hallo,",
    paragraphs: [
      "U hebt gevraagd om met dit adres aan te melden bij uw MACC-klantaccount. Het wordt uw aanmeldadres zodra u deze link opent.",
    ],
    label: "Mijn nieuwe adres bevestigen",
    after: [
      `Deze link is ${h} uur geldig en kan maar één keer worden gebruikt.`,
      "Hebt u dit niet gevraagd? Negeer dan dit bericht: er verandert niets.",
    ],
    signature: "Het MACC-team",
  }),
  de: (h) => ({
    subject: "Bestätigen Sie Ihre neue MACC-E-Mail-Adresse",
    greeting: "Guten Tag,",
    paragraphs: [
      "Sie möchten sich mit dieser Adresse bei Ihrem MACC-Kundenkonto anmelden. Sie wird Ihre Anmeldeadresse, sobald Sie diesen Link öffnen.",
    ],
    label: "Neue Adresse bestätigen",
    after: [
      `Dieser Link ist ${h} Stunden gültig und kann nur einmal verwendet werden.`,
      "Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht: Es ändert sich nichts.",
    ],
    signature: "Ihr MACC-Team",
  }),
  es: (h) => ({
    subject: "Confirme su nueva dirección de correo electrónico MACC",
    greeting: "Hola:",
    paragraphs: [
      "Ha solicitado acceder a su cuenta de cliente MACC con esta dirección. Será su dirección de acceso cuando abra este enlace.",
    ],
    label: "Confirmar mi nueva dirección",
    after: [
      `Este enlace es válido durante ${h} horas y solo puede utilizarse una vez.`,
      "Si no ha realizado esta solicitud, ignore este mensaje: no cambia nada.",
    ],
    signature: "El equipo MACC",
  }),
  it: (h) => ({
    subject: "Confermi il Suo nuovo indirizzo e-mail MACC",
    greeting: "Buongiorno,",
    paragraphs: [
      "Ha chiesto di accedere al Suo account cliente MACC con questo indirizzo. Diventerà il Suo indirizzo di accesso quando aprirà questo link.",
    ],
    label: "Confermare il nuovo indirizzo",
    after: [
      `Questo link è valido per ${h} ore e può essere usato una sola volta.`,
      "Se non ha fatto Lei questa richiesta, ignori questo messaggio: non cambia nulla.",
    ],
    signature: "Il team MACC",
  }),
};

/** To the new address: the single-use link that makes it the login. */
export function emailChangeConfirmMail(lang: MailLanguage, to: string, url: string, hours: number): MailMessage {
  return renderWithLink(to, lang, EMAIL_CHANGE_CONFIRM[lang](hours), url);
}

const EMAIL_CHANGE_NOTICE: Record<MailLanguage, (newEmail: string, hours: number) => LinkTexts> = {
  fr: (e, h) => ({
    subject: "Demande de changement de l'adresse e-mail de votre compte MACC",
    greeting: "Bonjour,",
    paragraphs: [
      `Une demande vient d'être faite pour remplacer l'adresse de connexion de votre compte client MACC par ${e}. Le changement ne sera fait que si le lien envoyé à cette adresse est ouvert dans les ${h} heures.`,
      "Si vous n'êtes pas à l'origine de cette demande, annulez-la et changez votre mot de passe :",
    ],
    label: "Annuler ce changement",
    after: ["Si c'est bien vous, vous n'avez rien à faire ici."],
    signature: "L'équipe MACC",
  }),
  en: (e, h) => ({
    subject: "Request to change the e-mail address of your MACC account",
    greeting: "Hello,",
    paragraphs: [
      `Someone has just asked to replace the login address of your MACC customer account with ${e}. The change is made only if the link sent to that address is opened within ${h} hours.`,
      "If you did not make this request, cancel it and change your password:",
    ],
    label: "Cancel this change",
    after: ["If it was you, there is nothing to do here."],
    signature: "The MACC team",
  }),
  nl: (e, h) => ({
    subject: "Verzoek om het e-mailadres van uw MACC-account te wijzigen",
    greeting: "Hallo,",
    paragraphs: [
      `Er is zojuist gevraagd om het aanmeldadres van uw MACC-klantaccount te vervangen door ${e}. De wijziging gebeurt alleen als de link die naar dat adres is gestuurd binnen ${h} uur wordt geopend.`,
      "Hebt u dit niet gevraagd? Annuleer het dan en wijzig uw wachtwoord:",
    ],
    label: "Deze wijziging annuleren",
    after: ["Was u het zelf? Dan hoeft u hier niets te doen."],
    signature: "Het MACC-team",
  }),
  de: (e, h) => ({
    subject: "Anfrage zur Änderung der E-Mail-Adresse Ihres MACC-Kontos",
    greeting: "Guten Tag,",
    paragraphs: [
      `Soeben wurde beantragt, die Anmeldeadresse Ihres MACC-Kundenkontos durch ${e} zu ersetzen. Die Änderung erfolgt nur, wenn der an diese Adresse gesendete Link innerhalb von ${h} Stunden geöffnet wird.`,
      "Wenn Sie dies nicht beantragt haben, brechen Sie es ab und ändern Sie Ihr Passwort:",
    ],
    label: "Diese Änderung abbrechen",
    after: ["Wenn Sie es waren, müssen Sie hier nichts tun."],
    signature: "Ihr MACC-Team",
  }),
  es: (e, h) => ({
    subject: "Solicitud de cambio de la dirección de correo electrónico de su cuenta MACC",
    greeting: "Hola:",
    paragraphs: [
      `Se acaba de solicitar sustituir la dirección de acceso de su cuenta de cliente MACC por ${e}. El cambio solo se hará si se abre en ${h} horas el enlace enviado a esa dirección.`,
      "Si no ha realizado esta solicitud, anúlela y cambie su contraseña:",
    ],
    label: "Anular este cambio",
    after: ["Si ha sido usted, no tiene nada que hacer aquí."],
    signature: "El equipo MACC",
  }),
  it: (e, h) => ({
    subject: "Richiesta di modifica dell'indirizzo e-mail del Suo account MACC",
    greeting: "Buongiorno,",
    paragraphs: [
      `È appena stato chiesto di sostituire l'indirizzo di accesso del Suo account cliente MACC con ${e}. La modifica avverrà solo se il link inviato a quell'indirizzo sarà aperto entro ${h} ore.`,
      "Se non ha fatto Lei questa richiesta, la annulli e cambi la Sua password:",
    ],
    label: "Annullare questa modifica",
    after: ["Se è stato Lei, non deve fare nulla qui."],
    signature: "Il team MACC",
  }),
};

/**
 * To the old address: what was asked, the single-use link that cancels it (no login needed), and
 * the security alerts' "this wasn't me" link when given.
 */
export function emailChangeNoticeMail(
  lang: MailLanguage,
  to: string,
  newEmail: string,
  cancelUrl: string,
  hours: number,
  notMe?: { intro: string; label: string; url: string },
): MailMessage {
  const { label, ...texts } = EMAIL_CHANGE_NOTICE[lang](newEmail, hours);
  return render(to, { lang, ...texts, action: { label, url: cancelUrl }, ...(notMe ? { secondary: notMe } : {}) });
}

const EMAIL_TAKEN: Record<MailLanguage, Omit<Layout, "lang">> = {
  fr: {
    subject: "Votre adresse e-mail a été proposée pour un autre compte MACC",
    greeting: "Bonjour,",
    paragraphs: [
      "Quelqu'un a essayé d'utiliser cette adresse, qui est déjà celle de votre compte client MACC, comme adresse de connexion d'un autre compte.",
      "Rien n'a changé : une adresse ne peut servir qu'à un seul compte, et votre compte reste tel quel. Vous n'avez rien à faire.",
      "Si vous ne reconnaissez pas cette démarche et qu'elle se répète, contactez la MACC.",
    ],
    signature: "L'équipe MACC",
  },
  en: {
    subject: "Your e-mail address was offered for another MACC account",
    greeting: "Hello,",
    paragraphs: [
      "Someone tried to use this address, which is already the one of your MACC customer account, as the login address of another account.",
      "Nothing has changed: an address can serve only one account, and your account stays as it is. There is nothing for you to do.",
      "If you do not recognise this and it happens again, contact MACC.",
    ],
    signature: "The MACC team",
  },
  nl: {
    subject: "Uw e-mailadres is opgegeven voor een ander MACC-account",
    greeting: "Hallo,",
    paragraphs: [
      "Iemand heeft geprobeerd dit adres, dat al bij uw MACC-klantaccount hoort, te gebruiken als aanmeldadres van een ander account.",
      "Er is niets veranderd: een adres kan maar voor één account dienen, en uw account blijft zoals het is. U hoeft niets te doen.",
      "Herkent u dit niet en gebeurt het opnieuw? Neem dan contact op met MACC.",
    ],
    signature: "Het MACC-team",
  },
  de: {
    subject: "Ihre E-Mail-Adresse wurde für ein anderes MACC-Konto angegeben",
    greeting: "Guten Tag,",
    paragraphs: [
      "Jemand hat versucht, diese Adresse, die bereits zu Ihrem MACC-Kundenkonto gehört, als Anmeldeadresse eines anderen Kontos zu verwenden.",
      "Es hat sich nichts geändert: Eine Adresse kann nur zu einem Konto gehören, und Ihr Konto bleibt, wie es ist. Sie müssen nichts tun.",
      "Wenn Sie dies nicht nachvollziehen können und es sich wiederholt, wenden Sie sich an die MACC.",
    ],
    signature: "Ihr MACC-Team",
  },
  es: {
    subject: "Su dirección de correo electrónico se ha indicado para otra cuenta MACC",
    greeting: "Hola:",
    paragraphs: [
      "Alguien ha intentado utilizar esta dirección, que ya es la de su cuenta de cliente MACC, como dirección de acceso de otra cuenta.",
      "No ha cambiado nada: una dirección solo puede servir para una cuenta, y su cuenta sigue igual. No tiene que hacer nada.",
      "Si no reconoce esta gestión y se repite, contacte con MACC.",
    ],
    signature: "El equipo MACC",
  },
  it: {
    subject: "Il Suo indirizzo e-mail è stato indicato per un altro account MACC",
    greeting: "Buongiorno,",
    paragraphs: [
      "Qualcuno ha tentato di usare questo indirizzo, che è già quello del Suo account cliente MACC, come indirizzo di accesso di un altro account.",
      "Non è cambiato nulla: un indirizzo può servire a un solo account, e il Suo account resta invariato. Non deve fare nulla.",
      "Se non riconosce questa operazione e si ripete, contatti MACC.",
    ],
    signature: "Il team MACC",
  },
};

/** To the owner of an address another account asked for: someone tried, nothing changed (no link). */
export function emailTakenMail(lang: MailLanguage, to: string): MailMessage {
  return render(to, { lang, ...EMAIL_TAKEN[lang] });
}
