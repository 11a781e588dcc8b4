import { Hono } from "hono";
import { ConfirmationAnswer } from "../../src/contract/profile.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { protectedOperation } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { confirmCompanyData } from "../queries/companies.ts";

/** `/me/confirmation`: the customer confirms the selected company's data as they are (freshness, SPEC §9). */
export function confirmationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post(
    "/",
    ...protectedOperation(deps, {
      operationId: "confirmInformation",
      noBody: true,
      summary: "Confirms that the selected company's data is up to date (no body)",
      tags: ["profile"],
      auth: "company",
      answers: { 200: { description: "The company as in the login answer (without token), confirmed today.", schema: ConfirmationAnswer } },
      problems: [401, 403],
    }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const entreprise = await confirmCompanyData(deps.db, c.get("company").idTier);
      if (!entreprise) throw new ProblemError(403, "company-required", "companyRequired");
      return c.json({ entreprise: { ...entreprise, role: c.get("role") } });
    },
  );

  return app;
}
