import * as v from "valibot";
import { FeaturesAnswer } from "../contract/features";
import type { ApiRequest } from "./api";
import { FEATURE_NAMES, type FeatureName, type Locale } from "../contract/constants";
import { resourceCacheOf } from "./resource-cache";
import { ruleOf, type RouteName } from "./routes";

/*
 * Feature flags live on the server (`MACC_FEATURES`); the page reads the ones switched on once,
 * from `GET /api/features`, through the page's read cache. A route that belongs to a feature exists
 * only while its feature is known to be on.
 */

export type Features = ReadonlySet<FeatureName>;

/** The read cache's key and how long the page keeps the answer: the whole page. */
export const FEATURES_KEY = "features";
export const FEATURES_TTL_MS = Number.POSITIVE_INFINITY;
export const NO_FEATURES: Features = new Set();

/**
 * The features switched on. Public and quiet: no token, no toast, no logout; names this version
 * does not know are ignored, so a newer server's flags are harmless; a malformed answer is all off.
 */
export async function fetchFeatures(request: ApiRequest, signal?: AbortSignal): Promise<Features> {
  const answer = v.safeParse(
    FeaturesAnswer,
    await request<unknown>("/features", { anonymous: true, optional: true, errors: "inline", signal }),
  );
  return new Set(answer.success ? FEATURE_NAMES.filter((name) => answer.output.features.includes(name)) : []);
}

/** The page's features through its read cache (shared with `useFeatures`); a failed read counts as "all off". */
export function readFeatures(core: object, request: ApiRequest): Promise<Features> {
  return resourceCacheOf(core)
    .read(FEATURES_KEY, (signal) => fetchFeatures(request, signal), { ttlMs: FEATURES_TTL_MS })
    .catch(() => NO_FEATURES);
}

/** "unknown": the route depends on features not read yet. */
export type RouteAvailability = "available" | "absent" | "unknown";

/** Whether a route exists for this page: its locales, then its feature (`features` null: not read yet). */
export function routeAvailability(name: RouteName, locale: Locale, features: Features | null): RouteAvailability {
  const { feature, locales } = ruleOf(name);
  if (locales && !locales.includes(locale)) return "absent";
  if (!feature) return "available";
  if (!features) return "unknown";
  return features.has(feature) ? "available" : "absent";
}
