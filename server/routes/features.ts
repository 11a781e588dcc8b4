import { Hono } from "hono";
import type { AppEnv, Deps } from "../http/context.ts";

/** How long browsers and caches may keep the answer: a flag switched on shows within a minute. */
const MAX_AGE_SECONDS = 60;

/** `/features`: the features switched on (`MACC_FEATURES`), public, read once per page by the elements. */
export function featureRoutes({ config }: Deps) {
  const app = new Hono<AppEnv>();
  app.get("/", (c) => {
    c.header("Cache-Control", `public, max-age=${MAX_AGE_SECONDS}`);
    return c.json({ features: config.features });
  });
  return app;
}
