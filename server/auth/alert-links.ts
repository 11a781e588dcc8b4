/**
 * The "this wasn't me" link of a security alert (issue 29): single use, valid ALERT_LINK_TTL_DAYS
 * days, its token's hash kept only. It leads to the forgotten-password page of the customer's
 * portal (server/mail/portal-links.ts), whose button ends every session and mails a reset link
 * (POST /api/security/not-me): opening the link alone does nothing, so a mail scanner acts on nothing.
 */
import { ALERT_LINK_TTL_DAYS, type SecurityAlertType } from "../../src/contract/security.ts";
import type { Config } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import { portalLink } from "../mail/portal-links.ts";
import { insertAlertLink } from "../queries/security.ts";
import { newRefreshToken } from "./tokens.ts";

/** A new "this wasn't me" link for the account, stored in the caller's transaction: its address, on the portal of `langue`. */
export async function notMeLink(
  tx: Queryable,
  config: Pick<Config, "publicUrl" | "portalBases">,
  uuidCompte: string,
  type: SecurityAlertType,
  langue: string | null,
): Promise<string> {
  const { token, hash } = newRefreshToken();
  await insertAlertLink(tx, hash, uuidCompte, type, ALERT_LINK_TTL_DAYS);
  return portalLink(config, langue, "MOT_DE_PASSE_OUBLIE", { query: { alerte: token } });
}
