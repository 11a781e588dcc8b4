import { Hono } from "hono";
import { ProductDetail, ProductList, ProductParams } from "../../src/contract/products.ts";
import { LangueQuery } from "../../src/contract/parameters.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { answerLanguage } from "../http/locale.ts";
import { paramsOf, protectedOperation, queryOf } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { CLOSED_STATUSES } from "../../src/contract/service-request.ts";
import { familyDocuments, familyPurchases, productFamilies } from "../queries/products.ts";
import { openRequestsByFamily } from "../queries/service-requests.ts";

/** Fleets kept in memory, per company and language (a few hundred bytes each). */
const MAX_FLEETS = 10_000;
/** Open service requests kept in memory, per account and company (a few, often none). */
const MAX_OPEN_REQUESTS = 10_000;

/** `/me/products`: the selected company's fleet (families bought), one family's purchases and documents. */
export function productRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  // The fleet, kept until the company's purchases or the product names change (migration 0008).
  const fleets = deps.caches.create<Awaited<ReturnType<typeof productFamilies>>>(MAX_FLEETS);
  // Each line's open request is the account's own, kept until one of its requests changes (migration 0020).
  const openRequests = deps.caches.create<Awaited<ReturnType<typeof openRequestsByFamily>>>(MAX_OPEN_REQUESTS);

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "listProducts",
      summary: "Product fleet of the selected company",
      tags: ["products"],
      auth: "company",
      answers: { 200: { description: "Families bought, each with the account's open service request (or null)", schema: ProductList } },
      problems: [400, 401, 403, 422],
    }),
    ...queryOf(LangueQuery),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const language = answerLanguage(c);
      const owner = c.get("company");
      const { idTier, uuidCompte } = owner;
      const tags = [`company_product_purchases:${idTier}`, "product_names"];
      // The fleet is the company's, each line's open request the account's: both kept, so the
      // screen needs no second request to show it and a repeated read costs no query.
      const [families, open] = await Promise.all([
        fleets.get(`${idTier}:${language}`, tags, () => productFamilies(db, idTier, language)),
        openRequests.get(`${uuidCompte}:${idTier}`, [`service_requests:${uuidCompte}`], () =>
          openRequestsByFamily(db, owner, CLOSED_STATUSES),
        ),
      ]);
      return c.json({ items: families.map((f) => ({ ...f, openRequest: open.get(f.codeFamille) ?? null })) });
    },
  );

  app.get(
    "/:codeFamille",
    ...protectedOperation(deps, {
      operationId: "getProduct",
      summary: "One family of the fleet, its purchases and documents",
      tags: ["products"],
      auth: "company",
      answers: { 200: { description: "The family", schema: ProductDetail } },
      problems: [400, 401, 403, 404, 422],
    }),
    paramsOf(ProductParams, "productNotFound"),
    ...queryOf(LangueQuery),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const language = answerLanguage(c);
      const code = c.req.valid("param").codeFamille;
      const purchases = await familyPurchases(db, c.get("company").idTier, language, code);
      const first = purchases[0];
      if (!first) throw new ProblemError(404, "not-found", "productNotFound");
      return c.json({
        codeFamille: code,
        produit: first.produit,
        achats: purchases.map(({ dateAchat, quantite, codeProduit, numeroSerie }) => ({ dateAchat, quantite, codeProduit, numeroSerie })),
        documents: await familyDocuments(db, code),
      });
    },
  );

  return app;
}
