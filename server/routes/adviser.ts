import { Hono } from "hono";
import { AdviserAnswer } from "../../src/contract/adviser.ts";
import { LangueQuery } from "../../src/contract/parameters.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { answerLanguage } from "../http/locale.ts";
import { protectedOperation, queryOf } from "../http/operation.ts";
import { companyAdviser } from "../queries/advisers.ts";
import { networkSubServices } from "../queries/footer.ts";

/** `/me/adviser`: the selected company's adviser, and the customer service to contact (the network's first). */
export function adviserRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "getAdviser",
      summary: "Adviser of the selected company, and the customer service of its network",
      tags: ["contact"],
      auth: "company",
      answers: { 200: { description: "Adviser and service", schema: AdviserAnswer } },
      problems: [400, 401, 403, 422],
    }),
    ...queryOf(LangueQuery),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { idTier, codeReseau } = c.get("company");
      const language = answerLanguage(c);
      const [adviser, services] = await Promise.all([companyAdviser(db, idTier, language), networkSubServices(db, codeReseau, language)]);
      const service = services[0];
      return c.json({
        adviser: adviser
          ? {
              id: adviser.id,
              civilite: adviser.civilite,
              prenom: adviser.prenom,
              nom: adviser.nom,
              fonction: adviser.fonction ?? "",
              telephone: adviser.telephone ?? "",
              mobile: adviser.mobile ?? "",
              email: adviser.email,
              photoUrl: adviser.hasPhoto ? `/api/advisers/${adviser.id}/photo` : null,
            }
          : null,
        service: {
          nomSousService: service?.nom ?? "",
          telephone1: service?.telephone1 ?? "",
          mail1: service?.mail1 ?? "",
          mail2: service?.mail2 ?? "",
        },
      });
    },
  );

  return app;
}
