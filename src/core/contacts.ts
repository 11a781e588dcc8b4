import type { Locale, Theme } from "./constants";
import { networkOf } from "./locale";
import { browserStorage } from "./storage";
import type { Entreprise, User } from "./types";

export interface FooterService {
  nomSousService: string;
  telephone1?: string | null;
  mail1?: string | null;
  mail2?: string | null;
}

export interface FooterContact {
  adresseTitre: string;
  adresseLigne1: string;
  adresseLigne2?: string | null;
  codePostal: string;
  ville: string;
  listSousServices: FooterService[];
}

const isText = (value: unknown): value is string => typeof value === "string";
const isOptionalText = (value: unknown) => value == null || isText(value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function isFooterService(value: unknown): value is FooterService {
  return (
    isRecord(value) &&
    isText(value.nomSousService) &&
    isOptionalText(value.telephone1) &&
    isOptionalText(value.mail1) &&
    isOptionalText(value.mail2)
  );
}

/**
 * Checked by hand, not with valibot: the footer is on every page of every country site, and
 * these few fields are not worth the schema library in the first download (about 2 kB gzip).
 */
export function isFooterContact(value: unknown): value is FooterContact {
  return (
    isRecord(value) &&
    isText(value.adresseTitre) &&
    isText(value.adresseLigne1) &&
    isOptionalText(value.adresseLigne2) &&
    isText(value.codePostal) &&
    isText(value.ville) &&
    Array.isArray(value.listSousServices) &&
    value.listSousServices.every(isFooterService)
  );
}

/** SPEC §7: the user's network when logged in, else AGR in the agri theme, else the locale's. */
export function footerNetwork(
  auth: { logged: boolean; user: User | null; entreprise: Entreprise | null },
  locale: Locale,
  theme: Theme,
): string {
  if (auth.logged && auth.user) return auth.entreprise?.codeReseau ?? auth.user.codeReseau;
  return networkOf(locale, theme);
}

/** The e-mail address of a sub-service is mail1 followed by mail2 (SPEC §3). */
export function serviceEmail(service: { mail1?: string | null; mail2?: string | null }): string | null {
  const email = `${service.mail1 ?? ""}${service.mail2 ?? ""}`.trim();
  return email.includes("@") ? email : null;
}

const cacheKey = (network: string) => `macc:footer:${network}`;

interface CacheEntry {
  langue: string;
  data: FooterContact;
}

/** Cached per network in local storage (SPEC §7); an entry in another language does not count. */
export function readCachedFooter(network: string, langue: string, storage: Storage | null = browserStorage("local")): FooterContact | null {
  try {
    const entry = JSON.parse(storage?.getItem(cacheKey(network)) ?? "null") as CacheEntry | null;
    if (!entry || entry.langue !== langue) return null;
    return isFooterContact(entry.data) ? entry.data : null;
  } catch {
    return null;
  }
}

export function writeCachedFooter(
  network: string,
  langue: string,
  data: FooterContact,
  storage: Storage | null = browserStorage("local"),
): void {
  try {
    storage?.setItem(cacheKey(network), JSON.stringify({ langue, data } satisfies CacheEntry));
  } catch {
    // Storage full or blocked: the footer simply fetches again next time.
  }
}

/** Failures a caller that only wants a phone number handles quietly (no toast). */
export const QUIET = [400, 404, 500, 502, 504, 0] as const;

export async function getFooter(
  request: <T>(
    path: string,
    options?: { query?: Record<string, string>; signal?: AbortSignal; expected?: readonly number[]; anonymous?: boolean },
  ) => Promise<T>,
  network: string,
  langue: Locale,
  signal?: AbortSignal,
  expected?: readonly number[],
): Promise<FooterContact> {
  // Public data: no token, so a lapsed session never gets in the way of the contact details.
  const raw = await request<unknown>(`/servicesMACC/reseau/${encodeURIComponent(network)}/type/gen`, {
    query: { langue },
    signal,
    expected,
    anonymous: true,
  });
  if (!isFooterContact(raw)) throw new TypeError("Unexpected answer from the footer call");
  writeCachedFooter(network, langue, raw);
  return raw;
}
