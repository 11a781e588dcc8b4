/**
 * The messages of a service request: to the network's after-sales service and the company's
 * adviser (in the language their staff reads, with the photos' signed links), and the customer's
 * acknowledgement by e-mail and SMS (in the customer's language).
 */
import type {
  CallTime,
  ServiceRequestKind,
  ServiceRequestStatus,
  ServiceRequestUrgency,
  VisitWindow,
} from "../../src/contract/service-request.ts";
import type { MailMessage } from "./mailer.ts";
import { unsubscribeHeaders, unsubscribeLine } from "./notification-templates.ts";
import type { StaffLanguage } from "./staff-language.ts";
import { render, type MailLanguage } from "./templates.ts";

export interface ServiceRequestDetails {
  reference: string;
  kind: ServiceRequestKind;
  urgency: ServiceRequestUrgency;
  /** The family's name in the mail's language, and which machine. */
  machine: { produit: string; codeProduit: string | null; numeroSerie: string | null; dateAchat: string | null };
  description: string;
  usageHours: number | null;
  address: string;
  callTime: CallTime;
}

export interface StaffDetails extends ServiceRequestDetails {
  customer: { name: string; email: string; phone: string | null; company: string; numeroClient: string; idTier: string };
  /** Signed links, valid `linkDays`. */
  photoLinks: string[];
  /** The video's signed link, valid `linkDays`, when there is one. */
  videoLink?: string | null;
  linkDays: number;
}

interface Words {
  kinds: Record<ServiceRequestKind, string>;
  urgencies: Record<ServiceRequestUrgency, string>;
  callTimes: Record<CallTime, string>;
  machine: string;
  productCode: string;
  serial: string;
  purchased: string;
  hours: string;
  address: string;
  callTime: string;
  greeting: string;
}

const WORDS: Record<MailLanguage, Words> = {
  fr: {
    kinds: { breakdown: "Panne", maintenance: "Entretien", "spare-part": "Pièce détachée", question: "Question" },
    urgencies: { "machine-stopped": "Machine à l'arrêt", "can-wait": "Peut attendre" },
    callTimes: { any: "N'importe quand", morning: "Le matin", midday: "À midi", afternoon: "L'après-midi", evening: "Le soir" },
    machine: "Machine :",
    productCode: "code produit",
    serial: "n° de série",
    purchased: "achetée le",
    hours: "Heures d'utilisation :",
    address: "Lieu de la machine :",
    callTime: "À appeler :",
    greeting: "Bonjour,",
  },
  en: {
    kinds: { breakdown: "Breakdown", maintenance: "Maintenance", "spare-part": "Spare part", question: "Question" },
    urgencies: { "machine-stopped": "Machine stopped", "can-wait": "Can wait" },
    callTimes: {
      any: "Any time",
      morning: "In the morning",
      midday: "At midday",
      afternoon: "In the afternoon",
      evening: "In the evening",
    },
    machine: "Machine:",
    productCode: "product code",
    serial: "serial no.",
    purchased: "bought on",
    hours: "Hours of use:",
    address: "Where the machine is:",
    callTime: "Best time to call:",
    greeting: "Hello,",
  },
  nl: {
    kinds: { breakdown: "Storing", maintenance: "Onderhoud", "spare-part": "Onderdeel", question: "Vraag" },
    urgencies: { "machine-stopped": "Machine staat stil", "can-wait": "Kan wachten" },
    callTimes: { any: "Op elk moment", morning: "'s Ochtends", midday: "'s Middags", afternoon: "In de namiddag", evening: "'s Avonds" },
    machine: "Machine:",
    productCode: "productcode",
    serial: "serienummer",
    purchased: "gekocht op",
    hours: "Draaiuren:",
    address: "Waar de machine staat:",
    callTime: "Bellen:",
    greeting: "Hallo,",
  },
  de: {
    kinds: { breakdown: "Panne", maintenance: "Wartung", "spare-part": "Ersatzteil", question: "Frage" },
    urgencies: { "machine-stopped": "Maschine steht still", "can-wait": "Kann warten" },
    callTimes: { any: "Jederzeit", morning: "Morgens", midday: "Mittags", afternoon: "Nachmittags", evening: "Abends" },
    machine: "Maschine:",
    productCode: "Produktcode",
    serial: "Seriennr.",
    purchased: "gekauft am",
    hours: "Betriebsstunden:",
    address: "Standort der Maschine:",
    callTime: "Anrufen:",
    greeting: "Guten Tag,",
  },
  es: {
    kinds: { breakdown: "Avería", maintenance: "Mantenimiento", "spare-part": "Recambio", question: "Pregunta" },
    urgencies: { "machine-stopped": "Máquina parada", "can-wait": "Puede esperar" },
    callTimes: {
      any: "En cualquier momento",
      morning: "Por la mañana",
      midday: "A mediodía",
      afternoon: "Por la tarde",
      evening: "Por la noche",
    },
    machine: "Máquina:",
    productCode: "código de producto",
    serial: "n.º de serie",
    purchased: "comprada el",
    hours: "Horas de uso:",
    address: "Ubicación de la máquina:",
    callTime: "Llamar:",
    greeting: "Hola:",
  },
  it: {
    kinds: { breakdown: "Guasto", maintenance: "Manutenzione", "spare-part": "Ricambio", question: "Domanda" },
    urgencies: { "machine-stopped": "Macchina ferma", "can-wait": "Può attendere" },
    callTimes: {
      any: "In qualsiasi momento",
      morning: "Al mattino",
      midday: "A mezzogiorno",
      afternoon: "Al pomeriggio",
      evening: "La sera",
    },
    machine: "Macchina:",
    productCode: "codice prodotto",
    serial: "n. di serie",
    purchased: "acquistata il",
    hours: "Ore di utilizzo:",
    address: "Dove si trova la macchina:",
    callTime: "Da chiamare:",
    greeting: "Buongiorno,",
  },
};

