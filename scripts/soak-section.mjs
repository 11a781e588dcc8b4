// The soak's section of BENCHMARKS.md: `npm run soak` writes it (see marked-section.mjs).
import { markedSection, withMarkedSection } from "./marked-section.mjs";

/** The soak's section (markers included) found in `file`, or "". */
export const soakSection = (file) => markedSection(file, "soak");

/** `text` with its soak section replaced by `body`. */
export const withSoakSection = (text, body) => withMarkedSection(text, "soak", body);
