/**
 * Whether a request's `If-None-Match` names `etag` (RFC 9110 §13.1.2: a list of tags or `*`,
 * compared weakly, so `W/"x"` and `"x"` match).
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}
