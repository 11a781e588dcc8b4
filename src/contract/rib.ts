/**
 * The RIB document (the bank's account statement a change of bank details comes with): the types
 * accepted, recognised by their first bytes rather than by the file's name or declared type, and
 * the default limits. Shared by the form (to answer at once) and the API (which decides).
 */

export const RIB_TYPES = ["pdf", "jpeg", "png"] as const;
export type RibType = (typeof RIB_TYPES)[number];

/** Default of the server's RIB_MAX_BYTES. */
export const RIB_DEFAULT_MAX_BYTES = 5 * 1024 * 1024;

export const RIB_MEDIA_TYPES: Readonly<Record<RibType, string>> = {
  pdf: "application/pdf",
  jpeg: "image/jpeg",
  png: "image/png",
};

/** File-name extensions, for the file picker's `accept` and the downloaded file's name. */
export const RIB_EXTENSIONS: Readonly<Record<RibType, string>> = { pdf: "pdf", jpeg: "jpg", png: "png" };

const SIGNATURES: ReadonlyArray<[RibType, readonly number[]]> = [
  ["pdf", [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ["jpeg", [0xff, 0xd8, 0xff]],
  ["png", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

/** How many first bytes `ribTypeOf` needs. */
export const RIB_SIGNATURE_BYTES = 8;

/** The document's type from its first bytes, or null when it is none of the accepted ones. */
export function ribTypeOf(head: Uint8Array): RibType | null {
  for (const [type, signature] of SIGNATURES) {
    if (signature.every((byte, i) => head[i] === byte)) return type;
  }
  return null;
}
