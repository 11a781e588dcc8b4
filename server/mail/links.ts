/** Decodes percent-escapes so `encodeURI` does not double them; leaves a malformed path as it is. */
function decodeURISafe(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * The address an e-mail's link leads to: a front-end page (its path as the page that asked gave it,
 * checked by the contract's `pagePath`) on the public origin, with its single-use token in the query.
 */
export function pageLink(publicUrl: string, path: string, query: Record<string, string>): string {
  return `${publicUrl}${encodeURI(decodeURISafe(path))}?${new URLSearchParams(query)}`;
}