/** The lines both the staff and the customer read: what, which machine, where, when to call. */
function summary(w: Words, d: ServiceRequestDetails): string[] {
  const m = d.machine;
  const which = [
    m.codeProduit && `${w.productCode} ${m.codeProduit}`,
    m.numeroSerie && `${w.serial} ${m.numeroSerie}`,
    m.dateAchat && `${w.purchased} ${m.dateAchat}`,
  ].filter(Boolean);
  return [
    `${w.kinds[d.kind]} — ${w.urgencies[d.urgency]}`,
    `${w.machine} ${m.produit}${which.length ? ` (${which.join(", ")})` : ""}`,
    ...(d.usageHours === null ? [] : [`${w.hours} ${d.usageHours}`]),
    `${w.address} ${d.address}`,
    `${w.callTime} ${w.callTimes[d.callTime]}`,
  ];
}

const paragraphs = (text: string) => text.split(/\r?\n\s*\r?\n/);

const STAFF: Record<
  StaffLanguage,
  {
    subject: (reference: string, company: string, urgent: boolean) => string;
    intro: string;
    customer: string;
    phone: string;
    company: (numeroClient: string, idTier: string) => string;
    description: string;
    photos: (count: number, days: number) => string;
    noPhotos: string;
    video: (days: number) => string;
    signature: string;
  }
