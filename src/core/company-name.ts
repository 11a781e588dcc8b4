/**
 * A company's name as customers read it: its name and legal form in the order of its country.
 * France puts the form first ("SARL Dupont", "GAEC du Bocage Vendéen"); the other countries the
 * group serves put it last ("Greenfield Farm Supplies Ltd", "Boerderij De Vries B.V.",
 * "Agri Services Wallonie SRL"), Spain after a comma ("Agrícola Ruiz, S.L.").
 */

/** Countries whose legal form comes first; a company of unknown country is shown the French way. */
const FORM_FIRST = new Set(["FR", "MC"]);

/** Case, dots and spaces do not tell forms apart: "B.V." is "BV", "S.à r.l." is "Sàrl". */
const formKey = (text: string) => text.toLocaleLowerCase().replace(/[.\s]/g, "");

/** Whether `name` already holds `legalForm` as whole words ("GAEC du Bocage" holds "GAEC"). */
export function nameContainsLegalForm(name: string, legalForm: string): boolean {
  const target = formKey(legalForm);
  if (!target) return false;
  const words = name
    .split(/[\s,]+/)
    .map(formKey)
    .filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    let joined = "";
    for (let j = i; j < words.length && joined.length < target.length; j++) {
      joined += words[j];
      if (joined === target) return true;
    }
  }
  return false;
}

/** "name + legal form" for a company of `country` (ISO code); the form is never repeated. */
export function formatCompanyName(name: string, legalForm: string | null | undefined, country: string | null | undefined): string {
  const cleanName = name.trim().replace(/\s+/g, " ");
  const form = (legalForm ?? "").trim().replace(/\s+/g, " ");
  if (!form || nameContainsLegalForm(cleanName, form)) return cleanName;
  if (!cleanName) return form;
  const code = (country ?? "").toUpperCase();
  if (!code || FORM_FIRST.has(code)) return `${form} ${cleanName}`;
  return code === "ES" ? `${cleanName}, ${form}` : `${cleanName} ${form}`;
}
