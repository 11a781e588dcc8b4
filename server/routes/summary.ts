import { Hono } from "hono";
import { SummaryAnswer } from "../../src/contract/profile.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { protectedOperation } from "../http/operation.ts";
import { companySummary } from "../queries/summary.ts";

/** `/me/summary`: the counts on the dashboard tiles of the selected company. */
export function summaryRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "getSummary",
      summary: "Counts for the dashboard tiles",
      tags: ["invoices"],
      auth: "company",
      answers: { 200: { description: "Counts of the selected company.", schema: SummaryAnswer } },
      problems: [401, 403],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await companySummary(deps.db, c.get("company").idTier));
    },
  );

  return app;
}
