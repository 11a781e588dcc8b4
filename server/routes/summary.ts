import { Hono } from "hono";
import { BASKET_REQUESTS_LISTED } from "../../src/contract/basket.ts";
import { can } from "../../src/contract/permissions.ts";
import { SummaryAnswer, SummaryQuery } from "../../src/contract/profile.ts";
import { CLOSED_STATUSES } from "../../src/contract/service-request.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { protectedOperation, queryOf } from "../http/operation.ts";
import { basketRequestsOf } from "../queries/basket.ts";
import { accountSummary, companyCounts, type CompanyCounts } from "../queries/summary.ts";

/** Companies whose dashboard counts are kept (a few bytes each). */
const MAX_COMPANY_COUNTS = 20_000;

/** `/me/summary`: the counts on the dashboard tiles of the selected company (and its basket requests, asked for). */
export function summaryRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // Kept until the company's invoices or purchases change (migration 0008's notifications).
  const counted = deps.caches.create<CompanyCounts>(MAX_COMPANY_COUNTS);

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "getSummary",
      summary: "Counts for the dashboard tiles",
      tags: ["invoices"],
      auth: "company",
      answers: { 200: { description: "Counts of the selected company.", schema: SummaryAnswer } },
      problems: [400, 401, 403, 422],
    }),
    ...queryOf(SummaryQuery),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { uuidCompte, idTier } = c.get("company");
      // What the caller's role does not read counts nothing (issue 29): its tiles are hidden anyway.
      const role = c.get("role");
      const [counts, account, basketRequests] = await Promise.all([
        counted.get(idTier, [`invoices:${idTier}`, `company_product_purchases:${idTier}`], () => companyCounts(deps.db, idTier)),
        accountSummary(deps.db, idTier, uuidCompte, CLOSED_STATUSES),
        c.req.valid("query").with === "basket-requests" && can(role, "basket", "R")
          ? basketRequestsOf(deps.db, uuidCompte, idTier, BASKET_REQUESTS_LISTED)
          : undefined,
      ]);
      const summary = {
        invoices: can(role, "invoices", "R") ? counts.invoices : { unpaid: 0, total: 0 },
        products: can(role, "fleet", "R") ? counts.products : 0,
        adviser: account.adviser,
        openServiceRequests: can(role, "fleet", "R") ? account.openServiceRequests : 0,
      };
      return c.json(basketRequests ? { ...summary, basketRequests } : summary);
    },
  );

  return app;
}
