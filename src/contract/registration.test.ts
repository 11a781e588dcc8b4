import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  ChooseCompaniesAnswer,
  ChooseCompaniesRequest,
  codeDigits,
  CodeSentAnswer,
  CompleteRequest,
  IdentifyAnswer,
  IdentifyRequest,
  ONE_OF_TWO,
  SendCodeRequest,
  VerifyCodeRequest,
} from "./registration";
import { verdict, type RuleProblem } from "./rules";

const IDENTITY = { pays: "FR", immatriculation: "552100554", numeroClient: "", email: "jean@ferme.test", mobile: "+33 6 12 34 56 78" };
const problems = (schema: v.GenericSchema, input: unknown): RuleProblem[] => {
  const result = verdict(schema, input);
  return result.valid ? [] : result.problems;
};

describe("IdentifyRequest (step 1)", () => {
  it.each<[string, Record<string, unknown>, RuleProblem[]]>([
    ["a SIREN", {}, []],
    ["a SIREN with spaces", { immatriculation: "552 100 554" }, []],
    ["a customer number only", { immatriculation: "", numeroClient: "C-100200" }, []],
    ["a Belgian number for Belgium", { pays: "be", immatriculation: "0403.170.701" }, []],
    ["a national mobile", { mobile: "06 12 34 56 78" }, []],
    ["a mobile with dots", { mobile: "06.12.34.56.78" }, []],
    ["a mobile with dashes", { mobile: "06-12-34-56-78" }, []],
    ["an international mobile of another country", { mobile: "+44 7700 900123" }, []],
    ["a Belgian national mobile for Belgium", { pays: "BE", immatriculation: "0403.170.701", mobile: "0470 12 34 56" }, []],
    ["no number at all", { immatriculation: " ", numeroClient: "" }, [{ path: "immatriculation", rule: "format", message: ONE_OF_TWO }]],
    ["a SIREN failing its check digit", { immatriculation: "123456789" }, [{ path: "immatriculation", rule: "companyNumber" }]],
    ["a French SIREN for Belgium", { pays: "BE" }, [{ path: "immatriculation", rule: "companyNumber" }]],
    ["a number over 40 characters", { immatriculation: "5".repeat(41) }, [{ path: "immatriculation", rule: "tooLong", limit: 40 }]],
    ["a number that is not text", { immatriculation: 552100554 }, [{ path: "immatriculation", rule: "notText" }]],
    ["a country the group does not serve", { pays: "DE" }, [{ path: "pays", rule: "country" }]],
    ["no e-mail", { email: "  " }, [{ path: "email", rule: "required" }]],
    ["an e-mail without @", { email: "jean.ferme.test" }, [{ path: "email", rule: "email" }]],
    ["an e-mail with a space", { email: "jean @ferme.test" }, [{ path: "email", rule: "email" }]],
    ["an e-mail over 254 characters", { email: `${"a".repeat(250)}@ferme.test` }, [{ path: "email", rule: "tooLong", limit: 254 }]],
    ["no mobile", { mobile: "" }, [{ path: "mobile", rule: "required" }]],
    ["a Belgian national mobile for France", { mobile: "0470 12 34 56" }, [{ path: "mobile", rule: "mobile" }]],
    ["a French landline", { mobile: "01 23 45 67 89" }, [{ path: "mobile", rule: "mobile" }]],
    [
      "a French national mobile for Belgium",
      { pays: "BE", immatriculation: "0403.170.701", mobile: "06 12 34 56 78" },
      [{ path: "mobile", rule: "mobile" }],
    ],
    ["a mobile with letters", { mobile: "06 12 AB 56 78" }, [{ path: "mobile", rule: "mobile" }]],
    [
      "everything wrong: one problem per field, in form order",
      { pays: "", immatriculation: "", email: "x", mobile: "" },
      [
        { path: "pays", rule: "required" },
        { path: "immatriculation", rule: "format", message: ONE_OF_TWO },
        { path: "email", rule: "email" },
        { path: "mobile", rule: "required" },
      ],
    ],
  ])("%s", (_label, change, expected) => {
    expect(problems(IdentifyRequest, { ...IDENTITY, ...change })).toEqual(expected);
  });

  it("absent keys are required; blank numbers are empty; the country and the e-mail are normalized", () => {
    expect(problems(IdentifyRequest, { immatriculation: "552100554" }).map((p) => [p.path, p.rule])).toEqual([
      ["pays", "required"],
      ["email", "required"],
      ["mobile", "required"],
    ]);
    expect(verdict(IdentifyRequest, { ...IDENTITY, pays: "fr", numeroClient: null, email: " Jean@Ferme.TEST " })).toEqual({
      valid: true,
      value: { ...IDENTITY, email: "jean@ferme.test" },
    });
  });

  it("a body that is not an object says so", () => {
    expect(problems(IdentifyRequest, "x")).toEqual([
      { path: "", rule: "format", message: "Le corps de la requête doit être un objet JSON." },
    ]);
  });
});

