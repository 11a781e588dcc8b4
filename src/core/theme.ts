import { INVOICE_NETWORKS, type NetworkCode, type Theme } from "../contract/constants";

/**
 * The brand customers see, in every message that names it ({brand} placeholders): the agri
 * theme is AGRIMACC's site, anything else is MACC's.
 */
export function brandName(theme: Theme): string {
  return theme === "AGRI" ? "AGRIMACC" : "MACC";
}

export function themeOfNetwork(codeReseau: string | null | undefined): Theme {
  return codeReseau === "AGR" ? "AGRI" : "MACC";
}

/** `?site=agrimacc|macc` on a CMS page picks the theme (SPEC §4); anything else is ignored. */
export function themeFromQuery(search: string): Theme | null {
  const site = new URLSearchParams(search).get("site")?.toLowerCase();
  if (site === "agrimacc") return "AGRI";
  if (site === "macc") return "MACC";
  return null;
}

/** The theme's name in markup (an element root's `data-theme`) and in the theme cookie. */
export function themeName(theme: Theme): "macc" | "agri" {
  return theme === "AGRI" ? "agri" : "macc";
}

/** Theme attribute values (`macc`, `agri`) to the store's theme names. */
export function parseThemeAttribute(value: string | null | undefined): Theme | null {
  const v = value?.trim().toLowerCase();
  if (v === "agri" || v === "agrimacc") return "AGRI";
  if (v === "macc") return "MACC";
  return null;
}

export function showsInvoices(codeReseau: string | null | undefined, theme: Theme): boolean {
  return theme === "AGRI" || INVOICE_NETWORKS.includes(codeReseau as NetworkCode);
}
