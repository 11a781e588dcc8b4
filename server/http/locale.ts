import type { Context } from "hono";
import { problemDetail } from "../../src/contract/problem-details.ts";
import { DEFAULT_LOCALE, type Locale } from "../../src/contract/constants.ts";
import { isLocale, languageOf } from "../../src/core/locale.ts";
import { mailLanguage, type MailLanguage } from "../mail/templates.ts";
import type { AppEnv } from "./context.ts";
import { ProblemError, requestLocale } from "./problem.ts";

/**
 * Language (two letters) of the names in an answer: of the `langue` query parameter (underscore
 * accepted), else of the X-langue header (then `Vary: X-langue`). An unknown `langue` → 400.
 */
export function answerLanguage(c: Context<AppEnv>): string {
  return languageOf(langueOf(c));
}

function langueOf(c: Context<AppEnv>): Locale {
  const queryLangue = c.req.query("langue");
  if (queryLangue !== undefined && queryLangue !== "") {
    const normalised = queryLangue.replace("_", "-");
    if (!isLocale(normalised)) {
      throw new ProblemError(400, "bad-request", "badLocale", {
        errors: [{ path: "langue", message: problemDetail("badLocale", DEFAULT_LOCALE) }],
      });
    }
    return normalised;
  }
  c.header("Vary", "X-langue");
  return requestLocale(c);
}

/** Locale of a mail to the account holder: the request's X-langue when given, else the account's. */
export function noticeLocale(c: Context<AppEnv>, accountLangue: string | null): string | null {
  const header = c.req.header("x-langue")?.trim();
  return isLocale(header) ? header : accountLangue;
}

/** Language of a mail to the account holder (`noticeLocale`'s). */
export function noticeLanguage(c: Context<AppEnv>, accountLangue: string | null): MailLanguage {
  return mailLanguage(noticeLocale(c, accountLangue));
}
