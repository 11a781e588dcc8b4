/**
 * "My information" (`/api/me/profile`): the personal and company data the form edits and the API
 * saves; the confirmation of the company's data as they are, the account (`/api/me`) and the
 * dashboard's counts (`/api/me/summary`).
 */
import * as v from "valibot";
import { ADDRESS_COUNTRIES } from "./constants";
import { isValidPhone, isValidPostcode } from "./address-rules";
import { SessionAnswer } from "./auth";
import { MyBasketRequestsAnswer } from "./basket";
import { PendingEmailChange } from "./email-change";
import { email, optionalText, pagePath, requestObject, requiredText } from "./rules";

/**
 * The API's words for a phone and a postcode: `Rule` has no key for them, so they are checks worded
 * by the schema (a `format` problem with this message); the form says them in its own words.
 */
export const INVALID_PHONE = "Numéro de téléphone invalide.";
export const INVALID_POSTCODE = "Code postal invalide pour ce pays.";

/**
 * The object's `postcode` is one of its `country` ("" leaves it to whoever knows the fallback
 * country, see ProfileRequest). A rule across fields like mobileOf: it belongs in rules.ts.
 */
function postcodeOf<T extends Record<string, unknown>>(country: keyof T & string, postcode: keyof T & string) {
  const read = (input: unknown, key: string) => String((input as Record<string, unknown>)[key] ?? "");
  const check = v.partialCheck(
    [[country], [postcode]],
    (input) => read(input, country) === "" || read(input, postcode) === "" || isValidPostcode(read(input, country), read(input, postcode)),
    INVALID_POSTCODE,
  );
  return v.forward(check as never, [postcode] as never) as unknown as v.BaseValidation<T, T, v.BaseIssue<unknown>>;
}

const phone = () =>
  v.pipe(
    optionalText(30),
    v.check((s) => s === "" || isValidPhone(s), INVALID_PHONE),
  );

/** The personal fields, as the form lays them out. */
const UserFields = {
  // Only the API can be sent anything else: the form offers the two titles.
  civilite: v.pipe(
    v.optional(v.nullable(v.string("Civilité invalide : « M. » ou « Mme »."))),
    v.check((s) => !s || s === "M." || s === "Mme", "Civilité invalide : « M. » ou « Mme »."),
    v.transform((s) => (s ? (s as "M." | "Mme") : null)),
  ),
  nom: requiredText(100),
  prenom: requiredText(100),
  fonction: optionalText(100),
  email: email(),
  mobile: phone(),
  telephone: phone(),
  adresse: optionalText(200),
  adresse_complement: optionalText(200),
  code_postal: v.pipe(optionalText(12), v.toUpperCase()),
  ville: optionalText(100),
  /** "" → the company's country. */
  pays: v.pipe(
    optionalText(2),
    v.toUpperCase(),
    v.check((s) => s === "" || (ADDRESS_COUNTRIES as readonly string[]).includes(s), "country"),
  ),
};

/** The company's fields the customer edits; `numeroClient` is read-only (dropped when sent). */
const CompanyFields = {
  raison_sociale: requiredText(200),
  formeJuridique: optionalText(50),
  immatriculation: requiredText(40),
};

/** The current password, needed only when the e-mail changes. */
const currentPassword = v.optional(v.pipe(v.string("notText"), v.maxLength(1024, "tooLong")));

/**
 * PUT /api/me/profile. Two rules need what the body does not carry, so the API applies them after
 * the schema (and the form with it): the registration number is one of the company's country, and
 * a postcode without `pays` is one of the company's country too; changing the e-mail needs
 * `motDePasse` and `emailChangePath`, and is not made at once: it waits for the new address's
 * confirmation (src/contract/email-change.ts).
 */
export const ProfileRequest = requestObject({
  user: v.pipe(requestObject(UserFields, "Doit être un objet."), postcodeOf("pays", "code_postal")),
  entreprise: requestObject(CompanyFields, "Doit être un objet."),
  motDePasse: currentPassword,
  /** The page the e-mail change's links lead to (`?token=` applies it, `?cancel=` cancels it). */
  emailChangePath: v.optional(pagePath()),
});
export type ProfileRequest = v.InferInput<typeof ProfileRequest>;

/** The same fields as the profile form holds them: one level, the password after the e-mail. */
export const ProfileFormFields = v.pipe(
  v.object({ ...UserFields, motDePasse: currentPassword, ...CompanyFields }),
  postcodeOf("pays", "code_postal"),
);

/** Absent or null text comes out as "", so the form always has a string to show. */
const text = v.nullish(v.string(), "");

/** GET and PUT /api/me/profile: the account's personal data and the selected company's; `user.email` is the login in force. */
export const ProfileAnswer = v.object({
  user: v.object({
    civilite: v.nullish(v.string()),
    nom: text,
    prenom: text,
    fonction: text,
    email: text,
    mobile: text,
    telephone: text,
    adresse: text,
    adresse_complement: text,
    code_postal: text,
    ville: text,
    pays: text,
  }),
  entreprise: v.object({
    idTier: v.string(),
    raison_sociale: text,
    formeJuridique: text,
    immatriculation: text,
    numeroClient: text,
    pays: text,
    derniereMiseAJour: v.nullable(v.string()),
  }),
  /** The login e-mail change waiting for the new address's confirmation, or null. */
  emailChange: v.nullish(PendingEmailChange, null),
});
export type ProfileAnswer = v.InferOutput<typeof ProfileAnswer>;

const User = SessionAnswer.entries.user;

/** POST /api/me/confirmation: the company, as the login answer has it, confirmed today. */
export const ConfirmationAnswer = v.object({ entreprise: User.entries.entreprises.item });

/** GET /api/me: the account as the login answer has it (without tokens), and the company its token is scoped to. */
export const MeAnswer = v.object({ user: User, idTier: v.nullable(v.string()) });

/**
 * GET /api/me/summary's query: `with=basket-requests` adds the company's basket requests, so the
 * dashboard reads everything it shows in one request (issue 27: one data request per screen).
 */
export const SummaryQuery = v.object({ with: v.optional(v.literal("basket-requests")) });
export type SummaryQuery = v.InferOutput<typeof SummaryQuery>;

/** GET /api/me/summary: the dashboard tiles' counts, and the basket requests when asked for. */
export const SummaryAnswer = v.object({
  invoices: v.object({ unpaid: v.number(), total: v.number() }),
  /** Product families bought. */
  products: v.number(),
  adviser: v.boolean(),
  /** The account's open service requests for the company (absent from answers of servers before it: 0). */
  openServiceRequests: v.optional(v.number(), 0),
  basketRequests: v.optional(MyBasketRequestsAnswer.entries.requests),
});
export type SummaryAnswer = v.InferOutput<typeof SummaryAnswer>;
