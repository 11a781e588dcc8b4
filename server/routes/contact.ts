import { Hono } from "hono";
import { CHOOSE_SERVICE, ContactAnswer, ContactRequest } from "../../src/contract/contact.ts";
import { defaultConfig } from "../config.ts";
import { requireBotCheck } from "../http/bot-check.ts";
import type { Queryable } from "../db/db.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { idempotencyKey, requestHash, runOnce, sendAnswer, type IdempotentAnswer } from "../http/idempotency.ts";
import { noticeLanguage } from "../http/locale.ts";
import { jsonBody, protectedOperation } from "../http/operation.ts";
import { ProblemError, tooManyRequests, validationProblem } from "../http/problem.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { staffLanguage } from "../mail/staff-language.ts";
import { contactAcknowledgementMail, contactServiceMail, type ContactDetails } from "../mail/templates.ts";
import { contactSender, insertContactMessage } from "../queries/contact-messages.ts";
import { subServiceNamed } from "../queries/footer.ts";
import { hit } from "../queries/rate-limits.ts";

export { CHOOSE_SERVICE, MESSAGE_TOO_SHORT } from "../../src/contract/contact.ts";

/** Messages allowed per account and window by default (`hit` inside the transaction: a refused one is not counted). */
export const CONTACT_MAX_PER_ACCOUNT = defaultConfig().contactMaxPerAccount;
const CONTACT_WINDOW_SECONDS = 3600;
const IDEMPOTENCY_SCOPE = "contact-message";

/** `/me/contact`: the contact form, sent to a customer service of the selected company's network. */
export function contactRoutes(deps: Deps) {
  const { db, mailer } = deps;
  const app = new Hono<AppEnv>();

  app.post(
    "/",
    ...protectedOperation(deps, {
      operationId: "postContact",
      summary: "Send the contact form",
      tags: ["contact"],
      auth: "company",
      botCheck: true,
      idempotencyKey: "optional",
      answers: { 201: { description: "Stored, e-mails queued (or the answer recorded for this Idempotency-Key).", schema: ContactAnswer } },
      problems: [400, 401, 403, 409, 413, 415, 422, 429],
    }),
    requireBotCheck(deps),
    ...jsonBody(ContactRequest, { multiline: ["message"] }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const scope = c.get("company");
      const key = idempotencyKey(c, { optional: true });
      const body = c.req.valid("json");
      const who = await contactSender(db, scope.uuidCompte, scope.idTier);
      if (!who) throw new ProblemError(403, "company-required", "companyRequired");
      const lang = noticeLanguage(c, who.langue);
      const staff = staffLanguage(scope.codeReseau, lang);
      // Offered by the company's network, in any of its languages.
      const sub = await subServiceNamed(db, scope.codeReseau, body.service, staff);
      if (!sub) throw validationProblem([{ path: "service", message: CHOOSE_SERVICE }]);

      const to = `${sub.mail1}${sub.mail2}`;
      const details: ContactDetails = {
        service: body.service,
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
      const write = async (tx: Queryable) => {
        const state = await hit(tx, `contact:account:${scope.uuidCompte}`, CONTACT_WINDOW_SECONDS);
        if (state.count > deps.config.contactMaxPerAccount) throw tooManyRequests("tooManyMessages", state.retryAfter);
        const id = await insertContactMessage(tx, {
          uuidCompte: scope.uuidCompte,
          idTier: scope.idTier,
          service: body.service,
          subServiceId: sub.id,
          subject: body.subject,
          message: body.message,
          recipient: to,
          replyTo: who.email,
        });
        const mailIds = [
          await enqueueMail(tx, contactServiceMail(staff, to, { ...details, service: sub.nom ?? body.service })),
          await enqueueMail(tx, contactAcknowledgementMail(lang, details)),
        ];
        return { answer: { status: 201, body: JSON.stringify({ id }) } satisfies IdempotentAnswer, result: mailIds };
      };
      // With a key, a repeat of the same message (a retry after a lost answer) gets the first answer
      // and sends nothing; a repeat does not count towards the hourly limit either.
      const hash = requestHash([scope.uuidCompte, scope.idTier, body.service, body.subject, body.message]);
      const outcome = await runOnce(db, IDEMPOTENCY_SCOPE, key, hash, write);
      if (!outcome.replayed) deliverInBackground(db, mailer, outcome.result);
      return sendAnswer(c, outcome.answer, outcome.replayed);
    },
  );

  return app;
}
