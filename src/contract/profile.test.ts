import { describe, expect, it } from "vitest";
import { ProfileFormFields, ProfileRequest } from "./profile";
import { verdict, type RuleProblem } from "./rules";

const user = {
  civilite: "Mme",
  nom: "Bernard",
  prenom: "Camille",
  fonction: "Gérante",
  email: "camille@exploitation.test",
  mobile: "+33 6 12 34 56 78",
  telephone: "",
  adresse: "12 route de Nantes",
  adresse_complement: "",
  code_postal: "49000",
  ville: "Angers",
  pays: "FR",
};
const entreprise = { raison_sociale: "GAEC du Moulin", formeJuridique: "GAEC", immatriculation: "552 100 554" };
const PHONE = "Numéro de téléphone invalide.";
const POSTCODE = "Code postal invalide pour ce pays.";

type Body = { user: Record<string, unknown>; entreprise: Record<string, unknown>; motDePasse?: unknown };
const problemsOf = (input: unknown) => {
  const result = verdict(ProfileRequest, input);
  return result.valid ? [] : result.problems;
};

describe("ProfileRequest", () => {
  it.each<[string, (b: Body) => void, RuleProblem[]]>([
    ["the profile as it is", () => {}, []],
    ["optional fields left out or null", (b) => ((b.user = { ...b.user, fonction: null, civilite: "" }), delete b.user.mobile), []],
    ["another country's postcode", (b) => ((b.user.pays = "nl"), (b.user.code_postal = "1012 ab")), []],
    ["a postcode without a country is the company's to check", (b) => ((b.user.pays = ""), (b.user.code_postal = "1")), []],
    ["nom missing", (b) => delete b.user.nom, [{ path: "user.nom", rule: "required" }]],
    ["nom blank", (b) => (b.user.nom = "   "), [{ path: "user.nom", rule: "required" }]],
    ["nom not text", (b) => (b.user.nom = 5), [{ path: "user.nom", rule: "notText" }]],
    ["nom too long", (b) => (b.user.nom = "x".repeat(101)), [{ path: "user.nom", rule: "tooLong", limit: 100 }]],
    ["fonction not text", (b) => (b.user.fonction = ["x"]), [{ path: "user.fonction", rule: "notText" }]],
    ["email invalid", (b) => (b.user.email = "pas-une-adresse"), [{ path: "user.email", rule: "email" }]],
    ["mobile with letters", (b) => (b.user.mobile = "06 12 AB"), [{ path: "user.mobile", rule: "format", message: PHONE }]],
    ["telephone too short", (b) => (b.user.telephone = "12 34 5"), [{ path: "user.telephone", rule: "format", message: PHONE }]],
    [
      "French postcode of 4 digits",
      (b) => (b.user.code_postal = "4913"),
      [{ path: "user.code_postal", rule: "format", message: POSTCODE }],
    ],
    [
      "British postcode",
      (b) => ((b.user.pays = "GB"), (b.user.code_postal = "12345")),
      [{ path: "user.code_postal", rule: "format", message: POSTCODE }],
    ],
    ["unknown country", (b) => (b.user.pays = "US"), [{ path: "user.pays", rule: "country" }]],
    [
      "civilite Mr",
      (b) => (b.user.civilite = "Mr"),
      [{ path: "user.civilite", rule: "format", message: "Civilité invalide : « M. » ou « Mme »." }],
    ],
    ["raison_sociale empty", (b) => (b.entreprise.raison_sociale = ""), [{ path: "entreprise.raison_sociale", rule: "required" }]],
    ["immatriculation missing", (b) => delete b.entreprise.immatriculation, [{ path: "entreprise.immatriculation", rule: "required" }]],
    ["motDePasse not text", (b) => (b.motDePasse = 12), [{ path: "motDePasse", rule: "notText" }]],
    ["user missing", (b) => delete (b as Partial<Body>).user, [{ path: "user", rule: "required" }]],
    ["user not an object", (b) => (b.user = "x" as never), [{ path: "user", rule: "format", message: "Doit être un objet." }]],
    [
      "every field at once, in form order",
      (b) => ((b.user = { ...b.user, nom: "", email: "x", code_postal: "1" }), (b.entreprise.immatriculation = "")),
      [
        { path: "user.nom", rule: "required" },
        { path: "user.email", rule: "email" },
        { path: "user.code_postal", rule: "format", message: POSTCODE },
        { path: "entreprise.immatriculation", rule: "required" },
      ],
    ],
  ])("%s", (_label, change, problems) => {
    const body: Body = { user: { ...user }, entreprise: { ...entreprise } };
    change(body);
    expect(problemsOf(body)).toEqual(problems);
  });

  it("trims, upper-cases codes, lower-cases the e-mail and drops the read-only customer number", () => {
    const result = verdict(ProfileRequest, {
      user: { ...user, civilite: "", nom: " Bernard ", email: " Camille@Exploitation.TEST", code_postal: "l-1234", pays: "lu" },
      entreprise: { ...entreprise, numeroClient: "HACK" },
    });
    expect(result).toEqual({
      valid: true,
      value: {
        user: { ...user, civilite: null, email: "camille@exploitation.test", code_postal: "L-1234", pays: "LU" },
        entreprise,
      },
    });
  });

  it.each([
    [null, "required"],
    ["x", "format"],
  ])("a body that is not an object (%j)", (input, rule) => {
    expect(problemsOf(input)).toEqual([{ path: "", rule, message: "Le corps de la requête doit être un objet JSON." }]);
  });
});

describe("ProfileFormFields", () => {
  it("the same rules on the form's flat fields", () => {
    const result = verdict(ProfileFormFields, { ...user, ...entreprise, nom: "", mobile: "06 AB", code_postal: "1", motDePasse: "" });
    expect(result.valid ? [] : result.problems).toEqual([
      { path: "nom", rule: "required" },
      { path: "mobile", rule: "format", message: PHONE },
      { path: "code_postal", rule: "format", message: POSTCODE },
    ]);
  });
});
