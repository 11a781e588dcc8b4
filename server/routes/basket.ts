import { randomInt } from "node:crypto";
import { Hono } from "hono";
import type * as v from "valibot";
import {
  BASKET_MESSAGES as CONTRACT_MESSAGES,
  BasketItemsQuery,
  BasketItemsAnswer,
  BasketRequest,
  BasketRequestAnswer,
  MyBasketRequestsAnswer,
  BASKET_REQUESTS_LISTED,
} from "../../src/contract/basket.ts";
import { checkCompanyNumber } from "../../src/contract/company-numbers.ts";
import { checkMobile } from "../../src/contract/phone-rules.ts";
import { BOT_CHECK_HEADER } from "../../src/core/bot-check.ts";
import { formatCompanyName } from "../../src/core/company-name.ts";
import { BASKET_ITEM_ID } from "../../src/contract/constants.ts";
import { languageOf, networkOf } from "../../src/core/locale.ts";
import { brandName, themeOfNetwork } from "../../src/core/theme.ts";
import { defaultConfig } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import { optionalAuth } from "../http/auth-middleware.ts";
import { checkBotSolution } from "../http/bot-check.ts";
import { clientAddress, type AppEnv, type AuthInfo, type Deps } from "../http/context.ts";
import { entityOf, PUBLIC_CACHE, sendEntity, type Entity } from "../http/etag.ts";
import { idempotencyKey, requestHash, runOnce, sendAnswer, type IdempotentAnswer } from "../http/idempotency.ts";
import { answerLanguage } from "../http/locale.ts";
import { jsonBody, operation, protectedOperation, queryOf } from "../http/operation.ts";
import { ProblemError, tooManyRequests, validationProblem } from "../http/problem.ts";
import { requireOperationRole } from "../http/roles.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { staffLanguage } from "../mail/staff-language.ts";
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
import { hit } from "../queries/rate-limits.ts";
import { recordActivity } from "../queries/security.ts";
import { SMS_WAIT_MS, sentWithin } from "../sms/sms.ts";

/** The API's words for the basket: the contract's for its fields, then the catalogue's and the limit's. */
export const BASKET_MESSAGES = {
  ...CONTRACT_MESSAGES,
  unknownItems: "Certains articles ne sont plus disponibles. Retirez-les de votre panier.",
} as const;
const M = BASKET_MESSAGES;

/** The catalogue is public and changes rarely: caches may keep a picture a week (then revalidate). */
const IMAGE_CACHE = "public, max-age=604800";
/** Answers kept in memory: item lists per ids and language, pictures per item. */
const MAX_LISTS = 2_000;
const MAX_IMAGES = 500;

const imagePath = (id: string) => `/api/basket/items/${id}/image`;

