/**
 * The basket (`/api/basket`): its catalogue, the validation of a basket (a request to be called
 * back) and the requests a customer sent (`/api/me/basket-requests`, and with the dashboard's summary).
 */
import * as v from "valibot";
import {
  BASKET_IMMAT_MAX,
  BASKET_ITEM_ID,
  BASKET_MAX_ITEMS,
  BASKET_MOBILE_MAX,
  BASKET_NOM_MAX,
  BASKET_SOCIETE_MAX,
  THEMES,
} from "./constants";
import { companyCountry, companyNumberOf, mobileOf } from "./company-rules";
import { locale, requestObject, requiredText } from "./rules";

/** The API's words for the rules only the basket has (the form has its own). */
export const BASKET_MESSAGES = {
  badIds: `Une liste de 1 à ${BASKET_MAX_ITEMS} identifiants d'articles séparés par des virgules est attendue.`,
  emptyBasket: "Votre panier est vide.",
  badItems: "Liste d'articles invalide.",
  tooManyItems: `${BASKET_MAX_ITEMS} articles au maximum.`,
  badTheme: "Thème invalide.",
} as const;
const M = BASKET_MESSAGES;

const isItemId = (id: unknown) => typeof id === "string" && BASKET_ITEM_ID.test(id);

/** `?ids=`: 1 to BASKET_MAX_ITEMS item ids, comma-separated (duplicates allowed, answered once). */
export const BasketItemsQuery = v.object(
  {
    ids: v.pipe(
      v.string(M.badIds),
      v.transform((list) => list.split(",").map((id) => id.trim())),
      v.check((ids) => ids.length <= BASKET_MAX_ITEMS && ids.every(isItemId), M.badIds),
    ),
  },
  M.badIds,
);

const BasketItem = v.object({
  id: v.string(),
  nom: v.string(),
  description: v.nullish(v.string(), ""),
  /** The item's network (FRA, AGR…): the API sends it, the basket does not show it. */
  codeReseau: v.optional(v.string()),
  /** The picture's address, from the API's origin ("/api/basket/items/1001/image"). */
  image: v.nullish(v.string(), null),
});
export type BasketItem = v.InferOutput<typeof BasketItem>;

export const BasketItemsAnswer = v.object({
  items: v.array(BasketItem),
  /** Ids the catalogue does not hold (any more): shown as "no longer available", never dropped. */
  unknown: v.optional(v.array(v.string()), []),
});
export type BasketItemsAnswer = v.InferOutput<typeof BasketItemsAnswer>;

const BasketRequestFields = requestObject({
  nom: requiredText(BASKET_NOM_MAX),
  societe: requiredText(BASKET_SOCIETE_MAX),
  pays: companyCountry(),
  immat: requiredText(BASKET_IMMAT_MAX),
  mobile: requiredText(BASKET_MOBILE_MAX),
  /** The language of the confirmation SMS; its network serves a visitor. */
  langue: locale(),
  /** The basket's item ids, each counted once. */
  items: v.pipe(
    v.array(v.unknown(), (issue) => (issue.input === undefined || issue.input === null ? M.emptyBasket : M.badItems)),
    v.nonEmpty(M.emptyBasket),
    v.check((ids) => ids.every(isItemId), M.badItems),
    v.transform((ids) => [...new Set(ids as string[])]),
    v.maxLength(BASKET_MAX_ITEMS, M.tooManyItems),
  ),
  /** The site's theme: AGRI sends a visitor's basket to the AGR network. */
  theme: v.nullish(v.picklist(THEMES, M.badTheme), "MACC"),
});
type BasketRequestFields = v.InferOutput<typeof BasketRequestFields>;

/**
 * A basket's validation, its fields in form order: the country first, its rules check the company
 * number and the mobile after it (a mobile of another country in its international form).
 */
export const BasketRequest = v.pipe(
  BasketRequestFields,
  companyNumberOf<BasketRequestFields>("pays", "immat"),
  mobileOf<BasketRequestFields>("pays", "mobile"),
);
export type BasketRequest = v.InferInput<typeof BasketRequest>;

const SentItem = v.object({ id: v.string(), nom: v.string() });

/** A recorded basket; `sms` is false when the SMS provider did not accept the confirmation in time. */
export const BasketRequestAnswer = v.object({
  id: v.string(),
  reference: v.string(),
  createdAt: v.string(),
  items: v.array(SentItem),
  sms: v.optional(v.boolean(), false),
});
export type BasketRequestAnswer = v.InferOutput<typeof BasketRequestAnswer>;

const SentBasketRequest = v.object({
  id: v.string(),
  reference: v.string(),
  createdAt: v.string(),
  status: v.string(),
  items: v.array(SentItem),
});
export type SentBasketRequest = v.InferOutput<typeof SentBasketRequest>;

/** The baskets the account sent for the selected company, newest first. */
export const MyBasketRequestsAnswer = v.object({ requests: v.array(SentBasketRequest) });

/** How many of them the dashboard lists: the newest. */
export const BASKET_REQUESTS_LISTED = 20;
