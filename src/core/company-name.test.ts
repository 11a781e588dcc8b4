import { describe, expect, it } from "vitest";
import { formatCompanyName, nameContainsLegalForm } from "./company-name";

describe("formatCompanyName", () => {
  it.each<[string, string | null, string | undefined, string]>([
    // France: the form first
    ["Dupont", "SARL", "FR", "SARL Dupont"],
    ["du Bocage Vendéen", "GAEC", "FR", "GAEC du Bocage Vendéen"],
    ["Établissements Durand et Fils", "SAS", "FR", "SAS Établissements Durand et Fils"],
    ["Ferme du Lac", "SAS", "MC", "SAS Ferme du Lac"],
    // elsewhere: the form last
    ["Greenfield Farm Supplies", "Ltd", "GB", "Greenfield Farm Supplies Ltd"],
    ["Boerderij De Vries", "B.V.", "NL", "Boerderij De Vries B.V."],
    ["Agri Services Wallonie", "SRL", "BE", "Agri Services Wallonie SRL"],
    ["Landwirtschaft Weber", "S.à r.l.", "LU", "Landwirtschaft Weber S.à r.l."],
    ["Azienda Agricola Rossi", "S.r.l.", "IT", "Azienda Agricola Rossi S.r.l."],
    ["Landtechnik Müller", "GmbH", "DE", "Landtechnik Müller GmbH"],
    // Spain: after a comma
    ["Agrícola Ruiz", "S.L.", "ES", "Agrícola Ruiz, S.L."],
    // never repeated when the name already holds the form, wherever it stands
    ["GAEC du Bocage Vendéen", "GAEC", "FR", "GAEC du Bocage Vendéen"],
    ["Greenfield Farm Supplies Ltd", "Ltd", "GB", "Greenfield Farm Supplies Ltd"],
    ["Greenfield Farm Supplies LTD.", "Ltd", "GB", "Greenfield Farm Supplies LTD."],
    ["Boerderij De Vries BV", "B.V.", "NL", "Boerderij De Vries BV"],
    ["Landwirtschaft Weber Sàrl", "S.à r.l.", "LU", "Landwirtschaft Weber Sàrl"],
    ["Agrícola Ruiz, S.L.", "SL", "ES", "Agrícola Ruiz, S.L."],
    ["SARL  Dupont ", "sarl", "FR", "SARL Dupont"],
    // a form inside a word is no form
    ["Saltdean Farm", "Ltd", "GB", "Saltdean Farm Ltd"],
    ["Gaecourt", "GAEC", "FR", "GAEC Gaecourt"],
    // missing parts
    ["Dupont", "", "FR", "Dupont"],
    ["Dupont", null, "GB", "Dupont"],
    ["  ", "SARL", "FR", "SARL"],
    // country unknown (an older API): the French way, as before
    ["Dupont", "SARL", undefined, "SARL Dupont"],
    ["Dupont", "SARL", "", "SARL Dupont"],
    ["Greenfield Farm Supplies", "Ltd", "gb", "Greenfield Farm Supplies Ltd"],
  ])("%j + %j (%s) → %j", (name, form, country, expected) => {
    expect(formatCompanyName(name, form, country)).toBe(expected);
  });
});

describe("nameContainsLegalForm", () => {
  it.each<[string, string, boolean]>([
    ["GAEC du Bocage Vendéen", "GAEC", true],
    ["EARL des Prés Fleuris", "EARL", true],
    ["Boerderij De Vries B.V.", "BV", true],
    ["du Bocage Vendéen", "GAEC", false],
    ["Gaecourt", "GAEC", false],
    ["Dupont", "", false],
  ])("%j holds %j: %s", (name, form, expected) => {
    expect(nameContainsLegalForm(name, form)).toBe(expected);
  });
});
