import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/** The titles a customer may give (the stored `civilite` codes) and how each language says them. */
export const CIVILITES: ReadonlyArray<{ value: string; label: MessageDescriptor }> = [
  { value: "M.", label: msg`Mr` },
  { value: "Mme", label: msg`Ms` },
];

/** A stored title in the reader's language; an unknown code as stored. */
export function civiliteLabel(translate: (label: MessageDescriptor) => string, code: string | null | undefined): string {
  if (!code) return "";
  const known = CIVILITES.find((c) => c.value === code);
  return known ? translate(known.label) : code;
}
