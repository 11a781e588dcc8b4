import { Hono } from "hono";
import * as v from "valibot";
import { loginCostLadder } from "../auth/login-cost.ts";
import { newChallenge } from "../http/bot-check.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { parseQuery } from "../http/query.ts";

const INVALID_WORK = "maxnumber : une des valeurs demandées par l'API attendue.";

/** `/bot-check`: the challenges of the invisible bot check (see http/bot-check.ts). */
export function botCheckRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // `?maxnumber=` asks for the harder challenge a login refused with 403 bot-check-cost named.
  const ladder = loginCostLadder(deps.config).map(String);
  const ChallengeQuery = v.object({ maxnumber: v.optional(v.picklist(ladder, INVALID_WORK)) });

  app.get("/challenge", async (c) => {
    c.header("Cache-Control", "no-store");
    const { maxnumber } = parseQuery(ChallengeQuery, c.req.query());
    return c.json(await newChallenge(deps, maxnumber === undefined ? undefined : Number(maxnumber)));
  });

  return app;
}
