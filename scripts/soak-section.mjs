// The soak's section of BENCHMARKS.md, between its two markers: `npm run soak` writes it, and
// `npm run bench`, which rewrites the rest of the file, keeps it as it was.
import { existsSync, readFileSync } from "node:fs";

const START = "<!-- soak -->";
const END = "<!-- /soak -->";

/** The section (markers included) found in `file`, or "" when it has none (or there is no file). */
export function soakSection(file) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const start = text.indexOf(START);
  const end = text.indexOf(END, start);
  return start >= 0 && end > start ? text.slice(start, end + END.length) : "";
}

/** `text` with its soak section replaced by `body` wrapped in the markers (appended when it has none). */
export function withSoakSection(text, body) {
  const section = `${START}\n${body.trim()}\n${END}`;
  const start = text.indexOf(START);
  const end = text.indexOf(END, start);
  if (start >= 0 && end > start) return text.slice(0, start) + section + text.slice(end + END.length);
  return `${text.trimEnd()}\n\n${section}\n`;
}
