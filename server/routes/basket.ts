import { Hono } from "hono";
import * as v from "valibot";
import { BASKET_ITEM_ID, BASKET_MAX_ITEMS } from "../../src/core/constants.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { answerLanguage } from "../http/locale.ts";
import { ProblemError } from "../http/problem.ts";
import { parseQuery } from "../http/query.ts";
import { basketItemImage, offeredBasketItems } from "../queries/basket.ts";

export const BASKET_MESSAGES = {
  badIds: `Une liste de 1 à ${BASKET_MAX_ITEMS} identifiants d'articles séparés par des virgules est attendue.`,
  imageNotFound: "Image introuvable.",
} as const;
const M = BASKET_MESSAGES;

/** The catalogue is public and changes rarely: caches may keep a list 5 minutes, a picture a week (then revalidate). */
const LIST_CACHE = "public, max-age=300";
const IMAGE_CACHE = "public, max-age=604800";

const imagePath = (id: string) => `/api/basket/items/${id}/image`;

const ItemsQuery = v.object(
  {
    ids: v.pipe(
      v.string(M.badIds),
      v.transform((list) => list.split(",").map((id) => id.trim())),
      v.check((ids) => ids.length <= BASKET_MAX_ITEMS && ids.every((id) => BASKET_ITEM_ID.test(id)), M.badIds),
    ),
  },
  M.badIds,
);

/** `/basket`: the basket's catalogue (public: the basket is filled before any login). */
export function basketRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<AppEnv>();

  // The items of `?ids=` in that order (each once), and the ids no longer offered.
  app.get("/items", async (c) => {
    const { ids } = parseQuery(ItemsQuery, c.req.query());
    const wanted = [...new Set(ids)];
    const found = new Map((await offeredBasketItems(db, wanted, answerLanguage(c))).map((item) => [item.id, item]));
    c.header("Cache-Control", LIST_CACHE);
    return c.json({
      items: wanted.flatMap((id) => {
        const item = found.get(id);
        return item ? [{ ...item, image: imagePath(id) }] : [];
      }),
      unknown: wanted.filter((id) => !found.has(id)),
    });
  });

  app.get("/items/:id/image", async (c) => {
    const id = c.req.param("id");
    const image = BASKET_ITEM_ID.test(id) ? await basketItemImage(db, id) : undefined;
    if (!image) throw new ProblemError(404, "not-found", M.imageNotFound);
    const headers = {
      ETag: image.etag,
      "Cache-Control": IMAGE_CACHE,
      // An SVG opened on its own must not run or load anything.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    };
    const tags = c.req.header("if-none-match");
    if (tags && (tags.trim() === "*" || tags.split(",").some((t) => t.trim().replace(/^W\//, "") === image.etag))) {
      return c.body(null, 304, headers);
    }
    return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200, {
      ...headers,
      "Content-Type": image.type,
      "Content-Length": String(image.bytes.byteLength),
    });
  });

  return app;
}
