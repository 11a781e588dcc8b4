/**
 * The team's mails (issue 29, step 2): the invitation to its address, in the inviter's language, and
 * each change of a member's access to that member, in their own account's language.
 */
import type { Role } from "../../src/contract/permissions.ts";
import type { MailMessage } from "./mailer.ts";
import { render, type MailLanguage } from "./templates.ts";

const ROLE_NAMES: Record<MailLanguage, Record<Role, string>> = {
  fr: { owner: "propriétaire", full: "accès complet", accountant: "comptable", workshop: "atelier", "read-only": "lecture seule" },
  en: { owner: "owner", full: "full access", accountant: "accountant", workshop: "workshop", "read-only": "read-only" },
  nl: { owner: "eigenaar", full: "volledige toegang", accountant: "boekhouder", workshop: "werkplaats", "read-only": "alleen lezen" },
  de: { owner: "Inhaber", full: "Vollzugriff", accountant: "Buchhaltung", workshop: "Werkstatt", "read-only": "nur Lesen" },
  es: { owner: "propietario", full: "acceso completo", accountant: "contable", workshop: "taller", "read-only": "solo lectura" },
  it: { owner: "titolare", full: "accesso completo", accountant: "contabile", workshop: "officina", "read-only": "sola lettura" },
};

const DATE_LOCALES: Record<MailLanguage, string> = { fr: "fr-FR", en: "en-GB", nl: "nl-BE", de: "de-DE", es: "es-ES", it: "it-IT" };

