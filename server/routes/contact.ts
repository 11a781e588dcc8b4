import { Hono } from "hono";
import * as v from "valibot";
import type { Queryable } from "../db/db.ts";
import { requireAuth } from "../http/auth-middleware.ts";
import { requireBotCheck } from "../http/bot-check.ts";
import { companyScope, isUuid } from "../http/company.ts";
import { isLocale, type AppEnv, type Deps } from "../http/context.ts";
import { frenchDuration, MESSAGES, ProblemError, type ProblemFieldError } from "../http/problem.ts";
import { hit } from "../http/rate-limit.ts";
import { objectMessage, REQUIRED } from "../http/schemas.ts";
import { readJson, toFieldErrors } from "../http/validate.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { contactAcknowledgementMail, contactServiceMail, mailLanguage, type ContactDetails } from "../mail/templates.ts";
import { langueParam, networkSubServices } from "./footer.ts";

export const CHOOSE_SERVICE = "Choisissez un service.";
export const MESSAGE_TOO_SHORT = "Votre message doit contenir au moins 10 caractères.";
export const PHOTO_NOT_FOUND = "Photo introuvable.";
const NOT_A_STRING = "Doit être une chaîne de caractères.";

/** Image types an adviser photo may be served as. */
const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/svg+xml"]);

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
    subject: text(150),
    message: text(5000, 10, MESSAGE_TOO_SHORT),
  },
  objectMessage(),
);

/** Messages allowed per account and window (`hit` inside the transaction: a refused one is not counted). */
export const CONTACT_MAX_PER_ACCOUNT = 10;
export const CONTACT_WINDOW_SECONDS = 3600;

/**
 * The sub-service of the network whose name, in any language, is `service` (case-insensitive), with
 * its French name (`nom_fr`), the language of the e-mail its team receives.
 */
async function findSubService(db: Queryable, codeReseau: string, service: string) {
  const { rows } = await db.query<{ id: number; mail1: string; mail2: string; nom_fr: string | null }>(
    `SELECT s.id, s.mail1, s.mail2,
            (SELECT n.nom FROM footer_sub_service_names n WHERE n.sub_service_id = s.id AND n.langue = 'fr') AS nom_fr
     FROM footer_sub_services s
     WHERE s.code_reseau = $1
       AND EXISTS (SELECT 1 FROM footer_sub_service_names n WHERE n.sub_service_id = s.id AND lower(n.nom) = lower($2))
     ORDER BY s.position LIMIT 1`,
    [codeReseau, service.normalize("NFC")],
  );
  return rows[0];
}

