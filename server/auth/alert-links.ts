/**
 * The "this wasn't me" link of a security alert (issue 29): single use, valid ALERT_LINK_TTL_DAYS
 * days, its token's hash kept only. It leads to the forgotten-password page of the portal (under
 * `PORTAL_BASE`) in the mail's language, whose button ends every session and mails a reset link
 * (POST /api/security/not-me): opening the link alone does nothing, so a mail scanner acts on nothing.
 */
import { ALERT_LINK_TTL_DAYS, type SecurityAlertType } from "../../src/contract/security.ts";
import de from "../../src/core/paths/de.ts";
import en from "../../src/core/paths/en.ts";
import es from "../../src/core/paths/es.ts";
import fr from "../../src/core/paths/fr.ts";
import it from "../../src/core/paths/it.ts";
import nl from "../../src/core/paths/nl.ts";
import type { Config } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import { pageLink } from "../mail/links.ts";
import type { MailLanguage } from "../mail/templates.ts";
import { insertAlertLink } from "../queries/security.ts";
import { newRefreshToken } from "./tokens.ts";

const FORGOTTEN_PASSWORD: Record<MailLanguage, string> = {
  de: de.routes.MOT_DE_PASSE_OUBLIE,
  en: en.routes.MOT_DE_PASSE_OUBLIE,
  es: es.routes.MOT_DE_PASSE_OUBLIE,
  fr: fr.routes.MOT_DE_PASSE_OUBLIE,
  it: it.routes.MOT_DE_PASSE_OUBLIE,
  nl: nl.routes.MOT_DE_PASSE_OUBLIE,
};

/** A new "this wasn't me" link for the account, stored in the caller's transaction: its address. */
export async function notMeLink(
  tx: Queryable,
  config: Pick<Config, "publicUrl" | "portalBase">,
  uuidCompte: string,
  type: SecurityAlertType,
  lang: MailLanguage,
): Promise<string> {
  const { token, hash } = newRefreshToken();
  await insertAlertLink(tx, hash, uuidCompte, type, ALERT_LINK_TTL_DAYS);
  return pageLink(config.publicUrl, `${config.portalBase}${FORGOTTEN_PASSWORD[lang]}`, { alerte: token });
}
