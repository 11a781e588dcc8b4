import { Hono } from "hono";
import { IdParams } from "../../src/contract/parameters.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { operation, paramsOf } from "../http/operation.ts";
import { ProblemError } from "../http/problem.ts";
import { adviserPhoto } from "../queries/advisers.ts";

/** Image types an adviser photo may be served as. */
const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/svg+xml"]);

/** `/advisers`: advisers' photos, public (an `<img>` sends no bearer token). */
export function adviserPhotoRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get(
    "/:id/photo",
    operation({
      operationId: "getAdviserPhoto",
      summary: "Photo of an adviser (public)",
      tags: ["contact"],
      answers: { 200: { description: "The image", file: "image/*" } },
      problems: [404],
    }),
    paramsOf(IdParams, "photoNotFound"),
    async (c) => {
      const photo = await adviserPhoto(deps.db, c.req.valid("param").id);
      if (!photo) throw new ProblemError(404, "not-found", "photoNotFound");
      const type = photo.type && PHOTO_TYPES.has(photo.type) ? photo.type : "application/octet-stream";
      return c.body(photo.bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": type,
        "Content-Length": String(photo.bytes.byteLength),
        "Cache-Control": "public, max-age=86400",
        // An SVG opened directly must not run anything.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      });
    },
  );

  return app;
}
