import { Hono } from "hono";
import * as v from "valibot";
import { BOT_CHECK_HEADER } from "../../src/core/bot-check.ts";
import { checkCompanyNumber, isCompanyCountry, type CompanyCountry } from "../../src/contract/company-numbers.ts";
import { formatCompanyName } from "../../src/core/company-name.ts";
import {
  BASKET_IMMAT_MAX,
  BASKET_ITEM_ID,
  BASKET_MAX_ITEMS,
  BASKET_MOBILE_MAX,
  BASKET_NOM_MAX,
  BASKET_SOCIETE_MAX,
  THEMES,
  type Locale,
  type Theme,
} from "../../src/core/constants.ts";
import { isLocale, languageOf, networkOf } from "../../src/core/locale.ts";
import { brandName, themeOfNetwork } from "../../src/core/theme.ts";
import { checkMobile } from "../../src/contract/phone-rules.ts";
import { defaultConfig } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import { optionalAuth, requireAuth } from "../http/auth-middleware.ts";
import { requireCompany } from "../http/company.ts";
import { checkBotSolution } from "../http/bot-check.ts";
import { clientAddress, type AppEnv, type AuthInfo, type Deps } from "../http/context.ts";
import { entityOf, PUBLIC_CACHE, sendEntity, type Entity } from "../http/etag.ts";
import { idempotencyKey, requestHash, runOnce, sendAnswer, type IdempotentAnswer } from "../http/idempotency.ts";
import { answerLanguage } from "../http/locale.ts";
import { MESSAGES, ProblemError, tooManyRequests, validationProblem, type ProblemFieldError } from "../http/problem.ts";
import { parseQuery } from "../http/query.ts";
import { hit } from "../http/rate-limit.ts";
import { INVALID_COMPANY_NUMBER, INVALID_COUNTRY, INVALID_MOBILE, NOT_A_STRING, REQUIRED } from "../http/schemas.ts";
import { readJson } from "../http/validate.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { basketConfirmationText, basketRequestMail, mailLanguage } from "../mail/templates.ts";
import { companyAdviser } from "../queries/advisers.ts";
import {
  type BasketCustomer,
  basketItemImage,
  basketRequestsOf,
  insertBasketRequest,
  markBasketSmsSent,
  offeredBasketItems,
} from "../queries/basket.ts";
import { contactSender } from "../queries/contact-messages.ts";
import { networkSubServices } from "../queries/footer.ts";
import { storeIdempotentAnswer } from "../queries/idempotency.ts";

export const BASKET_MESSAGES = {
  badIds: `Une liste de 1 à ${BASKET_MAX_ITEMS} identifiants d'articles séparés par des virgules est attendue.`,
  imageNotFound: "Image introuvable.",
  emptyBasket: "Votre panier est vide.",
  badItems: "Liste d'articles invalide.",
  tooManyItems: `${BASKET_MAX_ITEMS} articles au maximum.`,
  unknownItems: "Certains articles ne sont plus disponibles. Retirez-les de votre panier.",
  badTheme: "Thème invalide.",
  tooManyRequests: "Vous avez envoyé trop de demandes.",
} as const;
const M = BASKET_MESSAGES;

/** The catalogue is public and changes rarely: caches may keep a picture a week (then revalidate). */
const IMAGE_CACHE = "public, max-age=604800";
/** Answers kept in memory: item lists per ids and language, pictures per item. */
const MAX_LISTS = 2_000;
const MAX_IMAGES = 500;

const imagePath = (id: string) => `/api/basket/items/${id}/image`;

const ItemsQuery = v.object(
  {
    ids: v.pipe(
      v.string(M.badIds),
      v.transform((list) => list.split(",").map((id) => id.trim())),
      v.check((ids) => ids.length <= BASKET_MAX_ITEMS && ids.every((id) => BASKET_ITEM_ID.test(id)), M.badIds),
    ),
  },
  M.badIds,
);

/** Validated baskets accepted per client address and window by default (`hit` inside the transaction: a refused one is not counted). */
export const BASKET_MAX_PER_CLIENT = defaultConfig().basketMaxPerClient;
const BASKET_WINDOW_SECONDS = 3600;
/** How long the answer waits for the SMS provider to accept the confirmation. */
const SMS_WAIT_MS = 5_000;
const IDEMPOTENCY_SCOPE = "basket-request";
/** Fields in form order: the errors are listed in this order. */
const FIELD_ORDER = ["nom", "societe", "mobile", "immat", "pays", "langue", "items", "theme"];

