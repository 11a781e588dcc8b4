import {
  fetchFeatures,
  FEATURES_KEY,
  FEATURES_TTL_MS,
  NO_FEATURES,
  routeAvailability,
  type Features,
  type RouteAvailability,
} from "../core/features";
import type { RouteName } from "../core/routes";
import { useElement } from "./context";
import { useResource } from "./useResource";

/**
 * The server's features, read once per page and shared by every element; null until known. Read
 * only when `needed`, so pages without a flagged route make no request. A failed read counts as
 * "all off": a flagged screen stays absent rather than waiting for ever.
 */
export function useFeatures(needed = true): Features | null {
  const { request } = useElement();
  const features = useResource(needed ? FEATURES_KEY : null, (signal) => fetchFeatures(request, signal), { ttlMs: FEATURES_TTL_MS });
  if (features.status === "ready") return features.data;
  return features.status === "error" ? NO_FEATURES : null;
}

/**
 * Whether a route exists on this page (its locales and its feature flag), for links and screens;
 * `asked` false: not wanted yet (nothing is read, "unknown" stays unknown).
 */
export function useRouteAvailability(name: RouteName, asked = true): RouteAvailability {
  const { locale } = useElement();
  const features = useFeatures(asked && routeAvailability(name, locale, null) === "unknown");
  return routeAvailability(name, locale, features);
}
