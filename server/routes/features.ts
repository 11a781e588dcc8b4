import { Hono } from "hono";
import { FeaturesAnswer } from "../../src/contract/features.ts";
import type { AppEnv, Deps } from "../http/context.ts";
import { operation } from "../http/operation.ts";

/** How long browsers and caches may keep the answer: a flag switched on shows within a minute. */
const MAX_AGE_SECONDS = 60;

/** `/features`: the features switched on (`MACC_FEATURES`), public, read once per page by the elements. */
export function featureRoutes({ config }: Deps) {
  const app = new Hono<AppEnv>();
  app.get(
    "/",
    operation({
      operationId: "getFeatures",
      summary: "The features switched on",
      tags: ["system"],
      answers: { 200: { description: "The features switched on", schema: FeaturesAnswer } },
    }),
    (c) => {
      c.header("Cache-Control", `public, max-age=${MAX_AGE_SECONDS}`);
      return c.json({ features: config.features });
    },
  );
  return app;
}