> = {
  fr: {
    subject: (r, c, u) => `[SAV]${u ? " URGENT" : ""} Demande d'intervention ${r} – ${c}`,
    intro: "Un client a fait une demande d'intervention depuis son espace client MACC. Répondez à ce courriel pour lui écrire.",
    customer: "Client :",
    phone: "Téléphone :",
    company: (n, t) => `n° client ${n}, tiers ${t}`,
    description: "Description :",
    photos: (n, d) => `Photos (${n}), liens valables ${d} jours :`,
    noPhotos: "Aucune photo.",
    video: (d) => `Vidéo, lien valable ${d} jours :`,
    signature: "Espace client MACC",
  },
  en: {
    subject: (r, c, u) => `[After-sales]${u ? " URGENT" : ""} Service request ${r} – ${c}`,
    intro: "A customer made a service request from their MACC customer area. Reply to this e-mail to write to them.",
    customer: "Customer:",
    phone: "Phone:",
    company: (n, t) => `customer no. ${n}, third party ${t}`,
    description: "Description:",
    photos: (n, d) => `Photos (${n}), links valid for ${d} days:`,
    noPhotos: "No photos.",
    video: (d) => `Video, link valid for ${d} days:`,
    signature: "MACC customer area",
  },
  nl: {
    subject: (r, c, u) => `[Aftersales]${u ? " DRINGEND" : ""} Interventieaanvraag ${r} – ${c}`,
    intro: "Een klant heeft een interventieaanvraag gedaan vanuit zijn MACC-klantenzone. Beantwoord deze e-mail om hem te schrijven.",
    customer: "Klant:",
    phone: "Telefoon:",
    company: (n, t) => `klantnummer ${n}, derde ${t}`,
    description: "Beschrijving:",
    photos: (n, d) => `Foto's (${n}), links ${d} dagen geldig:`,
    noPhotos: "Geen foto's.",
    video: (d) => `Video, link ${d} dagen geldig:`,
    signature: "MACC-klantenzone",
  },
  es: {
    subject: (r, c, u) => `[Posventa]${u ? " URGENTE" : ""} Solicitud de intervención ${r} – ${c}`,
    intro: "Un cliente ha hecho una solicitud de intervención desde su área de cliente MACC. Responda a este correo para escribirle.",
    customer: "Cliente:",
    phone: "Teléfono:",
    company: (n, t) => `n.º de cliente ${n}, tercero ${t}`,
    description: "Descripción:",
    photos: (n, d) => `Fotos (${n}), enlaces válidos durante ${d} días:`,
    noPhotos: "Sin fotos.",
    video: (d) => `Vídeo, enlace válido durante ${d} días:`,
    signature: "Área de cliente MACC",
  },
  it: {
    subject: (r, c, u) => `[Assistenza]${u ? " URGENTE" : ""} Richiesta di intervento ${r} – ${c}`,
    intro: "Un cliente ha fatto una richiesta di intervento dalla sua area clienti MACC. Risponda a questa e-mail per scrivergli.",
    customer: "Cliente:",
    phone: "Telefono:",
    company: (n, t) => `n. cliente ${n}, terzo ${t}`,
    description: "Descrizione:",
    photos: (n, d) => `Foto (${n}), link validi ${d} giorni:`,
    noPhotos: "Nessuna foto.",
    video: (d) => `Video, link valido ${d} giorni:`,
    signature: "Area clienti MACC",
  },
};

/** The signed links of photos and a video, each under its heading in the staff's language. */
function mediaLinks(lang: StaffLanguage, d: { photoLinks: readonly string[]; videoLink?: string | null; linkDays: number }): string[] {
  const s = STAFF[lang];
  return [
    ...(d.photoLinks.length ? [s.photos(d.photoLinks.length, d.linkDays), ...d.photoLinks] : []),
    ...(d.videoLink ? [s.video(d.linkDays), d.videoLink] : []),
  ];
}

/** To the after-sales service or the adviser, in their language; a reply goes to the customer. */
export function serviceRequestStaffMail(lang: StaffLanguage, to: string, d: StaffDetails): MailMessage {
  const s = STAFF[lang];
  const c = d.customer;
  const message = render(to, {
    lang,
    subject: s.subject(d.reference, c.company, d.urgency === "machine-stopped"),
    greeting: WORDS[lang].greeting,
    paragraphs: [
      s.intro,
      d.reference,
      `${s.customer} ${c.name} <${c.email}>${c.phone ? ` — ${s.phone} ${c.phone}` : ""}`,
      `${c.company} (${s.company(c.numeroClient, c.idTier)})`,
      ...summary(WORDS[lang], d),
      s.description,
      ...paragraphs(d.description),
      ...(d.photoLinks.length ? [] : [s.noPhotos]),
      ...mediaLinks(lang, d),
    ],
    signature: s.signature,
  });
  return { ...message, replyTo: c.email };
}