/** Validated baskets accepted per client address and window by default (`hit` inside the transaction: a refused one is not counted). */
export const BASKET_MAX_PER_CLIENT = defaultConfig().basketMaxPerClient;
const BASKET_WINDOW_SECONDS = 3600;
/** Crockford's base 32 without I, L, O and U: nothing to misread when the reference is read out on the phone. */
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The random part of a basket reference: 6 characters, about a billion references a year. */
export function drawBasketReference(): string {
  return Array.from({ length: 6 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join("");
}

const DAY_SECONDS = 24 * 60 * 60;

const IDEMPOTENCY_SCOPE = "basket-request";

/** A valid basket, its company number normalized, with the E.164 form of its mobile (where the SMS goes). */
type BasketInput = v.InferOutput<typeof BasketRequest> & BasketCustomer;

function basketInput(body: v.InferOutput<typeof BasketRequest>): BasketInput {
  const { e164 } = checkMobile(body.pays, body.mobile);
  if (!e164) throw new Error("a mobile the contract accepted has no E.164 form");
  return { ...body, mobileE164: e164, immat: checkCompanyNumber(body.pays, body.immat).normalized };
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

/** `/basket`: the basket's catalogue and its validation (public: a visitor fills and validates a basket too). */
export function basketRoutes(deps: Deps) {
  const { db, config, mailer } = deps;
  const app = new Hono<AppEnv>();

  // Kept in memory until a row they were read from changes (notifications of migration 0008).
  const lists = deps.caches.create<Entity>(MAX_LISTS);
  const images = deps.caches.create<Entity | null>(MAX_IMAGES);
  const itemTags = (ids: string[]) => ids.flatMap((id) => [`basket_items:${id}`, `basket_item_texts:${id}`]);

  // The items of `?ids=` in that order (each once), and the ids no longer offered.
  app.get(
    "/items",
    operation({
      operationId: "getBasketItems",
      summary: "Basket items by id (public), in the language of `langue`, else of `X-langue`",
      tags: ["basket"],
      answers: { 200: { description: "The items found, in the order asked, and the ids unknown.", schema: BasketItemsAnswer } },
      problems: [400, 422],
    }),
    ...queryOf(BasketItemsQuery),
    async (c) => {
      const { ids } = c.req.valid("query");
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
    },
  );

  app.get(
    "/items/:id/image",
    operation({
      operationId: "getBasketItemImage",
      summary: "Picture of a basket item (public)",
      tags: ["basket"],
      answers: { 200: { description: "The picture, under a policy that lets an SVG run nothing.", file: "image/*" } },
      problems: [404],
    }),
    async (c) => {
      const id = c.req.param("id");
      const image = BASKET_ITEM_ID.test(id)
        ? await images.get(id, [`basket_items:${id}`], async () => {
            const found = await basketItemImage(db, id);
            return found ? entityOf(found.bytes, found.type) : null;
          })
        : null;
      if (!image) throw new ProblemError(404, "not-found", "imageNotFound");
      return sendEntity(c, image, {
        "Cache-Control": IMAGE_CACHE,
        // An SVG opened on its own must not run or load anything.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
    },
  );

  // Validation of a basket: stored once per Idempotency-Key, the adviser or sales service told by
  // e-mail in their language (queued in the transaction), the customer by SMS after the commit.
  app.post(
    "/requests",
    operation({
      operationId: "postBasketRequest",
      summary: "Validate a basket (the customer is called back)",
      tags: ["basket"],
      auth: "optional",
      botCheck: true,
      idempotencyKey: "required",
      answers: { 201: { description: "Recorded (or the answer recorded for this Idempotency-Key).", schema: BasketRequestAnswer } },
      problems: [400, 401, 403, 409, 413, 415, 422, 429],
    }),
    optionalAuth(deps),
    requireOperationRole("postBasketRequest"),
    ...jsonBody(BasketRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const key = idempotencyKey(c);
      const caller = callerOf(c.var.auth as AuthInfo | undefined);
      const input = basketInput(c.req.valid("json"));
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
        if (state.count > config.basketMaxPerClient) throw tooManyRequests("tooManyRequests", state.retryAfter);
        const offered = new Map((await offeredBasketItems(tx, input.items, language)).map((item) => [item.id, item.nom]));
        const unknown = input.items.filter((id) => !offered.has(id));
        if (unknown.length > 0) throw validationProblem([{ path: "items", message: M.unknownItems }], { unknown });
        const items = input.items.map((id) => ({ id, nom: offered.get(id) ?? id }));

        const to = await recipientOf(tx, caller, input);
        const staff = staffLanguage(to.codeReseau, input.langue);
        const staffNames =
          staff === language ? offered : new Map((await offeredBasketItems(tx, input.items, staff)).map((i) => [i.id, i.nom]));
        const saved = await insertBasketRequest(
          tx,
          {
            ...input,
            uuidCompte: caller?.uuidCompte ?? null,
            idTier: caller?.idTier ?? null,
            codeReseau: to.codeReseau,
            adviserId: to.adviserId,
            recipient: to.to,
            items,
          },
          drawBasketReference,
        );
        if (caller) {
          const detail = { reference: saved.reference };
          await recordActivity(tx, { uuidCompte: caller.uuidCompte, idTier: caller.idTier, kind: "basket-request", detail });
        }
        const who = caller?.idTier ? await contactSender(tx, caller.uuidCompte, caller.idTier) : undefined;
        const mailId = await enqueueMail(
          tx,
          basketRequestMail(staff, to.to, {
            ...input,
            reference: saved.reference,
            items: input.items.map((id) => ({ id, nom: staffNames.get(id) ?? id })),
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
      // Counted in one statement per number, so concurrent baskets cannot slip past the day's limit;
      // past it the request is kept and the answer says that no SMS was sent.
      const smsToday = await hit(db, `sms:to:${input.mobileE164}`, DAY_SECONDS);
      const smsAllowed = smsToday.count <= config.smsMaxPerNumberPerDay;
      const smsSent =
        smsAllowed && (await sentWithin(deps.sms, { to: input.mobileE164, text }, SMS_WAIT_MS, () => markBasketSmsSent(db, body.id)));
      if (smsSent) return sendAnswer(c, outcome.answer, false);
      // Said in the answer and in the stored one, so that a retry reads the same.
      const answer: IdempotentAnswer = { status: 201, body: JSON.stringify({ ...body, sms: false }) };
      await storeIdempotentAnswer(db, IDEMPOTENCY_SCOPE, key, answer.status, answer.body);
      return sendAnswer(c, answer, false);
    },
  );

  return app;
}

/** `/me/basket-requests`: the requests the account sent for the selected company (dashboard). */
export function myBasketRequestRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "getMyBasketRequests",
      summary: "The baskets the customer validated for the selected company",
      tags: ["basket"],
      auth: "company",
      answers: { 200: { description: "The newest requests first.", schema: MyBasketRequestsAnswer } },
      problems: [401, 403],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier } = c.get("company");
      return c.json({ requests: await basketRequestsOf(deps.db, uuidCompte, idTier, BASKET_REQUESTS_LISTED) });
    },
  );

  return app;
}