/** Adviser of the company (or the customer service to contact), adviser photos, contact form, dashboard counts. */
export function contactRoutes(deps: Deps) {
  const { db, mailer } = deps;
  const app = new Hono<AppEnv>();

  app.get("/me/adviser", requireAuth(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const { idTier, codeReseau } = await companyScope(c, db);
    const language = langueParam(c).slice(0, 2);
    const [advisers, services] = await Promise.all([
      db.query<{
        id: string;
        civilite: string | null;
        prenom: string;
        nom: string;
        fonction: string | null;
        telephone: string | null;
        mobile: string | null;
        email: string;
        has_photo: boolean;
      }>(
        // The job title in the requested language, else the one in the network's language.
        `SELECT a.id, a.civilite, a.prenom, a.nom, a.telephone, a.mobile, a.email, a.photo IS NOT NULL AS has_photo,
                COALESCE(
                  (SELECT n.fonction FROM adviser_function_names n WHERE n.adviser_id = a.id AND n.langue = $2),
                  a.fonction
                ) AS fonction
         FROM company_advisers ca JOIN advisers a ON a.id = ca.adviser_id
         WHERE ca.id_tier = $1 ORDER BY a.nom, a.prenom, a.id LIMIT 1`,
        [idTier, language],
      ),
      networkSubServices(db, codeReseau, language),
    ]);
    const a = advisers.rows[0];
    const s = services[0];
    return c.json({
      adviser: a
        ? {
            id: a.id,
            civilite: a.civilite,
            prenom: a.prenom,
            nom: a.nom,
            fonction: a.fonction ?? "",
            telephone: a.telephone ?? "",
            mobile: a.mobile ?? "",
            email: a.email,
            photoUrl: a.has_photo ? `/api/advisers/${a.id}/photo` : null,
          }
        : null,
      service: {
        nomSousService: s?.nom ?? "",
        telephone1: s?.telephone1 ?? "",
        mail1: s?.mail1 ?? "",
        mail2: s?.mail2 ?? "",
      },
    });
  });

  app.get("/advisers/:id/photo", async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw new ProblemError(404, "not-found", PHOTO_NOT_FOUND);
    const { rows } = await db.query<{ photo: Uint8Array; photo_type: string | null }>(
      "SELECT photo, photo_type FROM advisers WHERE id = $1 AND photo IS NOT NULL",
      [id],
    );
    const row = rows[0];
    if (!row) throw new ProblemError(404, "not-found", PHOTO_NOT_FOUND);
    const type = row.photo_type && PHOTO_TYPES.has(row.photo_type) ? row.photo_type : "application/octet-stream";
    const bytes = new Uint8Array(row.photo.buffer, row.photo.byteOffset, row.photo.byteLength);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": type,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "public, max-age=86400",
      // An SVG opened directly must not run anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });

  app.post("/me/contact", requireAuth(deps), requireBotCheck(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const scope = await companyScope(c, db);
    const raw = await readJson(c, v.unknown(), { multiline: ["message"] });
    const parsed = v.safeParse(ContactBody, raw, { abortPipeEarly: true });
    const errors: ProblemFieldError[] = (parsed.success ? [] : toFieldErrors(parsed.issues)).map((e) =>
      e.path === "service" ? { path: e.path, message: CHOOSE_SERVICE } : e,
    );
    if (errors.some((e) => e.path === "")) throw new ProblemError(422, "validation", MESSAGES.validation, { errors });
    const serviceName =
      raw && typeof raw === "object" && typeof (raw as { service?: unknown }).service === "string"
        ? (raw as { service: string }).service.trim()
        : "";
    const sub = serviceName && serviceName.length <= 200 ? await findSubService(db, scope.codeReseau, serviceName) : undefined;
    if (!sub && !errors.some((e) => e.path === "service")) errors.push({ path: "service", message: CHOOSE_SERVICE });
    if (!parsed.success || !sub || errors.length > 0) {
      const order = ["service", "subject", "message"];
      errors.sort((x, y) => order.indexOf(x.path) - order.indexOf(y.path));
      throw new ProblemError(422, "validation", MESSAGES.validation, { errors });
    }
    const body = parsed.output;

    const who = (
      await db.query<{
        email: string;
        civilite: string | null;
        prenom: string | null;
        nom: string | null;
        telephone: string | null;
        mobile: string | null;
        langue: string | null;
        forme_juridique: string;
        raison_sociale: string;
        immatriculation: string;
        numero_client: string;
        pays: string;
      }>(
        `SELECT a.email, a.civilite, a.prenom, a.nom, a.telephone, a.mobile, a.langue,
                c.forme_juridique, c.raison_sociale, c.immatriculation, c.numero_client, c.pays
         FROM accounts a, companies c WHERE a.uuid_compte = $1 AND c.id_tier = $2`,
        [scope.uuidCompte, scope.idTier],
      )
    ).rows[0];
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
    const header = c.req.header("x-langue")?.trim();
    const lang = mailLanguage(isLocale(header) ? header : who.langue);
    const { id, mailIds } = await db.transaction(async (tx) => {
      const state = await hit(tx, `contact:account:${scope.uuidCompte}`, CONTACT_WINDOW_SECONDS);
      if (state.count > CONTACT_MAX_PER_ACCOUNT) {
        throw new ProblemError(
          429,
          "too-many-requests",
          `Vous avez envoyé trop de messages. Veuillez réessayer dans ${frenchDuration(state.retryAfter)}.`,
          { headers: { "Retry-After": String(state.retryAfter) } },
        );
      }
      const inserted = await tx.query<{ id: string }>(
        `INSERT INTO contact_messages (uuid_compte, id_tier, service, sub_service_id, subject, message, recipient, reply_to)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [scope.uuidCompte, scope.idTier, serviceName, sub.id, body.subject, body.message, to, who.email],
      );
      const mailIds = [
        await enqueueMail(tx, contactServiceMail(to, { ...details, service: sub.nom_fr ?? serviceName })),
        await enqueueMail(tx, contactAcknowledgementMail(lang, details)),
      ];
      return { id: inserted.rows[0]!.id, mailIds };
    });
    deliverInBackground(db, mailer, mailIds);
    return c.json({ id }, 201);
  });

  app.get("/me/summary", requireAuth(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const { idTier } = await companyScope(c, db);
    const { rows } = await db.query<{ unpaid: number; total: number; products: number; adviser: boolean }>(
      `SELECT (SELECT count(*) FROM invoices WHERE id_tier = $1 AND NOT paid)::int AS unpaid,
              (SELECT count(*) FROM invoices WHERE id_tier = $1)::int AS total,
              (SELECT count(DISTINCT code_famille) FROM company_product_purchases WHERE id_tier = $1)::int AS products,
              EXISTS (SELECT 1 FROM company_advisers WHERE id_tier = $1) AS adviser`,
      [idTier],
    );
    const r = rows[0]!;
    return c.json({ invoices: { unpaid: r.unpaid, total: r.total }, products: r.products, adviser: r.adviser });
  });

  return app;
}