describe("the other steps' requests", () => {
  const choose = "Sélectionnez au moins une entreprise";
  it.each<[string, v.GenericSchema, unknown, RuleProblem[]]>([
    ["companies chosen", ChooseCompaniesRequest, { idTiers: ["1007001"] }, []],
    ["no company chosen", ChooseCompaniesRequest, { idTiers: [] }, [{ path: "idTiers", rule: "format", message: choose }]],
    ["no list", ChooseCompaniesRequest, {}, [{ path: "idTiers", rule: "required", message: choose }]],
    ["a list of numbers", ChooseCompaniesRequest, { idTiers: [1007001] }, [{ path: "idTiers", rule: "format", message: choose }]],
    [
      "a list of 51",
      ChooseCompaniesRequest,
      { idTiers: Array.from({ length: 51 }, String) },
      [{ path: "idTiers", rule: "format", message: choose }],
    ],
    ["a contact means", SendCodeRequest, { moyenContact: "sms-1" }, []],
    ["no contact means", SendCodeRequest, { moyenContact: " " }, [{ path: "moyenContact", rule: "required" }]],
    [
      "a contact means that is not text",
      SendCodeRequest,
      { moyenContact: 1 },
      [{ path: "moyenContact", rule: "format", message: "Choisissez un moyen de contact." }],
    ],
    ["a code of another shape (a wrong try, not a refused body)", VerifyCodeRequest, { code: "12ab" }, []],
    ["no code", VerifyCodeRequest, {}, [{ path: "code", rule: "required" }]],
    [
      "a code over 20 characters",
      VerifyCodeRequest,
      { code: "1".repeat(21) },
      [{ path: "code", rule: "format", message: "Code incorrect." }],
    ],
    ["a password and its confirmation", CompleteRequest, { motDePasse: "Inscription2026", confirmerMotDePasse: "x" }, []],
    [
      "no confirmation",
      CompleteRequest,
      { motDePasse: "Inscription2026", confirmerMotDePasse: null },
      [{ path: "confirmerMotDePasse", rule: "required" }],
    ],
  ])("%s", (_label, schema, input, expected) => {
    expect(problems(schema, input)).toEqual(expected);
  });

  it.each([
    ["123456", "123456"],
    [" 123 456 ", "123456"],
    ["12345", null],
    ["12ab56", null],
  ])("codeDigits(%j) → %j", (typed, digits) => {
    expect(codeDigits(typed)).toBe(digits);
  });
});

describe("answers", () => {
  it("parse what the API sends, ignoring keys they do not know, and refuse a wrong shape", () => {
    const company = { idTier: "1", formeJuridique: "SAS", raisonSocial: "Ferme", immatriculation: "552100554", numeroClient: "C-1" };
    expect(v.parse(IdentifyAnswer, { registrationId: "r", entreprisesTrouvees: [{ ...company, extra: 1 }] })).toEqual({
      registrationId: "r",
      entreprisesTrouvees: [company],
    });
    expect(v.parse(ChooseCompaniesAnswer, { moyensContacts: [{ id: "sms-1", type: "sms", masked: "+33 6 ** ** ** 78" }] })).toBeTruthy();
    expect(v.safeParse(ChooseCompaniesAnswer, { moyensContacts: [{ id: "x", type: "fax", masked: "" }] }).success).toBe(false);
    expect(v.safeParse(CodeSentAnswer, { resendAfter: 60 }).success).toBe(false);
  });
});