const ACK: Record<MailLanguage, { subject: (reference: string) => string; body: string; signature: string }> = {
  fr: {
    subject: (r) => `Votre demande d'intervention ${r} est bien reçue`,
    body: "Votre demande a été transmise à notre service après-vente, qui vous appellera pour convenir de la suite.",
    signature: "L'équipe MACC",
  },
  en: {
    subject: (r) => `We have received your service request ${r}`,
    body: "Your request was passed on to our after-sales service, who will call you to arrange what happens next.",
    signature: "The MACC team",
  },
  nl: {
    subject: (r) => `We hebben uw interventieaanvraag ${r} ontvangen`,
    body: "Uw aanvraag is doorgestuurd naar onze aftersalesdienst, die u belt om het vervolg af te spreken.",
    signature: "Het MACC-team",
  },
  de: {
    subject: (r) => `Wir haben Ihre Serviceanfrage ${r} erhalten`,
    body: "Ihre Anfrage wurde an unseren Kundendienst weitergeleitet, der Sie anruft, um das weitere Vorgehen zu vereinbaren.",
    signature: "Ihr MACC-Team",
  },
  es: {
    subject: (r) => `Hemos recibido su solicitud de intervención ${r}`,
    body: "Su solicitud se ha enviado a nuestro servicio posventa, que le llamará para acordar los siguientes pasos.",
    signature: "El equipo MACC",
  },
  it: {
    subject: (r) => `Abbiamo ricevuto la Sua richiesta di intervento ${r}`,
    body: "La Sua richiesta è stata inoltrata al nostro servizio di assistenza, che La chiamerà per concordare il seguito.",
    signature: "Il team MACC",
  },
};

/** The customer's acknowledgement, with what they asked. */
export function serviceRequestAcknowledgementMail(lang: MailLanguage, to: string, d: ServiceRequestDetails): MailMessage {
  const a = ACK[lang];
  return render(to, {
    lang,
    subject: a.subject(d.reference),
    greeting: WORDS[lang].greeting,
    paragraphs: [a.body, ...summary(WORDS[lang], d), ...paragraphs(d.description)],
    signature: a.signature,
  });
}

const SMS: Record<MailLanguage, (brand: string, reference: string) => string> = {
  fr: (b, r) => `${b} : votre demande d'intervention ${r} est bien reçue. Notre service après-vente va vous appeler.`,
  en: (b, r) => `${b}: we have received your service request ${r}. Our after-sales service will call you.`,
  nl: (b, r) => `${b}: we hebben uw interventieaanvraag ${r} ontvangen. Onze aftersalesdienst belt u.`,
  de: (b, r) => `${b}: Wir haben Ihre Serviceanfrage ${r} erhalten. Unser Kundendienst ruft Sie an.`,
  es: (b, r) => `${b}: hemos recibido su solicitud de intervención ${r}. Nuestro servicio posventa le llamará.`,
  it: (b, r) => `${b}: abbiamo ricevuto la Sua richiesta di intervento ${r}. Il nostro servizio di assistenza La chiamerà.`,
};

export function serviceRequestSmsText(lang: MailLanguage, brand: string, reference: string): string {
  return SMS[lang](brand, reference);
}

/** A change of state as the customer reads it (issue 28, step 2). */
export interface StatusChangeDetails {
  reference: string;
  status: Exclude<ServiceRequestStatus, "received">;
  /** The family's name in the mail's language. */
  produit: string;
  technician: string | null;
  window: VisitWindow | null;
  message: string | null;
}

type Changed = StatusChangeDetails["status"];

const STATUS_WORDS: Record<
  MailLanguage,
  {
    subject: (reference: string, status: string) => string;
    statuses: Record<Changed, string>;
    technician: string;
    visit: (date: string, from: string, to: string) => string;
    message: string;
    machine: string;
    follow: string;
    signature: string;
  }
