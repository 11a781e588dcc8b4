import { Hono } from "hono";
import { BotCheckChallenge, challengeQuery } from "../../src/contract/bot-check.ts";
import { loginCostLadder } from "../auth/login-cost.ts";
import { newChallenge } from "../http/bot-check.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { operation, queryOf } from "../http/operation.ts";

/** `/bot-check`: the challenges of the invisible bot check (see http/bot-check.ts). */
export function botCheckRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get(
    "/challenge",
    operation({
      operationId: "getBotCheckChallenge",
      summary: "A proof-of-work challenge (altcha protocol)",
      tags: ["bot-check"],
      answers: { 200: { description: "Challenge", schema: BotCheckChallenge } },
      problems: [400, 422],
    }),
    ...queryOf(challengeQuery(loginCostLadder(deps.config))),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await newChallenge(deps, c.req.valid("query").maxnumber));
    },
  );

  return app;
}
