import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describeRoute, resolver } from "hono-openapi";
import {
  BankDetailsAnswer,
  BankDetailsChange,
  BankDetailsChangeAnswer,
  BankDetailsChangeForm,
  repeatsDetailsInForce,
} from "../../src/contract/bank-details.ts";
import { ibanProblem, ibanLength, normaliseIban, type IbanProblem } from "../../src/contract/iban.ts";
import { IdParams } from "../../src/contract/parameters.ts";
import { verdict, type RuleProblem } from "../../src/contract/rules.ts";
import { fileSize, problemDetail } from "../../src/contract/problem-details.ts";
import { DEFAULT_LOCALE, INTITULE_MAX, type Locale } from "../../src/contract/constants.ts";
import { RIB_EXTENSIONS, RIB_MEDIA_TYPES, ribTypeOf, type RibType } from "../../src/contract/rib.ts";
import type { Config } from "../config.ts";
import { safeFileName } from "../http/company.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { paramsOf, protectedOperation } from "../http/operation.ts";
import { ProblemError, tooManyRequests, validationProblem, type ProblemFieldError } from "../http/problem.ts";
import { controlCharacterErrors } from "../http/schemas.ts";
import { bankDetailsDocument, currentBankDetails, submitBankDetailsChange } from "../queries/bank-details.ts";
import { countWithin, release } from "../queries/rate-limits.ts";
import { accountContact, recordActivity } from "../queries/security.ts";
import { notMeLink } from "../auth/alert-links.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { mailLanguage } from "../mail/templates.ts";
import { securityAlertMail } from "../mail/security-templates.ts";

/** The change form's path: it sets its own body limit (a RIB document), not the API's 16 KB (app.ts). */
export const BANK_DETAILS_UPLOAD_PATH = "/api/me/bank-details";
/** Room for the form's text fields and multipart boundaries beside the document. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

export const IBAN_MESSAGES: Record<IbanProblem, (iban: string) => string> = {
  required: () => "Saisissez l'IBAN.",
  characters: () => "Un IBAN commence par deux lettres et deux chiffres, suivis de lettres et de chiffres.",
  country: (iban) => `« ${iban.slice(0, 2)} » n'est pas un pays qui utilise l'IBAN.`,
  length: (iban) => `Un IBAN ${iban.slice(0, 2)} compte ${ibanLength(iban.slice(0, 2))} caractères.`,
  checksum: () => "Cet IBAN n'est pas valide : vérifiez-le sur votre RIB.",
};
export const INTITULE_REQUIRED = "Saisissez l'intitulé du compte.";
export const RIB_REQUIRED = "Joignez votre RIB.";
const SAME_AS_IN_FORCE = "Ce sont déjà vos coordonnées bancaires : modifiez l'IBAN ou l'intitulé du compte.";
const FIELD_ORDER = ["iban", "intitule", "rib"];

const TYPE_NAMES: Record<RibType, string> = { pdf: "PDF", jpeg: "JPEG", png: "PNG" };
const typeList = (types: readonly RibType[]) =>
  new Intl.ListFormat("fr-FR", { type: "disjunction" }).format(types.map((type) => TYPE_NAMES[type]));

const tooLarge = (config: Config) => (locale: Locale) =>
  problemDetail("fileTooLarge", locale, { size: fileSize(config.ribMaxBytes, locale) });
/**
 * A document over its limit in a body within the body limit: said on the field (in French, like the
 * other fields), not as 413, which the elements treat as the end of the session (SPEC §4).
 */
const fileTooLarge = (config: Config) =>
  new ProblemError(422, "file-too-large", tooLarge(config), { errors: [{ path: "rib", message: tooLarge(config)(DEFAULT_LOCALE) }] });
/**
 * A body larger than any change can be (the largest document and the form's fields): refused
 * without reading it. The form checks the document's size first, so only another client meets it.
 */
const bodyTooLarge = (config: Config) => new ProblemError(413, "too-large", tooLarge(config));
export const unsupportedTypeMessage = (config: Config) => `Ce type de fichier n'est pas accepté : envoyez un ${typeList(config.ribTypes)}.`;

/** The API's words for what the contract refused in the change's fields (the form has its own). */
function changeMessage({ path, rule }: RuleProblem, iban: string): string {
  if (path === "iban") {
    const normalised = normaliseIban(iban);
    return IBAN_MESSAGES[ibanProblem(normalised) ?? "checksum"](normalised);
  }
  return rule === "tooLong" ? `${INTITULE_MAX} caractères au maximum.` : INTITULE_REQUIRED;
}

/** Changes per account and window: a form, not a way to fill the database with documents. */
const CHANGES_PER_ACCOUNT = 10;
const CHANGES_WINDOW_SECONDS = 3600;
const changesKey = (uuidCompte: string) => `bank-details:account:${uuidCompte}`;

/**
 * `/me/bank-details` (COORDONNEE_BANCAIRE, behind the `coordonnee-bancaire` feature): the selected
 * company's details in force and its change being validated; a change with its RIB document; the
 * documents. While the feature is off, none of it exists (404).
 */
