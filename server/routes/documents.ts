import { Hono } from "hono";
import { requireAuth } from "../http/auth-middleware.ts";
import { isUuid, requireCompany, safeFileName } from "../http/company.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { ProblemError } from "../http/problem.ts";
import { purchasedFamilyPdf } from "../queries/products.ts";

const DOCUMENT_NOT_FOUND = "Document introuvable.";

/** `/me/documents`: a PDF document of a product family the selected company bought. */
export function documentRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get("/:id", requireAuth(deps), requireCompany(deps), async (c) => {
    const id = c.req.param("id");
    if (!isUuid(id)) throw new ProblemError(404, "not-found", DOCUMENT_NOT_FOUND);
    const doc = await purchasedFamilyPdf(deps.db, c.get("company").idTier, id);
    if (!doc) throw new ProblemError(404, "not-found", DOCUMENT_NOT_FOUND);
    return c.body(doc.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${safeFileName(doc.title, "pdf")}"`,
      "Content-Length": String(doc.bytes.byteLength),
      "Cache-Control": "private, max-age=3600",
    });
  });

  return app;
}
