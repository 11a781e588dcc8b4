import { describe, expect, it } from "vitest";
import { ApiError } from "../core/errors";
import { fieldErrorsOf } from "./field-errors";

const problem = (status: number, errors?: Array<{ path: string; message: string }>) => new ApiError(status, { status, errors });

describe("fieldErrorsOf", () => {
  it.each<[string, unknown, string[], Array<{ field: string; message: string }>]>([
    [
      "nested paths map to the form's fields",
      problem(422, [
        { path: "user.nom", message: "A" },
        { path: "entreprise.immatriculation", message: "B" },
      ]),
      ["nom", "immatriculation"],
      [
        { field: "nom", message: "A" },
        { field: "immatriculation", message: "B" },
      ],
    ],
    [
      "several rules on one field become one entry",
      problem(422, [
        { path: "nouveauMotDePasse", message: "8 chars." },
        { path: "nouveauMotDePasse", message: "A digit." },
      ]),
      ["nouveauMotDePasse"],
      [{ field: "nouveauMotDePasse", message: "8 chars. A digit." }],
    ],
    ["fields the form does not have are left out", problem(422, [{ path: "user.unknown", message: "X" }]), ["nom"], []],
    ["a 422 without field errors gives none", problem(422), ["nom"], []],
    ["other statuses give none", problem(409, [{ path: "email", message: "taken" }]), ["email"], []],
    ["a non-API error gives none", new Error("boom"), ["nom"], []],
  ])("%s", (_label, error, fields, expected) => {
    expect(fieldErrorsOf(error, fields)).toEqual(expected);
  });
});
