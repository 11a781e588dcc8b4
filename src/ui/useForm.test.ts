import { describe, expect, it } from "vitest";
import { inFormOrder } from "./useForm";

describe("inFormOrder: the error summary reads in the form's order", () => {
  const form = document.createElement("form");
  form.innerHTML = '<input id="nom"><input id="email"><fieldset><input id="motDePasse"></fieldset><input id="raison_sociale">';
  const errors = (...fields: string[]) => fields.map((field) => ({ field, message: `${field}?` }));
  it.each<[string, string[], string[]]>([
    ["already in order", ["nom", "email"], ["nom", "email"]],
    ["validated in another order", ["raison_sociale", "email", "nom"], ["nom", "email", "raison_sociale"]],
    ["a field inside a fieldset", ["raison_sociale", "motDePasse"], ["motDePasse", "raison_sociale"]],
    [
      "a field the form does not have goes last, in its order",
      ["token", "raison_sociale", "other", "nom"],
      ["nom", "raison_sociale", "token", "other"],
    ],
  ])("%s", (_label, found, expected) => {
    expect(inFormOrder(errors(...found), form).map((e) => e.field)).toEqual(expected);
  });

  it("without a form (no submit yet): as found", () => {
    expect(inFormOrder(errors("email", "nom"), null).map((e) => e.field)).toEqual(["email", "nom"]);
  });
});
