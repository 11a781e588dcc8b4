import { Hono } from "hono";
import { ChangePasswordRequest, PasswordStateAnswer } from "../../src/contract/password.ts";
import { confirmCurrentPassword } from "../auth/password-check.ts";
import { newPasswordErrors } from "../auth/password-policy.ts";
import { hashPassword } from "../auth/passwords.ts";
import { revokeAccountSessions } from "../auth/sessions.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { noticeLanguage, noticeLocale } from "../http/locale.ts";
import { jsonBody, protectedOperation } from "../http/operation.ts";
import { ProblemError, tooManyRequests, validationProblem } from "../http/problem.ts";
import { notMeLink } from "../auth/alert-links.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { securityAlertMail } from "../mail/security-templates.ts";
import { changePasswordOnce, passwordModifiable, passwordState } from "../queries/accounts.ts";
import { recordActivity } from "../queries/security.ts";

const WRONG_OLD_PASSWORD = "Votre ancien mot de passe est invalide.";

/** `/me/password`: whether it may still be changed, and the one password change allowed (the forgotten-password link is the way after that). */
export function passwordRoutes(deps: Deps) {
  const { db, config, mailer } = deps;
  const app = new Hono<AppEnv>();
  const alreadyChanged = () => new ProblemError(409, "password-already-changed", "passwordAlreadyChanged");

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "getPasswordState",
      summary: "Whether the password may still be changed (once only), read before the form is shown",
      tags: ["password"],
      auth: "bearer",
      answers: { 200: { description: "The password's state", schema: PasswordStateAnswer } },
      problems: [401],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const modifiable = await passwordModifiable(db, c.get("auth").uuidCompte);
      if (modifiable === undefined) throw new ProblemError(401, "unauthorized", "sessionExpired");
      return c.json({ modifiable } satisfies PasswordStateAnswer);
    },
  );

  app.post(
    "/",
    ...protectedOperation(deps, {
      operationId: "changePassword",
      summary: "Changes the password (allowed once) and ends the account's other sessions",
      tags: ["password"],
      auth: "bearer",
      answers: { 204: { description: "Changed." } },
      problems: [400, 401, 409, 413, 415, 422, 429],
    }),
    ...jsonBody(ChangePasswordRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const body = c.req.valid("json");
      const auth = c.get("auth");
      const account = await passwordState(db, auth.uuidCompte);
      if (!account) throw new ProblemError(401, "unauthorized", "sessionExpired");
      if (account.changedOnce) throw alreadyChanged();
      const errors = newPasswordErrors(body.nouveauMotDePasse, body.confirmerMotDePasse);
      if (errors.length > 0) throw validationProblem(errors);
      const confirmation = await confirmCurrentPassword(db, config, auth.uuidCompte, account.passwordHash, body.ancienMotDePasse);
      if (confirmation.outcome === "throttled") throw tooManyRequests("tooManyWrongPasswords", confirmation.retryAfter);
      if (confirmation.outcome === "wrong") throw validationProblem([{ path: "ancienMotDePasse", message: WRONG_OLD_PASSWORD }]);

      const newHash = await hashPassword(body.nouveauMotDePasse);
      const lang = noticeLanguage(c, account.langue);
      const mailId = await db.transaction(async (tx) => {
        if (!(await changePasswordOnce(tx, auth.uuidCompte, newHash))) return null; // a concurrent change won
        await recordActivity(tx, { uuidCompte: auth.uuidCompte, kind: "password", detail: { change: "changed" } });
        await revokeAccountSessions(tx, auth.uuidCompte, "password-change", auth.sid);
        // The security alert, with its "this wasn't me" link (issue 29).
        const notMe = await notMeLink(tx, config, auth.uuidCompte, "password-changed", noticeLocale(c, account.langue));
        return enqueueMail(tx, securityAlertMail(lang, account.email, "password-changed", notMe));
      });
      if (!mailId) throw alreadyChanged();
      deliverInBackground(db, mailer, [mailId]);
      return c.body(null, 204);
    },
  );

  return app;
}
