/** Self-service registration, its five steps (`/api/registration`): requests and answers. */
import * as v from "valibot";
import { SessionAnswer } from "./auth";
import { companyCountry, companyNumberOf, mobileOf } from "./company-rules";
import { email, optionalText, password, requestObject, requiredText } from "./rules";

/** The API's words for the rules only the registration has (the forms have their own). */
export const ONE_OF_TWO = "Un des deux champs est obligatoire";
export const CHOOSE_COMPANY = "Sélectionnez au moins une entreprise";
export const CHOOSE_CONTACT_MEANS = "Choisissez un moyen de contact.";
export const WRONG_CODE = "Code incorrect.";
/** At most as many companies as step 1 finds. */
export const MAX_FOUND = 50;

/** A value the previous answer offered (a contact means' id, the code sent): anything else is `refused`. */
const offered = (max: number, refused: string) =>
  v.pipe(
    v.string((issue) => (issue.input === undefined || issue.input === null ? "required" : refused)),
    v.trim(),
    v.nonEmpty("required"),
    v.maxLength(max, refused),
  );

const IdentifyFields = requestObject({
  pays: companyCountry(),
  immatriculation: optionalText(40),
  numeroClient: optionalText(40),
  email: email(),
  /** The user's own mobile, kept on the account. */
  mobile: requiredText(40),
});
type IdentifyFields = v.InferOutput<typeof IdentifyFields>;

/** The company is designated by its registration number, its customer number or both; said on the first. */
const oneOfTheNumbers = v.forward(
  v.partialCheck<IdentifyFields, [["immatriculation"], ["numeroClient"]], Pick<IdentifyFields, "immatriculation" | "numeroClient">, string>(
    [["immatriculation"], ["numeroClient"]],
    (input) => input.immatriculation !== "" || input.numeroClient !== "",
    ONE_OF_TWO,
  ),
  ["immatriculation"],
);

/** Step 1: the company (`pays` and one of its numbers) and the user's e-mail and mobile, in form order. */
export const IdentifyRequest = v.pipe(
  IdentifyFields,
  oneOfTheNumbers,
  companyNumberOf<IdentifyFields>("pays", "immatriculation"),
  mobileOf<IdentifyFields>("pays", "mobile"),
);
export type IdentifyRequest = v.InferInput<typeof IdentifyRequest>;

export const FoundCompany = v.object({
  idTier: v.string(),
  formeJuridique: v.string(),
  raisonSocial: v.string(),
  immatriculation: v.string(),
  numeroClient: v.string(),
});
export type FoundCompany = v.InferOutput<typeof FoundCompany>;

export const IdentifyAnswer = v.object({
  /** Carries the flow from one step to the next (43 base64url characters). */
  registrationId: v.string(),
  entreprisesTrouvees: v.array(FoundCompany),
});

/**
 * Step 2: the companies chosen among the found ones. Any wrong list is the one error the form can
 * show ("choose at least one"), on the list itself.
 */
export const ChooseCompaniesRequest = requestObject({
  idTiers: v.pipe(
    v.array(v.unknown(), CHOOSE_COMPANY),
    v.check((ids) => ids.every((id) => typeof id === "string"), CHOOSE_COMPANY),
    v.minLength(1, CHOOSE_COMPANY),
    v.maxLength(MAX_FOUND, CHOOSE_COMPANY),
    v.transform((ids) => ids as string[]),
    // Checked above rather than as `v.array(v.string())`, whose error would name the item ("idTiers.0").
    v.metadata({ items: { type: "string" } }),
  ),
});

/** A way to receive the verification code, masked (`j***@f***.fr`, `+33 6 ** ** ** 12`). */
export const ContactMeans = v.object({ id: v.string(), type: v.picklist(["email", "sms"]), masked: v.string() });
export type ContactMeans = v.InferOutput<typeof ContactMeans>;

export const ChooseCompaniesAnswer = v.object({ moyensContacts: v.array(ContactMeans) });

/** Step 3: the contact means (an `id` of step 2's answer) the code goes to. */
export const SendCodeRequest = requestObject({ moyenContact: offered(40, CHOOSE_CONTACT_MEANS) });

export const CodeSentAnswer = v.object({
  /** Seconds before another code can be asked for. */
  resendAfter: v.number(),
  /** Seconds the code stays valid. */
  expiresIn: v.number(),
});

/** Step 4: the code as typed (spaces are ignored; a code of another shape counts as a wrong try). */
export const VerifyCodeRequest = requestObject({ code: offered(20, WRONG_CODE) });

/** The six digits of a code as typed, or null when it cannot be one. */
export function codeDigits(typed: string): string | null {
  const digits = typed.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

export const CodeVerifiedAnswer = v.object({ verified: v.literal(true) });

/** Step 5: the password (its rules, SPEC §5, are checked apart: they are not a field's format). */
export const CompleteRequest = requestObject({ motDePasse: password(), confirmerMotDePasse: password() });

/** The end of a registration answers like a login. */
export const CompleteAnswer = SessionAnswer;