> = {
  fr: {
    subject: (r, s) => `Demande d'intervention ${r} : ${s}`,
    statuses: {
      assigned: "prise en charge",
      scheduled: "intervention planifiée",
      "waiting-for-parts": "en attente de pièces",
      done: "intervention terminée",
      cancelled: "demande annulée",
    },
    technician: "Suivie par :",
    visit: (d, f, t) => `Intervention prévue le ${d} entre ${f} et ${t}.`,
    message: "Message du service après-vente :",
    machine: "Machine :",
    follow: "Suivez votre demande dans votre espace client, rubrique « Mes demandes d'intervention ».",
    signature: "L'équipe MACC",
  },
  en: {
    subject: (r, s) => `Service request ${r}: ${s}`,
    statuses: {
      assigned: "assigned",
      scheduled: "visit scheduled",
      "waiting-for-parts": "waiting for parts",
      done: "work done",
      cancelled: "request cancelled",
    },
    technician: "Handled by:",
    visit: (d, f, t) => `Visit planned on ${d} between ${f} and ${t}.`,
    message: "Message from the after-sales service:",
    machine: "Machine:",
    follow: "Follow your request in your customer area, under “My service requests”.",
    signature: "The MACC team",
  },
  nl: {
    subject: (r, s) => `Interventieaanvraag ${r}: ${s}`,
    statuses: {
      assigned: "toegewezen",
      scheduled: "interventie gepland",
      "waiting-for-parts": "wacht op onderdelen",
      done: "interventie afgerond",
      cancelled: "aanvraag geannuleerd",
    },
    technician: "Behandeld door:",
    visit: (d, f, t) => `Interventie gepland op ${d} tussen ${f} en ${t}.`,
    message: "Bericht van de aftersalesdienst:",
    machine: "Machine:",
    follow: "Volg uw aanvraag in uw klantenzone, onder „Mijn interventieaanvragen”.",
    signature: "Het MACC-team",
  },
  de: {
    subject: (r, s) => `Serviceanfrage ${r}: ${s}`,
    statuses: {
      assigned: "zugewiesen",
      scheduled: "Einsatz geplant",
      "waiting-for-parts": "wartet auf Ersatzteile",
      done: "Einsatz abgeschlossen",
      cancelled: "Anfrage storniert",
    },
    technician: "Bearbeitet von:",
    visit: (d, f, t) => `Einsatz geplant am ${d} zwischen ${f} und ${t} Uhr.`,
    message: "Nachricht des Kundendienstes:",
    machine: "Maschine:",
    follow: "Verfolgen Sie Ihre Anfrage in Ihrem Kundenbereich unter „Meine Serviceanfragen“.",
    signature: "Ihr MACC-Team",
  },
  es: {
    subject: (r, s) => `Solicitud de intervención ${r}: ${s}`,
    statuses: {
      assigned: "asignada",
      scheduled: "intervención programada",
      "waiting-for-parts": "a la espera de piezas",
      done: "intervención terminada",
      cancelled: "solicitud cancelada",
    },
    technician: "Atendida por:",
    visit: (d, f, t) => `Intervención prevista el ${d} entre las ${f} y las ${t}.`,
    message: "Mensaje del servicio posventa:",
    machine: "Máquina:",
    follow: "Siga su solicitud en su área de cliente, en «Mis solicitudes de intervención».",
    signature: "El equipo MACC",
  },
  it: {
    subject: (r, s) => `Richiesta di intervento ${r}: ${s}`,
    statuses: {
      assigned: "presa in carico",
      scheduled: "intervento programmato",
      "waiting-for-parts": "in attesa di ricambi",
      done: "intervento concluso",
      cancelled: "richiesta annullata",
    },
    technician: "Seguita da:",
    visit: (d, f, t) => `Intervento previsto il ${d} tra le ${f} e le ${t}.`,
    message: "Messaggio del servizio di assistenza:",
    machine: "Macchina:",
    follow: "Segua la Sua richiesta nella Sua area clienti, alla voce «Le mie richieste di intervento».",
    signature: "Il team MACC",
  },
};

const LOCALE_OF: Record<MailLanguage, string> = { fr: "fr-FR", en: "en-GB", nl: "nl-BE", de: "de-BE", es: "es-ES", it: "it-IT" };

