import type { FooterContact } from "../contract/footer";
import type { ApiRequest } from "./api";
import type { Locale, Theme } from "../contract/constants";
import { networkOf } from "./locale";
import { browserStorage, readJson, writeJson } from "./storage";
import { selectNetwork, type MaccState } from "./store";

/** The elements read the answer's type here, beside the call. */
export type { FooterContact };

const isText = (value: unknown): value is string => typeof value === "string";
const isOptionalText = (value: unknown) => value == null || isText(value);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

function isFooterService(value: unknown): value is FooterContact["listSousServices"][number] {
  return (
    isRecord(value) &&
    isText(value.nomSousService) &&
    isOptionalText(value.telephone1) &&
    isOptionalText(value.mail1) &&
    isOptionalText(value.mail2)
  );
}

/**
 * The contract's `FooterContact` schema, checked by hand, not with valibot: the footer is on every
 * page of every country site, and these few fields are not worth the schema library in the first
 * download (about 2 kB gzip). contacts.test.ts keeps the two in agreement.
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
export function footerNetwork(state: Pick<MaccState, "auth">, locale: Locale, theme: Theme): string {
  const network = selectNetwork(state);
  if (network) return network;
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
  const entry = readJson(storage, cacheKey(network));
  if (!isRecord(entry) || entry.langue !== langue) return null;
  return isFooterContact(entry.data) ? entry.data : null;
}

export function writeCachedFooter(
  network: string,
  langue: string,
  data: FooterContact,
  storage: Storage | null = browserStorage("local"),
): void {
  writeJson(storage, cacheKey(network), { langue, data } satisfies CacheEntry);
}

/** The customer service's phone number, for "please call us" messages: never split across two lines. */
export function companyPhone(contact: FooterContact | null): string | null {
  return contact?.listSousServices.find((service) => service.telephone1)?.telephone1?.replace(/\s+/g, "\u00a0") ?? null;
}

/** A `tel:` link's address for a number as people write it ("02 41 22 10 00", "+32 2 555 12 00"). */
export const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, "")}`;

/** The page's resource cache key of a contact block; the same for every element that needs it. */
export const footerKey = (network: string, langue: string) => `footer:${network}:${langue}`;
/** The contact block hardly changes: read once per page, and again after a while on a long-lived one. */
export const FOOTER_TTL_MS = 10 * 60_000;

/**
 * One read serves every element that needs the contact block, so it is made quietly
 * (`errors: "inline"`): the elements that show the block report a failure themselves.
 */
export async function getFooter(request: ApiRequest, network: string, langue: Locale, signal?: AbortSignal): Promise<FooterContact> {
  // Public data: no token, so a lapsed session never gets in the way of the contact details.
  const raw = await request<unknown>(`/servicesMACC/reseau/${encodeURIComponent(network)}/type/gen`, {
    query: { langue },
    signal,
    errors: "inline",
    anonymous: true,
  });
  if (!isFooterContact(raw)) throw new TypeError("Unexpected answer from the footer call");
  writeCachedFooter(network, langue, raw);
  return raw;
}
