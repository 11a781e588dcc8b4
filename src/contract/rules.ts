/**
 * The field rules of every form and every request body, written once: the browser's forms validate
 * with them and the API applies the same schemas to what it receives, so both give the same verdict.
 * A rule's valibot message is its `Rule` key, never text: each form says it in the user's words and
 * language, the API in its own (server/http/operation.ts). The rules of a company's country (its
 * numbers, its mobiles) are in company-rules.ts, so a form without them does not download them.
 */
import * as v from "valibot";
import { LOCALES, type Locale } from "./constants";

/** What a field can be refused for. */
export type Rule =
  "required" | "notText" | "tooLong" | "tooShort" | "email" | "mobile" | "companyNumber" | "country" | "locale" | "choice" | "format";

/** A rule key as a valibot message. */
export const rule = (key: Rule) => key;
const absent = (input: unknown) => input === undefined || input === null;

/** A string: an absent value is `required`, anything else that is not text `notText`. */
const text = () => v.string((issue) => rule(absent(issue.input) ? "required" : "notText"));

/** Required single-line text, trimmed, at most `max` characters. */
export function requiredText(max: number) {
  return v.pipe(text(), v.trim(), v.nonEmpty(rule("required")), v.maxLength(max, rule("tooLong")));
}

/** A password as typed: required, at most `max` characters, never trimmed. */
export function password(max = 256) {
  return v.pipe(text(), v.nonEmpty(rule("required")), v.maxLength(max, rule("tooLong")));
}

/** Optional text, trimmed: absent, null or blank is "" (a form sends what it holds). */
export function optionalText(max: number) {
  return v.optional(
    v.pipe(
      v.nullable(v.string(rule("notText")), ""),
      v.transform((s) => s ?? ""),
      v.trim(),
      v.maxLength(max, rule("tooLong")),
    ),
    "",
  );
}

/** Required text of `min` to `max` characters once trimmed (a message, a name). */
export function boundedText(min: number, max: number) {
  return v.pipe(requiredText(max), v.minLength(min, rule("tooShort")));
}

/** An e-mail address, trimmed and lower-cased as accounts store it. */
export function email() {
  return v.pipe(requiredText(254), v.email(rule("email")), v.toLowerCase());
}

/** Path of a front-end page: absolute, no "//", no query or fragment. */
const PAGE_PATH = /^\/(?:[\p{L}\p{N}\-._~%!$&'()*+,;=:@]+\/?)*$/u;

/** The path of the page an e-mailed link leads to (the server puts it after `PUBLIC_URL`). */
export function pagePath() {
  return v.pipe(
    requiredText(300),
    v.check((path) => PAGE_PATH.test(path) && !path.includes("//"), "Chemin invalide : il doit commencer par « / »."),
  );
}

/** One of the ten locales, written exactly ("fr-FR"). */
export function locale() {
  return v.pipe(text(), v.nonEmpty(rule("required")), v.picklist(LOCALES as readonly Locale[] as Locale[], rule("locale")));
}

/** One of `options`. */
export function choice<const T extends readonly [string, ...string[]]>(options: T) {
  return v.pipe(text(), v.nonEmpty(rule("required")), v.picklist(options, rule("choice")));
}

/** What the API answers for a body that is not a JSON object. */
export const NOT_AN_OBJECT = "Le corps de la requête doit être un objet JSON.";

/**
 * An object of a request: valibot words a missing key with the object's own message, so a missing
 * field gets instead its own schema's verdict on an absent value (`required`, or a field's own words
 * such as "Choose a service"), and what is not an object at all is `notAnObject` (the API's words: no
 * form sends anything else); an absent object is `required`.
 */
export function requestObject<E extends v.ObjectEntries>(entries: E, notAnObject = NOT_AN_OBJECT) {
  return v.object(entries, (issue) => {
    if (issue.input !== undefined) return notAnObject;
    const key = issue.path?.at(-1)?.key;
    if (typeof key !== "string" || !Object.hasOwn(entries, key)) return rule("required");
    const verdict = v.safeParse(entries[key]!, undefined);
    return verdict.success ? rule("required") : verdict.issues[0].message;
  });
}

/** A field error of a 422 problem+json answer: the field's dotted path and the sentence to show beside it. */
export interface ProblemFieldError {
  path: string;
  message: string;
}

/** A field the schema refused, and why; `limit` is the length a `tooLong` or `tooShort` broke. */
export interface RuleProblem {
  /** Dotted path of the field ("email", "items.0"); "" for the whole body. */
  path: string;
  rule: Rule;
  limit?: number;
  /** The schema's own wording, for a rule it words itself (the API's own checks, such as a path's shape). */
  message?: string;
}

const RULES = new Set<string>([
  "required",
  "notText",
  "tooLong",
  "tooShort",
  "email",
  "mobile",
  "companyNumber",
  "country",
  "locale",
  "choice",
  "format",
] satisfies Rule[]);

/**
 * A valibot issue as a rule problem. A rule worded by its schema keeps its words; valibot's own
 * English wording of a wrong type or a missing key reaches no one.
 */
export function ruleProblem(issue: v.BaseIssue<unknown>): RuleProblem {
  const path = (issue.path ?? []).map((item) => String((item as { key: unknown }).key)).join(".");
  if (RULES.has(issue.message)) {
    const rule = issue.message as Rule;
    return rule === "tooLong" || rule === "tooShort" ? { path, rule, limit: Number(issue.requirement) } : { path, rule };
  }
  // valibot's own messages all start so ("Invalid type: …", "Invalid key: …"); ours never do.
  const rule: Rule = absent(issue.input) ? "required" : "format";
  return issue.message.startsWith("Invalid ") ? { path, rule } : { path, rule, message: issue.message };
}

/**
 * One problem per field, the first rule it breaks, in the order of the schema's fields (a form
 * declares them in its own order), so a rule across fields, which valibot checks last, still lists
 * with its field.
 */
export function problemsOf(schema: v.GenericSchema, issues: readonly v.BaseIssue<unknown>[]): RuleProblem[] {
  const object = objectOf(schema);
  const keys = "entries" in object ? Object.keys((object as unknown as { entries: v.ObjectEntries }).entries) : [];
  const place = ({ path }: RuleProblem) => {
    const at = keys.indexOf(path.split(".")[0] ?? "");
    return at === -1 ? keys.length : at;
  };
  const first = new Map<string, RuleProblem>();
  for (const problem of issues.map(ruleProblem)) if (!first.has(problem.path)) first.set(problem.path, problem);
  return [...first.values()].sort((a, b) => place(a) - place(b));
}

/** The schema's object, under a pipe of rules across its fields. */
function objectOf(schema: v.GenericSchema): v.GenericSchema {
  const pipe = (schema as { pipe?: v.GenericSchema[] }).pipe;
  return pipe?.[0] ?? schema;
}

export type Verdict<S extends v.GenericSchema> = { valid: true; value: v.InferOutput<S> } | { valid: false; problems: RuleProblem[] };

/** Every field's verdict at once, in form order: what a form shows on submit, what the API answers in a 422. */
export function verdict<S extends v.GenericSchema>(schema: S, input: unknown): Verdict<S> {
  const result = v.safeParse(schema, input);
  return result.success ? { valid: true, value: result.output } : { valid: false, problems: problemsOf(schema, result.issues) };
}