/** A visit's day written out in the language (the date as booked, no time zone shift). */
export function visitDay(lang: MailLanguage, date: string): string {
  return new Intl.DateTimeFormat(LOCALE_OF[lang], { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
}

/** The customer's e-mail for a change of state, in their language. */
/** The customer's e-mail for a change of state, with the one-click unsubscribe of its type (RFC 8058) in its headers and body. */
export function serviceRequestStatusMail(lang: MailLanguage, to: string, d: StatusChangeDetails, unsubscribeUrl: string): MailMessage {
  const w = STATUS_WORDS[lang];
  const message = render(to, {
    lang,
    subject: w.subject(d.reference, w.statuses[d.status]),
    greeting: WORDS[lang].greeting,
    paragraphs: [
      `${d.reference} — ${w.statuses[d.status]}`,
      `${w.machine} ${d.produit}`,
      ...(d.technician ? [`${w.technician} ${d.technician}`] : []),
      ...(d.status === "scheduled" && d.window ? [w.visit(visitDay(lang, d.window.date), d.window.from, d.window.to)] : []),
      ...(d.message ? [w.message, ...paragraphs(d.message)] : []),
      w.follow,
    ],
    secondary: unsubscribeLine(lang, unsubscribeUrl),
    signature: w.signature,
  });
  return { ...message, headers: unsubscribeHeaders(unsubscribeUrl) };
}

/** The customer's SMS for a change of state: short, the visit's window when there is one. */
export function serviceRequestStatusSmsText(lang: MailLanguage, brand: string, d: StatusChangeDetails): string {
  const w = STATUS_WORDS[lang];
  const visit = d.status === "scheduled" && d.window ? ` ${w.visit(visitDay(lang, d.window.date), d.window.from, d.window.to)}` : "";
  const separator = lang === "fr" ? " : " : ": ";
  return `${brand}${separator}${w.subject(d.reference, w.statuses[d.status])}.${visit}`;
}

/** What the customer did on a request, for the after-sales service and the adviser who received it. */
export interface CustomerActionDetails {
  reference: string;
  action: "message" | "cancelled";
  customer: string;
  message: string | null;
  /** A message's photos and video: signed links, valid `linkDays`. */
  photoLinks?: readonly string[];
  videoLink?: string | null;
  linkDays?: number;
}

const CUSTOMER_ACTION: Record<
  StaffLanguage,
  { message: (r: string) => string; cancelled: (r: string) => string; by: string; signature: string }
> = {
  fr: {
    message: (r) => `[SAV] Message du client sur la demande ${r}`,
    cancelled: (r) => `[SAV] Demande ${r} annulée par le client`,
    by: "Client :",
    signature: "Espace client MACC",
  },
  en: {
    message: (r) => `[After-sales] Customer's message on request ${r}`,
    cancelled: (r) => `[After-sales] Request ${r} cancelled by the customer`,
    by: "Customer:",
    signature: "MACC customer area",
  },
  nl: {
    message: (r) => `[Aftersales] Bericht van de klant over aanvraag ${r}`,
    cancelled: (r) => `[Aftersales] Aanvraag ${r} geannuleerd door de klant`,
    by: "Klant:",
    signature: "MACC-klantenzone",
  },
  es: {
    message: (r) => `[Posventa] Mensaje del cliente sobre la solicitud ${r}`,
    cancelled: (r) => `[Posventa] Solicitud ${r} cancelada por el cliente`,
    by: "Cliente:",
    signature: "Área de cliente MACC",
  },
  it: {
    message: (r) => `[Assistenza] Messaggio del cliente sulla richiesta ${r}`,
    cancelled: (r) => `[Assistenza] Richiesta ${r} annullata dal cliente`,
    by: "Cliente:",
    signature: "Area clienti MACC",
  },
};

/** To the after-sales service and the adviser: the customer wrote on a request, or cancelled it. */
export function serviceRequestCustomerActionMail(lang: StaffLanguage, to: string, d: CustomerActionDetails): MailMessage {
  const s = CUSTOMER_ACTION[lang];
  return render(to, {
    lang,
    subject: d.action === "message" ? s.message(d.reference) : s.cancelled(d.reference),
    greeting: WORDS[lang].greeting,
    paragraphs: [
      `${s.by} ${d.customer}`,
      ...(d.message ? paragraphs(d.message) : []),
      ...mediaLinks(lang, { photoLinks: d.photoLinks ?? [], videoLink: d.videoLink, linkDays: d.linkDays ?? 0 }),
    ],
    signature: s.signature,
  });
}
