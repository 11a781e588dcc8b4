/**
 * Issue 25, "Done when": the registration form and the API give the same verdict. Each row is given
 * to the contract's schema, as the form validates it, and to `POST /api/registration`: a field the
 * form refuses for a rule is the field the API refuses (422) with that rule's words, and a field the
 * form accepts has no error in the API's answer (201, or 404 when no company matches).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IdentifyRequest, ONE_OF_TWO } from "../../src/contract/registration.ts";
import { verdict, type Rule } from "../../src/contract/rules.ts";
import { botJson, createTestApp, fromAddress, type TestContext } from "../test-support.ts";

let t: TestContext;
let n = 0;

beforeAll(async () => {
  // The demo company is searched by most rows.
  t = await createTestApp({ registrationIdentifyMaxPerNumber: 1000 });
});
afterAll(() => t.close());

/** The API's words for each rule these rows break. */
const API_WORDS: Partial<Record<Rule, string>> = {
  required: "Champ obligatoire",
  email: "Adresse e-mail invalide.",
  mobile: "Numéro de mobile invalide.",
  companyNumber: "Numéro d'immatriculation invalide pour ce pays.",
  tooLong: "254 caractères au maximum.",
  // The one rule of these fields that the API words itself: neither number given.
  format: ONE_OF_TWO,
};

type Field = "immatriculation" | "email" | "mobile";
const FR = { pays: "FR", immatriculation: "552100554", email: "jean@ferme.test", mobile: "+33 6 12 34 56 78" };
/** The rest of the body, for a company of each country. */
const COMPANY = { FR, BE: { ...FR, pays: "BE", immatriculation: "0403.170.701" } };

const ROWS: [Field, string, keyof typeof COMPANY, "valid" | Rule][] = [
  ["mobile", "06.12.34.56.78", "FR", "valid"],
  ["mobile", "0612345678", "FR", "valid"],
  ["mobile", "+33 6 12 34 56 78", "FR", "valid"],
  ["mobile", "+44 7700 900123", "FR", "valid"],
  ["mobile", "06-12-34-56-78", "FR", "valid"],
  ["mobile", "+33 (0)6 12 34 56 78", "FR", "valid"],
  ["mobile", "0470 12 34 56", "FR", "mobile"],
  ["mobile", "01 23 45 67 89", "FR", "mobile"],
  ["mobile", "06 12 AB 56 78", "FR", "mobile"],
  ["mobile", "06 12 34", "FR", "mobile"],
  ["mobile", " ", "FR", "required"],
  ["mobile", "0470 12 34 56", "BE", "valid"],
  ["mobile", "06 12 34 56 78", "BE", "mobile"],
  ["immatriculation", "552100554", "FR", "valid"],
  ["immatriculation", "552 100 554", "FR", "valid"],
  ["immatriculation", "552 100 554 00013", "FR", "valid"],
  ["immatriculation", "123456789", "FR", "companyNumber"],
  ["immatriculation", "55210055", "FR", "companyNumber"],
  ["immatriculation", "0403.170.701", "BE", "valid"],
  ["immatriculation", "0403.170.702", "BE", "companyNumber"],
  ["immatriculation", "552100554", "BE", "companyNumber"],
  ["immatriculation", "  ", "FR", "format"],
  ["email", "jean@ferme.test", "FR", "valid"],
  ["email", " Jean@Ferme.test ", "FR", "valid"],
  ["email", "jean.ferme.test", "FR", "email"],
  ["email", "jean @ferme.test", "FR", "email"],
  ["email", "jean@ferme test", "FR", "email"],
  ["email", `${"j".repeat(250)}@ferme.test`, "FR", "tooLong"],
  ["email", "", "FR", "required"],
];

describe("the registration form and the API give the same verdict, field by field", () => {
  it.each(ROWS)("%s %j, for a company of %s → %s", async (field, value, country, expected) => {
    const body = { ...COMPANY[country], [field]: value };

    const form = verdict(IdentifyRequest, body);
    const formRule = form.valid ? "valid" : (form.problems.find((p) => p.path === field)?.rule ?? "valid");
    expect(formRule).toBe(expected);

    const res = await t.app.request("/api/registration", await botJson(t.app, body), fromAddress(`10.77.${++n >> 8}.${n & 255}`));
    expect([201, 404, 422]).toContain(res.status);
    const answer = (await res.json()) as { errors?: { path: string; message: string }[] };
    const apiError = res.status === 422 ? answer.errors?.find((e) => e.path === field) : undefined;
    expect(apiError?.message).toBe(expected === "valid" ? undefined : API_WORDS[expected]);
  });
});
