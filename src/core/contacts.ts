import * as v from "valibot";
import type { Locale, Theme } from "./constants";
import { networkOf } from "./locale";
import type { Entreprise, User } from "./types";

export const FooterContactSchema = v.object({
  adresseTitre: v.string(),
  adresseLigne1: v.string(),
  adresseLigne2: v.optional(v.nullable(v.string())),
  codePostal: v.string(),
  ville: v.string(),
  listSousServices: v.array(
    v.object({
      nomSousService: v.string(),
      telephone1: v.optional(v.nullable(v.string())),
      mail1: v.optional(v.nullable(v.string())),
      mail2: v.optional(v.nullable(v.string())),
    }),
  ),
});
export type FooterContact = v.InferOutput<typeof FooterContactSchema>;

/** SPEC §7: the user's network when logged in, else AGR in the agri theme, else the locale's. */
export function footerNetwork(auth: { logged: boolean; user: User | null; entreprise: Entreprise | null }, locale: Locale, theme: Theme): string {
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
export function readCachedFooter(network: string, langue: string, storage: Storage | null = safeStorage()): FooterContact | null {
  try {
    const entry = JSON.parse(storage?.getItem(cacheKey(network)) ?? "null") as CacheEntry | null;
    if (!entry || entry.langue !== langue) return null;
    const parsed = v.safeParse(FooterContactSchema, entry.data);
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export function writeCachedFooter(network: string, langue: string, data: FooterContact, storage: Storage | null = safeStorage()): void {
  try {
    storage?.setItem(cacheKey(network), JSON.stringify({ langue, data } satisfies CacheEntry));
  } catch {
    // Storage full or blocked: the footer simply fetches again next time.
  }
}

/** Failures a caller that only wants a phone number handles quietly (no toast). */
export const QUIET = [400, 404, 500, 502, 504, 0] as const;

export async function getFooter(
  request: <T>(path: string, options?: { query?: Record<string, string>; signal?: AbortSignal; expected?: readonly number[]; anonymous?: boolean }) => Promise<T>,
  network: string,
  langue: Locale,
  signal?: AbortSignal,
  expected?: readonly number[],
): Promise<FooterContact> {
  // Public data: no token, so a lapsed session never gets in the way of the contact details.
  const raw = await request<unknown>(`/servicesMACC/reseau/${encodeURIComponent(network)}/type/gen`, { query: { langue }, signal, expected, anonymous: true });
  const data = v.parse(FooterContactSchema, raw);
  writeCachedFooter(network, langue, data);
  return data;
}

function safeStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}
