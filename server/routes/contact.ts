import { Hono } from "hono";
import * as v from "valibot";
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_SUBJECT_MAX } from "../../src/core/constants.ts";
import { defaultConfig } from "../config.ts";
import { requireAuth } from "../http/auth-middleware.ts";
import { requireBotCheck } from "../http/bot-check.ts";
import { requireCompany } from "../http/company.ts";
import type { Queryable } from "../db/db.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { idempotencyKey, requestHash, runOnce, sendAnswer, type IdempotentAnswer } from "../http/idempotency.ts";
import { noticeLanguage } from "../http/locale.ts";
import { MESSAGES, ProblemError, tooManyRequests, validationProblem, type ProblemFieldError } from "../http/problem.ts";
import { hit } from "../http/rate-limit.ts";
import { NOT_A_STRING, objectMessage, REQUIRED } from "../http/schemas.ts";
import { readJson, toFieldErrors } from "../http/validate.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { contactAcknowledgementMail, contactServiceMail, type ContactDetails } from "../mail/templates.ts";
import { contactSender, insertContactMessage } from "../queries/contact-messages.ts";
import { subServiceNamed } from "../queries/footer.ts";

export const CHOOSE_SERVICE = "Choisissez un service.";
export const MESSAGE_TOO_SHORT = `Votre message doit contenir au moins ${CONTACT_MESSAGE_MIN} caractères.`;
/** Fields in form order: the errors are listed in this order. */
const FIELD_ORDER = ["service", "subject", "message"];

const text = (max: number, min = 1, short = REQUIRED) =>
  v.pipe(
    v.string((issue) => (issue.input === undefined || issue.input === null ? REQUIRED : NOT_A_STRING)),
    v.trim(),
    v.nonEmpty(REQUIRED),
    v.minLength(min, short),
    v.maxLength(max, `${max} caractères au maximum.`),
  );

const ContactBody = v.object(
  {
    service: v.pipe(v.string(CHOOSE_SERVICE), v.trim(), v.nonEmpty(CHOOSE_SERVICE), v.maxLength(200, CHOOSE_SERVICE)),
    subject: text(CONTACT_SUBJECT_MAX),
    message: text(CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, MESSAGE_TOO_SHORT),
  },
  objectMessage(),
);

/** Messages allowed per account and window by default (`hit` inside the transaction: a refused one is not counted). */
export const CONTACT_MAX_PER_ACCOUNT = defaultConfig().contactMaxPerAccount;
const CONTACT_WINDOW_SECONDS = 3600;
const IDEMPOTENCY_SCOPE = "contact-message";

/** The service name as typed (trimmed), whatever else is wrong with the body. */
function typedService(raw: unknown): string {
  const service = raw && typeof raw === "object" ? (raw as { service?: unknown }).service : undefined;
  return typeof service === "string" ? service.trim() : "";
}

/** `/me/contact`: the contact form, sent to a customer service of the selected company's network. */
export function contactRoutes(deps: Deps) {
  const { db, mailer } = deps;
  const app = new Hono<AppEnv>();

  app.post("/", requireAuth(deps), requireBotCheck(deps), requireCompany(), async (c) => {
    c.header("Cache-Control", "no-store");
    const scope = c.get("company");
    const key = idempotencyKey(c, { optional: true });
    const raw = await readJson(c, v.unknown(), { multiline: ["message"] });
    const parsed = v.safeParse(ContactBody, raw, { abortPipeEarly: true });
    const errors: ProblemFieldError[] = (parsed.success ? [] : toFieldErrors(parsed.issues)).map((e) =>
      e.path === "service" ? { path: e.path, message: CHOOSE_SERVICE } : e,
    );
    if (errors.some((e) => e.path === "")) throw validationProblem(errors);
    const serviceName = typedService(raw);
    const sub = serviceName && serviceName.length <= 200 ? await subServiceNamed(db, scope.codeReseau, serviceName) : undefined;
    if (!sub && !errors.some((e) => e.path === "service")) errors.push({ path: "service", message: CHOOSE_SERVICE });
    if (!parsed.success || !sub || errors.length > 0) {
      errors.sort((x, y) => FIELD_ORDER.indexOf(x.path) - FIELD_ORDER.indexOf(y.path));
      throw validationProblem(errors);
    }
    const body = parsed.output;

    const who = await contactSender(db, scope.uuidCompte, scope.idTier);
    if (!who) throw new ProblemError(403, "company-required", MESSAGES.companyRequired);

    const to = `${sub.mail1}${sub.mail2}`;
    const details: ContactDetails = {
      service: serviceName,
      subject: body.subject,
      message: body.message,
      customer: {
        civilite: who.civilite,
        prenom: who.prenom ?? "",
        nom: who.nom ?? "",
        email: who.email,
        telephone: who.telephone ?? "",
        mobile: who.mobile ?? "",
      },
      company: {
        formeJuridique: who.forme_juridique,
        raisonSociale: who.raison_sociale,
        pays: who.pays,
        immatriculation: who.immatriculation,
        numeroClient: who.numero_client,
        idTier: scope.idTier,
        codeReseau: scope.codeReseau,
      },
    };
    const lang = noticeLanguage(c, who.langue);
    const write = async (tx: Queryable) => {
      const state = await hit(tx, `contact:account:${scope.uuidCompte}`, CONTACT_WINDOW_SECONDS);
      if (state.count > deps.config.contactMaxPerAccount) throw tooManyRequests("Vous avez envoyé trop de messages.", state.retryAfter);
      const id = await insertContactMessage(tx, {
        uuidCompte: scope.uuidCompte,
        idTier: scope.idTier,
        service: serviceName,
        subServiceId: sub.id,
        subject: body.subject,
        message: body.message,
        recipient: to,
        replyTo: who.email,
      });
      const mailIds = [
        await enqueueMail(tx, contactServiceMail(to, { ...details, service: sub.nomFr ?? serviceName })),
        await enqueueMail(tx, contactAcknowledgementMail(lang, details)),
      ];
      return { answer: { status: 201, body: JSON.stringify({ id }) } satisfies IdempotentAnswer, result: mailIds };
    };
    // With a key, a repeat of the same message (a retry after a lost answer) gets the first answer
    // and sends nothing; a repeat does not count towards the hourly limit either.
    const hash = requestHash([scope.uuidCompte, scope.idTier, serviceName, body.subject, body.message]);
    const outcome = await runOnce(db, IDEMPOTENCY_SCOPE, key, hash, write);
    if (!outcome.replayed) deliverInBackground(db, mailer, outcome.result);
    return sendAnswer(c, outcome.answer, outcome.replayed);
  });

  return app;
}
