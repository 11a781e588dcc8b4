import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as v from "valibot";
import { INTITULE_MAX } from "../../src/core/constants.ts";
import { ibanProblem, ibanLength, normaliseIban, type IbanProblem } from "../../src/contract/iban.ts";
import { RIB_EXTENSIONS, RIB_MEDIA_TYPES, ribTypeOf, type RibType } from "../../src/core/rib.ts";
import type { Config } from "../config.ts";
import { requireAuth } from "../http/auth-middleware.ts";
import { isUuid, requireCompany, safeFileName } from "../http/company.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { MESSAGES, ProblemError, tooManyRequests, validationProblem, type ProblemFieldError } from "../http/problem.ts";
import { hit } from "../http/rate-limit.ts";
import { controlCharacterErrors } from "../http/schemas.ts";
import { toFieldErrors } from "../http/validate.ts";
import { bankDetailsDocument, currentBankDetails, submitBankDetailsChange } from "../queries/bank-details.ts";

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
const FIELD_ORDER = ["iban", "intitule", "rib"];

const MEGABYTE = 1024 * 1024;
const size = (bytes: number) =>
  bytes < MEGABYTE
    ? `${Math.floor(bytes / 1024).toLocaleString("fr-FR")} ko`
    : `${(bytes / MEGABYTE).toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`;
const TYPE_NAMES: Record<RibType, string> = { pdf: "PDF", jpeg: "JPEG", png: "PNG" };
const typeList = (types: readonly RibType[]) =>
  new Intl.ListFormat("fr-FR", { type: "disjunction" }).format(types.map((type) => TYPE_NAMES[type]));

export const tooLargeMessage = (config: Config) => `Le fichier est trop volumineux : ${size(config.ribMaxBytes)} au maximum.`;
/** Said on the field, not as 413, which the elements treat as the end of the session (SPEC §4). */
const fileTooLarge = (config: Config) =>
  new ProblemError(422, "file-too-large", tooLargeMessage(config), { errors: [{ path: "rib", message: tooLargeMessage(config) }] });
export const unsupportedTypeMessage = (config: Config) => `Ce type de fichier n'est pas accepté : envoyez un ${typeList(config.ribTypes)}.`;

const ChangeFields = v.object({
  iban: v.pipe(
    v.optional(v.string(), ""),
    v.transform(normaliseIban),
    v.check(
      (iban) => ibanProblem(iban) === null,
      (issue) => IBAN_MESSAGES[ibanProblem(String(issue.input)) ?? "checksum"](String(issue.input)),
    ),
  ),
  intitule: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.nonEmpty(INTITULE_REQUIRED),
    v.maxLength(INTITULE_MAX, `${INTITULE_MAX} caractères au maximum.`),
  ),
});

/** Changes per account and window: a form, not a way to fill the database with documents. */
const CHANGES_PER_ACCOUNT = 10;
const CHANGES_WINDOW_SECONDS = 3600;

/**
 * `/me/bank-details` (COORDONNEE_BANCAIRE, behind the `coordonnee-bancaire` feature): the selected
 * company's details in force and its change being validated; a change with its RIB document; the
 * documents. While the feature is off, none of it exists (404).
 */
export function bankDetailsRoutes(deps: Deps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();

  app.use("*", async (_c, next) => {
    if (!config.features.includes("coordonnee-bancaire")) throw new ProblemError(404, "not-found", MESSAGES.notFound);
    await next();
  });

  app.get("/", requireAuth(deps), requireCompany(), async (c) => {
    c.header("Cache-Control", "no-store");
    const details = await currentBankDetails(db, c.get("company").idTier);
    return c.json({ ...details, limits: { maxBytes: config.ribMaxBytes, types: config.ribTypes } });
  });

  app.post(
    "/",
    requireAuth(deps),
    requireCompany(),
    bodyLimit({
      maxSize: config.ribMaxBytes + FORM_OVERHEAD_BYTES,
      onError: () => {
        throw fileTooLarge(config);
      },
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      if (!/^multipart\/form-data\s*;/i.test(c.req.header("content-type") ?? "")) {
        throw new ProblemError(415, "unsupported-media-type", "Le formulaire doit être envoyé en multipart/form-data.");
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw new ProblemError(400, "bad-request", "Le formulaire envoyé est illisible.");
      }
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === "string" ? value : undefined;
      };
      const fields = { iban: text("iban"), intitule: text("intitule") };
      const parsed = v.safeParse(ChangeFields, fields);
      const errors: ProblemFieldError[] = [
        ...controlCharacterErrors(fields),
        ...(parsed.success ? [] : toFieldErrors(parsed.issues)),
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
      if (!parsed.success || !rib || errors.length > 0) {
        errors.sort((x, y) => FIELD_ORDER.indexOf(x.path) - FIELD_ORDER.indexOf(y.path));
        throw validationProblem(errors);
      }

      const { uuidCompte, idTier } = c.get("company");
      const pending = await db.transaction(async (tx) => {
        const state = await hit(tx, `bank-details:account:${uuidCompte}`, CHANGES_WINDOW_SECONDS);
        if (state.count > CHANGES_PER_ACCOUNT) throw tooManyRequests("Vous avez envoyé trop de changements.", state.retryAfter);
        return submitBankDetailsChange(tx, { idTier, uuidCompte, ...parsed.output, rib });
      });
      // Accepted, not applied: the change is being validated, the details in force stay so.
      return c.json({ pending }, 202);
    },
  );

  app.get("/:id/rib", requireAuth(deps), requireCompany(), async (c) => {
    const id = c.req.param("id");
    const doc = isUuid(id) ? await bankDetailsDocument(db, c.get("company").idTier, id) : null;
    if (!doc) throw new ProblemError(404, "not-found", "Document introuvable.");
    return c.body(doc.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": RIB_MEDIA_TYPES[doc.type],
      "Content-Disposition": `attachment; filename="${doc.name}"`,
      "Content-Length": String(doc.bytes.byteLength),
      "Cache-Control": "private, no-store",
    });
  });

  return app;
}
