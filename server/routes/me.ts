import { Hono } from "hono";
import { MeAnswer } from "../../src/contract/profile.ts";
import { loadUser } from "../auth/user.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { protectedOperation } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";

/** `/me`: the logged-in account and the company its token is scoped to. */
export function meRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "getMe",
      summary: "The authenticated account (as the login answer has it, without tokens) and its token's company",
      tags: ["auth"],
      auth: "bearer",
      answers: { 200: { description: "The account and its companies; `idTier` is null for the account-level token.", schema: MeAnswer } },
      problems: [401],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const auth = c.get("auth");
      const user = await loadUser(deps.db, auth.uuidCompte);
      if (!user) throw new ProblemError(401, "unauthorized", "sessionExpired");
      return c.json({ user, idTier: auth.idTier });
    },
  );

  return app;
}