interface BasketInput extends BasketCustomer {
  pays: CompanyCountry;
  langue: Locale;
  theme: Theme;
  /** Each once, in the customer's order. */
  items: string[];
}

/** A required single-line text, trimmed; `error` when absent, blank, not a string or longer than `max`. */
function requiredText(value: unknown, max: number): { value: string; error?: string } {
  if (value === undefined || value === null) return { value: "", error: REQUIRED };
  if (typeof value !== "string") return { value: "", error: NOT_A_STRING };
  const trimmed = value.trim();
  if (trimmed === "") return { value: "", error: REQUIRED };
  return trimmed.length > max ? { value: "", error: `${max} caractères au maximum.` } : { value: trimmed };
}

function itemsOf(value: unknown): { value: string[]; error?: string } {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return { value: [], error: M.emptyBasket };
  if (!Array.isArray(value) || !value.every((id) => typeof id === "string" && BASKET_ITEM_ID.test(id))) {
    return { value: [], error: M.badItems };
  }
  const ids = [...new Set(value as string[])];
  return ids.length > BASKET_MAX_ITEMS ? { value: [], error: M.tooManyItems } : { value: ids };
}

/** The body → every field error at once, in form order (the number rules need a valid country). */
function parseBasket(raw: unknown): BasketInput {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    throw validationProblem([{ path: "", message: "Le corps de la requête doit être un objet JSON." }]);
  }
  const body = raw as Record<string, unknown>;
  const errors: ProblemFieldError[] = [];
  const take = <T>(path: string, result: { value: T; error?: string }): T => {
    if (result.error) errors.push({ path, message: result.error });
    return result.value;
  };
  const nom = take("nom", requiredText(body.nom, BASKET_NOM_MAX));
  const societe = take("societe", requiredText(body.societe, BASKET_SOCIETE_MAX));
  // A choice (country, locale) read as typed: absent or blank → required, anything else not offered → invalid.
  const choice = <T>(path: string, value: unknown, pick: (text: string) => T | undefined, invalid: string): T | undefined => {
    const text = requiredText(value, Number.MAX_SAFE_INTEGER);
    const picked = text.error ? undefined : pick(text.value);
    take(path, { value: null, error: text.error ?? (picked === undefined ? invalid : undefined) });
    return picked;
  };
  const pays = choice("pays", body.pays, (text) => [text.toUpperCase()].find(isCompanyCountry), INVALID_COUNTRY);
  const mobile = take("mobile", requiredText(body.mobile, BASKET_MOBILE_MAX));
  const mobileCheck = mobile && pays ? checkMobile(pays, mobile) : undefined;
  if (mobileCheck && !mobileCheck.valid) errors.push({ path: "mobile", message: INVALID_MOBILE });

  const immatText = take("immat", requiredText(body.immat, BASKET_IMMAT_MAX));
  const immat = immatText && pays ? checkCompanyNumber(pays, immatText) : undefined;
  if (immat && !immat.valid) errors.push({ path: "immat", message: INVALID_COMPANY_NUMBER });

  const langue = choice("langue", body.langue, (text) => [text].find(isLocale), MESSAGES.badLocale);
  const items = take("items", itemsOf(body.items));
  const theme = body.theme === undefined || body.theme === null ? "MACC" : THEMES.find((t) => t === body.theme);
  if (!theme) errors.push({ path: "theme", message: M.badTheme });

  if (errors.length > 0 || !pays || !langue || !theme || !mobileCheck?.e164 || !immat) {
    errors.sort((a, b) => FIELD_ORDER.indexOf(a.path) - FIELD_ORDER.indexOf(b.path));
    throw validationProblem(errors);
  }
  return { nom, societe, mobile, mobileE164: mobileCheck.e164, immat: immat.normalized, pays, langue, theme, items };
}

/** The logged-in caller: the account, and the selected company (still linked) with its network. */
interface Caller {
  uuidCompte: string;
  idTier: string | null;
  codeReseau: string | null;
}

