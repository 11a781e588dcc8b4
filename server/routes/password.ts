import { Hono, type Context } from "hono";
import * as v from "valibot";
import { newPasswordErrors, passwordField } from "../auth/password-policy.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { revokeAccountSessions } from "../auth/sessions.ts";
import { hashRefreshToken, newRefreshToken } from "../auth/tokens.ts";
import { requireAuth } from "../http/auth-middleware.ts";
import { requireBotCheck } from "../http/bot-check.ts";
import { clientAddress, isLocale, type AppEnv, type Deps } from "../http/context.ts";
import { frenchDuration, MESSAGES, ProblemError } from "../http/problem.ts";
import { hit, peek, reset } from "../http/rate-limit.ts";
import { objectMessage, REQUIRED, requiredString } from "../http/schemas.ts";
import { readJson } from "../http/validate.ts";
import { sendInBackground } from "../mail/mailer.ts";
import { mailLanguage, passwordChangedMail, resetLinkMail } from "../mail/templates.ts";

const NOT_AN_OBJECT = objectMessage();
export const WRONG_OLD_PASSWORD = "Votre ancien mot de passe est invalide.";

const ChangeBody = v.object(
  { ancienMotDePasse: passwordField(), nouveauMotDePasse: passwordField(), confirmerMotDePasse: passwordField() },
  NOT_AN_OBJECT,
);

