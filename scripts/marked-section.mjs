// Sections of BENCHMARKS.md that a script of their own writes, between `<!-- name -->` and
// `<!-- /name -->` (the soak's, the scale bench's): `npm run bench`, which rewrites the rest of
// the file, keeps them as they were.
import { existsSync, readFileSync } from "node:fs";

const markers = (name) => [`<!-- ${name} -->`, `<!-- /${name} -->`];

/** Where the section `name` (markers included) is in `text`, or null. */
function locate(text, name) {
  const [start, end] = markers(name);
  const from = text.indexOf(start);
  const to = from >= 0 ? text.indexOf(end, from) : -1;
  return to > from ? { from, to: to + end.length } : null;
}

/** The section `name` (markers included) found in `file`, or "" when it has none (or there is no file). */
export function markedSection(file, name) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const at = locate(text, name);
  return at ? text.slice(at.from, at.to) : "";
}

/** `text` with its section `name` replaced by `body` wrapped in the markers (appended when it has none). */
export function withMarkedSection(text, name, body) {
  const [start, end] = markers(name);
  const section = `${start}\n${body.trim()}\n${end}`;
  const at = locate(text, name);
  if (at) return text.slice(0, at.from) + section + text.slice(at.to);
  return `${text.trimEnd()}\n\n${section}\n`;
}
