import { Hono } from "hono";
import { EmailChangeApplied, EmailChangeLinkRequest, type EmailChangeLinkEnd } from "../../src/contract/email-change.ts";
import { applyEmailChange, cancelEmailChange, type LinkOutcome } from "../auth/email-change.ts";
import { hashSecretToken } from "../auth/tokens.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { jsonBody, operation, protectedOperation } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { cancelPendingEmailChange } from "../queries/email-changes.ts";

const LINK_PROBLEMS =
  "410 `email-change-link-invalid` with `reason`: `applied`, `cancelled`, `superseded` (a newer request), `expired` or `unknown`; " +
  "409 `email-taken` when the address went to another account before the change was applied.";

/** A link that did nothing says why: the landing page words each case. */
function refused(end: EmailChangeLinkEnd): ProblemError {
  if (end === "taken") return new ProblemError(409, "email-taken", "emailTaken");
  return new ProblemError(410, "email-change-link-invalid", "emailChangeLinkInvalid", { extra: { reason: end } });
}

function valueOf<T>(outcome: LinkOutcome<T>): T {
  if (!outcome.done) throw refused(outcome.end);
  return outcome.value;
}

/**
 * `/email-change`: the two links of a login e-mail change, used from their landing page without
 * logging in (the token is the proof). POST, so that the token stays out of addresses and logs,
 * and a mail scanner's visit to the page changes nothing before its script runs.
 */
export function emailChangeLinkRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.post(
    "/confirm",
    operation({
      operationId: "confirmEmailChange",
      summary: "The new address's link: it becomes the account's login (once)",
      tags: ["profile"],
      answers: { 200: { description: `Applied: the login e-mail address from now on. ${LINK_PROBLEMS}`, schema: EmailChangeApplied } },
      problems: [400, 409, 410, 415, 422],
    }),
    ...jsonBody(EmailChangeLinkRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(valueOf(await applyEmailChange(db, hashSecretToken(c.req.valid("json").token))) satisfies EmailChangeApplied);
    },
  );

  app.post(
    "/cancel",
    operation({
      operationId: "cancelEmailChangeByLink",
      summary: "The old address's link: the pending change is cancelled (once)",
      tags: ["profile"],
      answers: { 204: { description: `Cancelled: the login stays as it was. ${LINK_PROBLEMS}` } },
      problems: [400, 409, 410, 415, 422],
    }),
    ...jsonBody(EmailChangeLinkRequest),
    async (c) => {
      c.header("Cache-Control", "no-store");
      valueOf(await cancelEmailChange(db, hashSecretToken(c.req.valid("json").token)));
      return c.body(null, 204);
    },
  );

  return app;
}

/** `/me/email-change`: the customer cancels their pending change from the profile. */
export function myEmailChangeRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.delete(
    "/",
    ...protectedOperation(deps, {
      operationId: "cancelEmailChange",
      summary: "Cancels the pending login e-mail change (nothing pending: nothing to do)",
      tags: ["profile"],
      auth: "bearer",
      answers: { 204: { description: "No change is pending any more." } },
      problems: [401],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      await cancelPendingEmailChange(deps.db, c.get("auth").uuidCompte);
      return c.body(null, 204);
    },
  );

  return app;
}
