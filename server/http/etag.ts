import { createHash } from "node:crypto";
import type { Context } from "hono";

/**
 * Whether a request's `If-None-Match` names `etag` (RFC 9110 §13.1.2: a list of tags or `*`,
 * compared weakly, so `W/"x"` and `"x"` match).
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Public answers kept in memory (footer block, basket catalogue): browsers and CDNs may use one for a
 * minute, then serve it stale for up to 10 more while they revalidate it (a 304 when unchanged).
 */
export const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=600";

/** An answer kept in memory: its bytes, their type and a strong entity tag of their content. */
export interface Entity {
  body: Uint8Array;
  type: string;
  etag: string;
}

/** `body` as an entity whose tag is a hash of its bytes (equal bytes, equal tag, on every instance). */
export function entityOf(body: Uint8Array | string, type: string): Entity {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return { body: bytes, type, etag: `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 27)}"` };
}

/** `entity` with `headers`, or `304 Not Modified` (same headers, no body) when the request's If-None-Match names it. */
export function sendEntity(c: Context, entity: Entity, headers: Record<string, string>): Response {
  const common = { ...headers, ETag: entity.etag };
  if (matchesEtag(c.req.header("if-none-match"), entity.etag)) return c.body(null, 304, common);
  return c.body(entity.body as Uint8Array<ArrayBuffer>, 200, {
    ...common,
    "Content-Type": entity.type,
    "Content-Length": String(entity.body.byteLength),
  });
}
