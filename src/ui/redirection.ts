import type { Locale } from "../contract/constants";
import type { Core } from "../core/index";
import { matchPath } from "../core/route-rules";
import type { RouteName } from "../core/routes";
import type { Navigation } from "./context";

/**
 * Goes where the customer was going before a guard or a lapsed session sent them away: a route
 * of the portal, or a page of the CMS site; the dashboard otherwise. `skip` is the screen that is
 * finishing, so that going back to it never loops.
 */
export function followRedirection(core: Core, nav: Navigation, locale: Locale, skip?: RouteName): void {
  const store = core.store.getState();
  const { redirection } = store.app;
  if (!redirection) return nav.go("DASHBOARD");
  store.removeRedirection();
  const target = matchPath(redirection, locale);
  if (target && target.name !== skip) return nav.go(target.name, target.params);
  // Only a path of this site: never an address elsewhere.
  if (!target && redirection.startsWith("/") && !redirection.startsWith("//")) return location.assign(redirection);
  nav.go("DASHBOARD");
}