function callerOf(auth: AuthInfo | undefined): Caller | null {
  return auth ? { uuidCompte: auth.uuidCompte, idTier: auth.idTier, codeReseau: auth.codeReseau } : null;
}

/**
 * Who is told: the adviser of the caller's company; else the sales service (the network's first
 * sub-service, its customer service) of the company's network, or for a visitor of the network of
 * the request's locale (AGR in the AGRI theme, SPEC §9).
 */
async function recipientOf(
  tx: Queryable,
  caller: Caller | null,
  input: BasketInput,
): Promise<{ codeReseau: string; to: string; adviserId: string | null }> {
  const adviser = caller?.idTier ? await companyAdviser(tx, caller.idTier, "fr") : undefined;
  const codeReseau = caller?.codeReseau ?? networkOf(input.langue, input.theme);
  if (adviser) return { codeReseau, to: adviser.email, adviserId: adviser.id };
  const service = (await networkSubServices(tx, codeReseau, "fr"))[0];
  if (!service) throw new Error(`network ${codeReseau} has no sub-service to notify`);
  return { codeReseau, to: `${service.mail1}${service.mail2}`, adviserId: null };
}

/** Sends the confirmation SMS; true when the provider accepted it within SMS_WAIT_MS (then recorded on the request). */
async function smsConfirmed(deps: Deps, requestId: string, message: { to: string; text: string }): Promise<boolean> {
  const sent = deps.sms.send(message).then(
    async () => {
      await markBasketSmsSent(deps.db, requestId);
      return true;
    },
    (err: unknown) => {
      console.error("[sms] basket confirmation not sent:", err instanceof Error ? err.message : err);
      return false;
    },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), SMS_WAIT_MS);
  });
  try {
    return await Promise.race([sent, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** `/basket`: the basket's catalogue and its validation (public: a visitor fills and validates a basket too). */
export function basketRoutes(deps: Deps) {
  const { db, config, mailer } = deps;
  const app = new Hono<AppEnv>();

  // Kept in memory until a row they were read from changes (notifications of migration 0008).
  const lists = deps.caches.create<Entity>(MAX_LISTS);
  const images = deps.caches.create<Entity | null>(MAX_IMAGES);
  const itemTags = (ids: string[]) => ids.flatMap((id) => [`basket_items:${id}`, `basket_item_texts:${id}`]);

  // The items of `?ids=` in that order (each once), and the ids no longer offered.
  app.get("/items", async (c) => {
    const { ids } = parseQuery(ItemsQuery, c.req.query());
    const wanted = [...new Set(ids)];
    const language = answerLanguage(c);
    const list = await lists.get(`${wanted.join(",")}:${language}`, itemTags(wanted), async () => {
      const found = new Map((await offeredBasketItems(db, wanted, language)).map((item) => [item.id, item]));
      const body = {
        items: wanted.flatMap((id) => {
          const item = found.get(id);
          return item ? [{ ...item, image: imagePath(id) }] : [];
        }),
        unknown: wanted.filter((id) => !found.has(id)),
      };
      return entityOf(JSON.stringify(body), "application/json");
    });
    return sendEntity(c, list, { "Cache-Control": PUBLIC_CACHE });
  });

  app.get("/items/:id/image", async (c) => {
    const id = c.req.param("id");
    const image = BASKET_ITEM_ID.test(id)
      ? await images.get(id, [`basket_items:${id}`], async () => {
          const found = await basketItemImage(db, id);
          return found ? entityOf(found.bytes, found.type) : null;
        })
      : null;
    if (!image) throw new ProblemError(404, "not-found", M.imageNotFound);
    return sendEntity(c, image, {
      "Cache-Control": IMAGE_CACHE,
      // An SVG opened on its own must not run or load anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });

  // Validation of a basket: stored once per Idempotency-Key, the adviser or sales service told by
  // e-mail (queued in the transaction), the customer by SMS after the commit.
  app.post("/requests", optionalAuth(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const key = idempotencyKey(c);
    const caller = callerOf(c.var.auth as AuthInfo | undefined);
    const input = parseBasket(await readJson(c, v.unknown()));
    const hash = requestHash({
      caller: caller && [caller.uuidCompte, caller.idTier],
      nom: input.nom,
      societe: input.societe,
      mobile: input.mobileE164,
      immat: input.immat,
      pays: input.pays,
      langue: input.langue,
      theme: input.theme,
      items: input.items,
    });
    // Loaded before the transaction: PGlite runs one query at a time.
    if (config.botCheck) await deps.botCheckKey();
    const address = clientAddress(c, config.trustProxy);
    const language = languageOf(input.langue);
    const outcome = await runOnce(db, IDEMPOTENCY_SCOPE, key, hash, async (tx) => {
      // Checked after the key: a retry of a submission (same key, maybe the same solution) gets its
      // answer without a new proof of work, and a solution is spent only with the submission it allowed.
      if (config.botCheck) await checkBotSolution(deps, tx, c.req.header(BOT_CHECK_HEADER));
      const state = await hit(tx, `basket:client:${address}`, BASKET_WINDOW_SECONDS);
      if (state.count > config.basketMaxPerClient) throw tooManyRequests(M.tooManyRequests, state.retryAfter);
      const offered = new Map((await offeredBasketItems(tx, input.items, language)).map((item) => [item.id, item.nom]));
      const unknown = input.items.filter((id) => !offered.has(id));
      if (unknown.length > 0) throw validationProblem([{ path: "items", message: M.unknownItems }], { unknown });
      const french = language === "fr" ? offered : new Map((await offeredBasketItems(tx, input.items, "fr")).map((i) => [i.id, i.nom]));
      const items = input.items.map((id) => ({ id, nom: offered.get(id) ?? id }));

      const to = await recipientOf(tx, caller, input);
      const saved = await insertBasketRequest(tx, {
        ...input,
        uuidCompte: caller?.uuidCompte ?? null,
        idTier: caller?.idTier ?? null,
        codeReseau: to.codeReseau,
        adviserId: to.adviserId,
        recipient: to.to,
        items,
      });
      const who = caller?.idTier ? await contactSender(tx, caller.uuidCompte, caller.idTier) : undefined;
      const mailId = await enqueueMail(
        tx,
        basketRequestMail(to.to, {
          ...input,
          reference: saved.reference,
          items: input.items.map((id) => ({ id, nom: french.get(id) ?? id })),
          customer:
            who && caller?.idTier
              ? {
                  name: [who.civilite, who.prenom, who.nom].filter(Boolean).join(" ") || who.email,
                  email: who.email,
                  company: formatCompanyName(who.raison_sociale, who.forme_juridique, who.pays),
                  numeroClient: who.numero_client,
                  idTier: caller.idTier,
                  codeReseau: to.codeReseau,
                }
              : null,
        }),
      );
      const body = { id: saved.id, reference: saved.reference, createdAt: saved.createdAt, items, sms: true };
      return { answer: { status: 201, body: JSON.stringify(body) }, result: { body, mailId, codeReseau: to.codeReseau } };
    });
    if (outcome.replayed) return sendAnswer(c, outcome.answer, true);

    const { body, mailId, codeReseau } = outcome.result;
    deliverInBackground(db, mailer, [mailId]);
    const text = basketConfirmationText(mailLanguage(input.langue), brandName(themeOfNetwork(codeReseau)), body.reference);
    if (await smsConfirmed(deps, body.id, { to: input.mobileE164, text })) return sendAnswer(c, outcome.answer, false);
    // Said in the answer and in the stored one, so that a retry reads the same.
    const answer: IdempotentAnswer = { status: 201, body: JSON.stringify({ ...body, sms: false }) };
    await storeIdempotentAnswer(db, IDEMPOTENCY_SCOPE, key, answer.status, answer.body);
    return sendAnswer(c, answer, false);
  });

  return app;
}

/** Requests listed on the dashboard: the newest ones. */
const MY_REQUESTS_MAX = 20;

/** `/me/basket-requests`: the requests the account sent for the selected company (dashboard). */
export function myBasketRequestRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get("/", requireAuth(deps), requireCompany(), async (c) => {
    c.header("Cache-Control", "no-store");
    const { uuidCompte, idTier } = c.get("company");
    return c.json({ requests: await basketRequestsOf(deps.db, uuidCompte, idTier, MY_REQUESTS_MAX) });
  });

  return app;
}