/** "YYYY-MM-DD" as the language writes a date in full. */
export function longDate(lang: MailLanguage, isoDay: string): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${isoDay}T12:00:00Z`));
}

type Words = {
  greeting: string;
  signature: string;
  invitation: {
    subject: (company: string) => string;
    invites: (company: string, role: string, until: string | null) => string;
    label: string;
    after: (days: number) => string[];
  };
  changeSubject: (company: string) => string;
  role: (company: string, role: string) => string;
  suspended: (company: string) => string;
  reinstated: (company: string, role: string) => string;
  removed: (company: string) => string;
  ends: (company: string, until: string | null) => string;
  questions: string;
};

const WORDS: Record<MailLanguage, Words> = {
  fr: {
    greeting: "Bonjour,",
    signature: "L'équipe MACC",
    invitation: {
      subject: (c) => `${c} vous invite sur son espace client MACC`,
      invites: (c, r, u) => `${c} vous invite à rejoindre son espace client MACC, avec le rôle ${r}${u ? ` jusqu'au ${u}` : ""}.`,
      label: "Voir l'invitation",
      after: (d) => [
        `Ce lien est valable ${d} jours et ne peut servir qu'une fois. Il vous permet de créer votre compte, ou d'ajouter cette entreprise au vôtre si vous en avez déjà un.`,
        "Si vous ne vous attendiez pas à cette invitation, ignorez ce message.",
      ],
    },
    changeSubject: (c) => `Votre accès à ${c} a changé`,
    role: (c, r) => `Votre rôle dans l'espace client de ${c} est désormais : ${r}.`,
    suspended: (c) => `Votre accès à l'espace client de ${c} est suspendu.`,
    reinstated: (c, r) => `Votre accès à l'espace client de ${c} est rétabli, avec le rôle ${r}.`,
    removed: (c) => `Vous n'avez plus accès à l'espace client de ${c}.`,
    ends: (c, u) =>
      u
        ? `Votre accès à l'espace client de ${c} prendra fin le ${u} au soir.`
        : `Votre accès à l'espace client de ${c} n'a plus de date de fin.`,
    questions: "Pour toute question, adressez-vous au propriétaire du compte de l'entreprise.",
  },
  en: {
    greeting: "Hello,",
    signature: "The MACC team",
    invitation: {
      subject: (c) => `${c} invites you to its MACC customer area`,
      invites: (c, r, u) => `${c} invites you to join its MACC customer area, with the role ${r}${u ? ` until ${u}` : ""}.`,
      label: "See the invitation",
      after: (d) => [
        `This link is valid for ${d} days and can be used only once. With it you create your account, or add this company to yours if you already have one.`,
        "If you did not expect this invitation, ignore this message.",
      ],
    },
    changeSubject: (c) => `Your access to ${c} has changed`,
    role: (c, r) => `Your role in the customer area of ${c} is now: ${r}.`,
    suspended: (c) => `Your access to the customer area of ${c} is suspended.`,
    reinstated: (c, r) => `Your access to the customer area of ${c} is restored, with the role ${r}.`,
    removed: (c) => `You no longer have access to the customer area of ${c}.`,
    ends: (c, u) =>
      u
        ? `Your access to the customer area of ${c} ends at the end of ${u}.`
        : `Your access to the customer area of ${c} no longer has an end date.`,
    questions: "For any question, please ask the owner of the company's account.",
  },
  nl: {
    greeting: "Hallo,",
    signature: "Het MACC-team",
    invitation: {
      subject: (c) => `${c} nodigt u uit in zijn MACC-klantenzone`,
      invites: (c, r, u) => `${c} nodigt u uit in zijn MACC-klantenzone, met de rol ${r}${u ? ` tot en met ${u}` : ""}.`,
      label: "De uitnodiging bekijken",
      after: (d) => [
        `Deze link is ${d} dagen geldig en kan maar één keer worden gebruikt. Hiermee maakt u uw account aan, of voegt u dit bedrijf toe aan uw account als u er al een hebt.`,
        "Verwachtte u deze uitnodiging niet? Negeer dan dit bericht.",
      ],
    },
    changeSubject: (c) => `Uw toegang tot ${c} is gewijzigd`,
    role: (c, r) => `Uw rol in de klantenzone van ${c} is nu: ${r}.`,
    suspended: (c) => `Uw toegang tot de klantenzone van ${c} is opgeschort.`,
    reinstated: (c, r) => `Uw toegang tot de klantenzone van ${c} is hersteld, met de rol ${r}.`,
    removed: (c) => `U hebt geen toegang meer tot de klantenzone van ${c}.`,
    ends: (c, u) =>
      u
        ? `Uw toegang tot de klantenzone van ${c} eindigt op ${u} 's avonds.`
        : `Uw toegang tot de klantenzone van ${c} heeft geen einddatum meer.`,
    questions: "Met vragen kunt u terecht bij de eigenaar van het bedrijfsaccount.",
  },
  de: {
    greeting: "Guten Tag,",
    signature: "Ihr MACC-Team",
    invitation: {
      subject: (c) => `${c} lädt Sie in seinen MACC-Kundenbereich ein`,
      invites: (c, r, u) => `${c} lädt Sie in seinen MACC-Kundenbereich ein, mit der Rolle ${r}${u ? ` bis zum ${u}` : ""}.`,
      label: "Einladung ansehen",
      after: (d) => [
        `Dieser Link ist ${d} Tage gültig und kann nur einmal verwendet werden. Damit legen Sie Ihr Konto an oder fügen dieses Unternehmen Ihrem bestehenden Konto hinzu.`,
        "Wenn Sie diese Einladung nicht erwartet haben, ignorieren Sie diese Nachricht.",
      ],
    },
    changeSubject: (c) => `Ihr Zugang zu ${c} wurde geändert`,
    role: (c, r) => `Ihre Rolle im Kundenbereich von ${c} ist jetzt: ${r}.`,
    suspended: (c) => `Ihr Zugang zum Kundenbereich von ${c} ist gesperrt.`,
    reinstated: (c, r) => `Ihr Zugang zum Kundenbereich von ${c} ist wiederhergestellt, mit der Rolle ${r}.`,
    removed: (c) => `Sie haben keinen Zugang mehr zum Kundenbereich von ${c}.`,
    ends: (c, u) =>
      u ? `Ihr Zugang zum Kundenbereich von ${c} endet am ${u} abends.` : `Ihr Zugang zum Kundenbereich von ${c} hat kein Enddatum mehr.`,
    questions: "Bei Fragen wenden Sie sich bitte an den Inhaber des Unternehmenskontos.",
  },
  es: {
    greeting: "Hola:",
    signature: "El equipo MACC",
    invitation: {
      subject: (c) => `${c} le invita a su área de cliente MACC`,
      invites: (c, r, u) => `${c} le invita a unirse a su área de cliente MACC, con el rol ${r}${u ? ` hasta el ${u}` : ""}.`,
      label: "Ver la invitación",
      after: (d) => [
        `Este enlace es válido durante ${d} días y solo puede utilizarse una vez. Con él crea su cuenta, o añade esta empresa a la suya si ya tiene una.`,
        "Si no esperaba esta invitación, ignore este mensaje.",
      ],
    },
    changeSubject: (c) => `Su acceso a ${c} ha cambiado`,
    role: (c, r) => `Su rol en el área de cliente de ${c} es ahora: ${r}.`,
    suspended: (c) => `Su acceso al área de cliente de ${c} está suspendido.`,
    reinstated: (c, r) => `Su acceso al área de cliente de ${c} se ha restablecido, con el rol ${r}.`,
    removed: (c) => `Ya no tiene acceso al área de cliente de ${c}.`,
    ends: (c, u) =>
      u
        ? `Su acceso al área de cliente de ${c} termina el ${u} por la noche.`
        : `Su acceso al área de cliente de ${c} ya no tiene fecha de fin.`,
    questions: "Para cualquier pregunta, diríjase al propietario de la cuenta de la empresa.",
  },
  it: {
    greeting: "Buongiorno,",
    signature: "Il team MACC",
    invitation: {
      subject: (c) => `${c} La invita nella sua area clienti MACC`,
      invites: (c, r, u) => `${c} La invita a entrare nella sua area clienti MACC, con il ruolo ${r}${u ? ` fino al ${u}` : ""}.`,
      label: "Vedere l'invito",
      after: (d) => [
        `Questo link è valido per ${d} giorni e può essere usato una sola volta. Con esso crea il Suo account, oppure aggiunge questa azienda al Suo se ne ha già uno.`,
        "Se non si aspettava questo invito, ignori questo messaggio.",
      ],
    },
    changeSubject: (c) => `Il Suo accesso a ${c} è cambiato`,
    role: (c, r) => `Il Suo ruolo nell'area clienti di ${c} è ora: ${r}.`,
    suspended: (c) => `Il Suo accesso all'area clienti di ${c} è sospeso.`,
    reinstated: (c, r) => `Il Suo accesso all'area clienti di ${c} è ripristinato, con il ruolo ${r}.`,
    removed: (c) => `Non ha più accesso all'area clienti di ${c}.`,
    ends: (c, u) =>
      u
        ? `Il Suo accesso all'area clienti di ${c} termina la sera del ${u}.`
        : `Il Suo accesso all'area clienti di ${c} non ha più una data di fine.`,
    questions: "Per qualsiasi domanda, si rivolga al titolare dell'account dell'azienda.",
  },
};

