import { Hono } from "hono";
import { requireAuth } from "../http/auth-middleware.ts";
import { requireCompany } from "../http/company.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { companySummary } from "../queries/summary.ts";

/** `/me/summary`: the counts on the dashboard tiles of the selected company. */
export function summaryRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get("/", requireAuth(deps), requireCompany(), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await companySummary(deps.db, c.get("company").idTier));
  });

  return app;
}