export function bankDetailsRoutes(deps: Deps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();
  const maxBodyBytes = config.ribMaxBytes + FORM_OVERHEAD_BYTES;

  app.use("*", async (_c, next) => {
    if (!config.features.includes("coordonnee-bancaire")) throw new ProblemError(404, "not-found", "notFound");
    await next();
  });

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "getBankDetails",
      summary: "The selected company's bank details",
      tags: ["bank-details"],
      auth: "company",
      answers: { 200: { description: "Details in force, change being validated, limits", schema: BankDetailsAnswer } },
      problems: [401, 403, 404],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const details = await currentBankDetails(db, c.get("company").idTier);
      return c.json({ ...details, limits: { maxBytes: config.ribMaxBytes, types: config.ribTypes } });
    },
  );

  app.post(
    "/",
    ...protectedOperation(deps, {
      operationId: "postBankDetails",
      summary: "Change the bank details (with the RIB document)",
      tags: ["bank-details"],
      auth: "company",
      answers: { 202: { description: "Recorded as the change being validated", schema: BankDetailsChangeAnswer } },
      problems: [400, 401, 403, 404, 413, 415, 422, 429],
    }),
    // A form with a file: read below, not by a JSON validator; documented here.
    describeRoute({
      requestBody: { required: true, content: { "multipart/form-data": { schema: resolver(BankDetailsChangeForm) } } },
    }),
    // Everything that can refuse a change without its body does so before a byte of it is read.
    async (c, next) => {
      c.header("Cache-Control", "no-store");
      if (!/^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? "")) {
        throw new ProblemError(415, "unsupported-media-type", "multipartRequired");
      }
      if (Number(c.req.header("content-length")) > maxBodyBytes) throw bodyTooLarge(config);
      // The change is counted before its body is read (one statement: of concurrent uploads, only
      // the ones within the limit are read), and given back when it is not recorded.
      const key = changesKey(c.get("company").uuidCompte);
      const slot = await countWithin(db, key, CHANGES_WINDOW_SECONDS, CHANGES_PER_ACCOUNT);
      if (!slot.counted) throw tooManyRequests("tooManyChanges", slot.retryAfter);
      await next();
      if (c.res.status !== 202) await release(db, key);
    },
    // Without a Content-Length (chunked), the limit holds while the body streams in.
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw bodyTooLarge(config);
      },
    }),
    async (c) => {
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw new ProblemError(400, "bad-request", "unreadableForm");
      }
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === "string" ? value : undefined;
      };
      const fields = { iban: text("iban"), intitule: text("intitule") };
      const checked = verdict(BankDetailsChange, fields);
      const errors: ProblemFieldError[] = [
        ...controlCharacterErrors(fields),
        ...(checked.valid
          ? []
          : checked.problems.map((problem) => ({ path: problem.path, message: changeMessage(problem, fields.iban ?? "") }))),
      ].filter((e, i, all) => all.findIndex((o) => o.path === e.path) === i);

      const file = form.get("rib");
      let rib: { bytes: Uint8Array; type: RibType; name: string } | null = null;
      if (!(file instanceof File) || file.size === 0) errors.push({ path: "rib", message: RIB_REQUIRED });
      else if (file.size > config.ribMaxBytes) throw fileTooLarge(config);
      else {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const type = ribTypeOf(bytes);
        if (!type || !config.ribTypes.includes(type)) errors.push({ path: "rib", message: unsupportedTypeMessage(config) });
        else rib = { bytes, type, name: safeFileName(file.name.replace(/\.[^.]*$/, ""), RIB_EXTENSIONS[type]) };
      }
      if (!checked.valid || !rib || errors.length > 0) {
        errors.sort((x, y) => FIELD_ORDER.indexOf(x.path) - FIELD_ORDER.indexOf(y.path));
        throw validationProblem(errors);
      }

      const { uuidCompte, idTier } = c.get("company");
      const last4 = checked.value.iban.replace(/\s/g, "").slice(-4);
      const { pending, mailId } = await db.transaction(async (tx) => {
        if (repeatsDetailsInForce(checked.value, (await currentBankDetails(tx, idTier)).inForce)) {
          throw validationProblem([{ path: "iban", message: SAME_AS_IN_FORCE }]);
        }
        const pending = await submitBankDetailsChange(tx, { idTier, uuidCompte, ...checked.value, rib });
        // The IBAN's last 4 characters only: the log never holds a full one.
        await recordActivity(tx, { uuidCompte, idTier, kind: "bank-details", detail: { last4 } });
        // The security alert to the account's address, with its "this wasn't me" link (issue 29).
        const contact = await accountContact(tx, uuidCompte);
        if (!contact) return { pending, mailId: null };
        const lang = mailLanguage(contact.langue);
        const notMe = await notMeLink(tx, config, uuidCompte, "bank-details-changed", contact.langue);
        return { pending, mailId: await enqueueMail(tx, securityAlertMail(lang, contact.email, "bank-details-changed", notMe, { last4 })) };
      });
      if (mailId) deliverInBackground(db, deps.mailer, [mailId]);
      // Accepted, not applied: the change is being validated, the details in force stay so.
      return c.json({ pending }, 202);
    },
  );

  app.get(
    "/:id/rib",
    ...protectedOperation(deps, {
      operationId: "getBankDetailsRib",
      summary: "The RIB document of a version (in force or pending)",
      tags: ["bank-details"],
      auth: "company",
      answers: { 200: { description: "The document (PDF, JPEG or PNG)", file: "application/pdf" } },
      problems: [401, 403, 404],
    }),
    paramsOf(IdParams, "documentNotFound"),
    async (c) => {
      const doc = await bankDetailsDocument(db, c.get("company").idTier, c.req.valid("param").id);
      if (!doc) throw new ProblemError(404, "not-found", "documentNotFound");
      return c.body(doc.bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": RIB_MEDIA_TYPES[doc.type],
        "Content-Disposition": `attachment; filename="${doc.name}"`,
        "Content-Length": String(doc.bytes.byteLength),
        "Cache-Control": "private, no-store",
      });
    },
  );

  return app;
}
