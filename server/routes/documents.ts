import { Hono } from "hono";
import { IdParams } from "../../src/contract/parameters.ts";
import { safeFileName } from "../http/company.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { entityOf, sendEntity, type Entity } from "../http/etag.ts";
import { paramsOf, protectedOperation } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { boughtFamily, productPdf } from "../queries/products.ts";

/** Documents kept in memory (a few hundred kB each at most). */
const MAX_DOCUMENTS = 200;

interface CachedDocument {
  codeFamille: string;
  fileName: string;
  pdf: Entity;
}

/**
 * `/me/documents`: a PDF document of a product family the selected company bought. The bytes come
 * from memory (until the document's row changes: migration 0008's notifications); whether the
 * company may read it is checked on every request.
 */
export function documentRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const documents = deps.caches.create<CachedDocument | null>(MAX_DOCUMENTS);

  app.get(
    "/:id",
    ...protectedOperation(deps, {
      operationId: "getDocument",
      summary: "A product document (PDF)",
      tags: ["products"],
      auth: "company",
      answers: {
        200: { description: "The PDF", file: "application/pdf" },
        304: { description: "Unchanged since the `If-None-Match` tag" },
      },
      problems: [401, 403, 404],
    }),
    paramsOf(IdParams, "documentNotFound"),
    async (c) => {
      const { id } = c.req.valid("param");
      const doc = await documents.get(id, [`product_documents:${id}`], async () => {
        const found = await productPdf(deps.db, id);
        return found
          ? { codeFamille: found.codeFamille, fileName: safeFileName(found.title, "pdf"), pdf: entityOf(found.bytes, "application/pdf") }
          : null;
      });
      if (!doc || !(await boughtFamily(deps.db, c.get("company").idTier, doc.codeFamille))) {
        throw new ProblemError(404, "not-found", "documentNotFound");
      }
      return sendEntity(c, doc.pdf, {
        "Content-Disposition": `inline; filename="${doc.fileName}"`,
        "Cache-Control": "private, max-age=3600",
      });
    },
  );

  return app;
}