/** Path of the front-end page receiving the reset link: absolute, no "//", no query or fragment. */
const RESET_PATH = /^\/(?:[\p{L}\p{N}\-._~%!$&'()*+,;=:@]+\/?)*$/u;

const ForgotBody = v.object(
  {
    email: v.pipe(requiredString(254), v.trim(), v.nonEmpty(REQUIRED), v.email("Adresse e-mail invalide."), v.toLowerCase()),
    resetPath: v.pipe(
      requiredString(300),
      v.nonEmpty(REQUIRED),
      v.check((p) => RESET_PATH.test(p) && !p.includes("//"), "Chemin invalide : il doit commencer par « / »."),
    ),
  },
  NOT_AN_OBJECT,
);

const ResetBody = v.object(
  {
    token: v.pipe(requiredString(200), v.nonEmpty(REQUIRED)),
    nouveauMotDePasse: passwordField(),
    confirmerMotDePasse: passwordField(),
  },
  NOT_AN_OBJECT,
);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Key of the per-account counter of wrong current passwords (password change, e-mail change). */
export const passwordCheckKey = (uuidCompte: string) => `password:account:${uuidCompte}`;

export function tooManyPasswordAttempts(retryAfter: number): ProblemError {
  return new ProblemError(
    429,
    "too-many-requests",
    `Trop de tentatives avec un mot de passe erroné. Veuillez réessayer dans ${frenchDuration(retryAfter)}.`,
    { headers: { "Retry-After": String(retryAfter) } },
  );
}

/** Language of a notice: the request's X-langue when given, else the account's language. */
function noticeLanguage(c: Context<AppEnv>, accountLangue: string | null) {
  const header = c.req.header("x-langue")?.trim();
  return mailLanguage(isLocale(header) ? header : accountLangue);
}

/** Password change (once), forgotten password and reset link. */
export function passwordRoutes(deps: Deps) {
  const { db, config, mailer } = deps;
  const app = new Hono<AppEnv>();

  app.post("/me/password", requireAuth(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const body = await readJson(c, ChangeBody);
    const auth = c.get("auth");
    const account = (
      await db.query<{ email: string; password_hash: string; changed: boolean; langue: string }>(
        `SELECT email, password_hash, password_changed_at IS NOT NULL AS changed, langue
         FROM accounts WHERE uuid_compte = $1`,
        [auth.uuidCompte],
      )
    ).rows[0];
    if (!account) throw new ProblemError(401, "unauthorized", MESSAGES.unauthorized);
    if (account.changed) throw new ProblemError(409, "password-already-changed", MESSAGES.passwordAlreadyChanged);
    const errors = newPasswordErrors(body.nouveauMotDePasse, body.confirmerMotDePasse);
    if (errors.length > 0) throw new ProblemError(422, "validation", MESSAGES.validation, { errors });

    const key = passwordCheckKey(auth.uuidCompte);
    const state = await peek(db, key, config.passwordWindowSeconds);
    if (state.count >= config.passwordMaxFailuresPerAccount) throw tooManyPasswordAttempts(state.retryAfter);
    if (!(await verifyPassword(account.password_hash, body.ancienMotDePasse))) {
      await hit(db, key, config.passwordWindowSeconds);
      throw new ProblemError(422, "validation", MESSAGES.validation, {
        errors: [{ path: "ancienMotDePasse", message: WRONG_OLD_PASSWORD }],
      });
    }
    await reset(db, key);

    const newHash = await hashPassword(body.nouveauMotDePasse);
    const changed = await db.transaction(async (tx) => {
      const updated = await tx.query(
        `UPDATE accounts SET password_hash = $2, password_changed_at = now()
         WHERE uuid_compte = $1 AND password_changed_at IS NULL RETURNING uuid_compte`,
        [auth.uuidCompte, newHash],
      );
      if (updated.rows.length === 0) return false; // a concurrent change won
      await revokeAccountSessions(tx, auth.uuidCompte, "password-change", auth.sid);
      return true;
    });
    if (!changed) throw new ProblemError(409, "password-already-changed", MESSAGES.passwordAlreadyChanged);
    sendInBackground(mailer, passwordChangedMail(noticeLanguage(c, account.langue), account.email));
    return c.body(null, 204);
  });

  app.post("/auth/forgot", requireBotCheck(deps), async (c) => {
    c.header("Cache-Control", "no-store");
    const started = performance.now();
    const body = await readJson(c, ForgotBody);
    const tooMany = (retryAfter: number) =>
      new ProblemError(
        429,
        "too-many-requests",
        `Trop de demandes de réinitialisation. Veuillez réessayer dans ${frenchDuration(retryAfter)}.`,
        { headers: { "Retry-After": String(retryAfter) } },
      );
    const window = config.forgotWindowSeconds;
    const perClient = await hit(db, `forgot:client:${clientAddress(c, config.trustProxy)}`, window);
    if (perClient.count > config.forgotMaxPerClient) throw tooMany(perClient.retryAfter);
    const perEmail = await hit(db, `forgot:email:${body.email}`, window);
    if (perEmail.count > config.forgotMaxPerEmail) throw tooMany(perEmail.retryAfter);

    // The same work whether or not the account exists, then a fixed minimum duration.
    const { token, hash } = newRefreshToken();
    const mail = await db.transaction(async (tx) => {
      const account = (
        await tx.query<{ uuid_compte: string; email: string }>("SELECT uuid_compte, email FROM accounts WHERE email = $1 FOR UPDATE", [
          body.email,
        ])
      ).rows[0];
      await tx.query(
        `UPDATE password_reset_tokens SET consumed_at = now(), consumed_reason = 'superseded'
         WHERE uuid_compte = $1::uuid AND consumed_at IS NULL`,
        [account?.uuid_compte ?? "00000000-0000-0000-0000-000000000000"],
      );
      if (!account) return null;
      await tx.query(
        `INSERT INTO password_reset_tokens (uuid_compte, token_hash, expires_at)
         VALUES ($1, $2, now() + make_interval(mins => $3::int))`,
        [account.uuid_compte, hash, config.resetTokenTtlMinutes],
      );
      const link = `${config.publicUrl}${encodeURI(decodeURIComponentSafe(body.resetPath))}?token=${token}`;
      return resetLinkMail(mailLanguage(c.get("locale")), account.email, link, config.resetTokenTtlMinutes);
    });
    if (mail) sendInBackground(mailer, mail);
    const elapsed = performance.now() - started;
    if (elapsed < config.forgotMinDurationMs) await sleep(config.forgotMinDurationMs - elapsed);
    return c.json({}, 202);
  });

  app.post("/auth/reset", async (c) => {
    c.header("Cache-Control", "no-store");
    const body = await readJson(c, ResetBody);
    const gone = () => new ProblemError(410, "reset-link-invalid", MESSAGES.resetLinkInvalid);
    const hash = hashRefreshToken(body.token);
    const found = (
      await db.query<{ id: string; uuid_compte: string; email: string; langue: string }>(
        `SELECT t.id, t.uuid_compte, a.email, a.langue
         FROM password_reset_tokens t JOIN accounts a ON a.uuid_compte = t.uuid_compte
         WHERE t.token_hash = $1 AND t.consumed_at IS NULL AND t.expires_at > now()`,
        [hash],
      )
    ).rows[0];
    if (!found) throw gone();
    const errors = newPasswordErrors(body.nouveauMotDePasse, body.confirmerMotDePasse);
    if (errors.length > 0) throw new ProblemError(422, "validation", MESSAGES.validation, { errors });

    const newHash = await hashPassword(body.nouveauMotDePasse);
    const done = await db.transaction(async (tx) => {
      const consumed = await tx.query(
        `UPDATE password_reset_tokens SET consumed_at = now(), consumed_reason = 'used'
         WHERE id = $1 AND consumed_at IS NULL AND expires_at > now() RETURNING id`,
        [found.id],
      );
      if (consumed.rows.length === 0) return false; // used concurrently
      // A reset does not count as the one allowed change: password_changed_at is left alone.
      await tx.query("UPDATE accounts SET password_hash = $2 WHERE uuid_compte = $1", [found.uuid_compte, newHash]);
      await revokeAccountSessions(tx, found.uuid_compte, "password-reset");
      await reset(tx, `login:account:${found.email}`);
      await reset(tx, passwordCheckKey(found.uuid_compte));
      return true;
    });
    if (!done) throw gone();
    sendInBackground(mailer, passwordChangedMail(noticeLanguage(c, found.langue), found.email));
    return c.body(null, 204);
  });

  return app;
}

/** Decodes percent-escapes so `encodeURI` does not double them; leaves a malformed path as it is. */
function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