/** The invitation, to the invited address: its single-use link (the invitation page). */
export function invitationMail(
  lang: MailLanguage,
  to: string,
  d: { company: string; role: Role; endsOn: string | null; url: string; days: number },
): MailMessage {
  const w = WORDS[lang];
  return render(to, {
    lang,
    subject: w.invitation.subject(d.company),
    greeting: w.greeting,
    paragraphs: [w.invitation.invites(d.company, ROLE_NAMES[lang][d.role], d.endsOn && longDate(lang, d.endsOn))],
    action: { label: w.invitation.label, url: d.url },
    after: w.invitation.after(d.days),
    signature: w.signature,
  });
}

/** What changed in a member's access, one sentence each. */
export type AccessChange =
  | { kind: "role"; role: Role }
  | { kind: "suspended" }
  | { kind: "reinstated"; role: Role }
  | { kind: "removed" }
  | { kind: "ends"; endsOn: string | null };

/** To the member concerned, in their language: what changed in their access to the company. */
export function accessChangeMail(lang: MailLanguage, to: string, company: string, changes: AccessChange[]): MailMessage {
  const w = WORDS[lang];
  const sentence = (change: AccessChange) => {
    switch (change.kind) {
      case "role":
        return w.role(company, ROLE_NAMES[lang][change.role]);
      case "suspended":
        return w.suspended(company);
      case "reinstated":
        return w.reinstated(company, ROLE_NAMES[lang][change.role]);
      case "removed":
        return w.removed(company);
      case "ends":
        return w.ends(company, change.endsOn && longDate(lang, change.endsOn));
    }
  };
  return render(to, {
    lang,
    subject: w.changeSubject(company),
    greeting: w.greeting,
    paragraphs: changes.map(sentence),
    after: [w.questions],
    signature: w.signature,
  });
}
