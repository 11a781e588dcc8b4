import { can, type Role } from "../contract/permissions";
import { ruleOf, type RouteName } from "./routes";

/**
 * True when `role` allows what the route `name` needs (`needs` in the route registry, read against
 * the contract's permission table; a route needing nothing: always): the portal's guard, and the
 * menus and tiles that hide what the role cannot use. Beside the registry rather than in it, which
 * the build's scripts read without the table.
 */
export function roleAllows(name: RouteName, role: Role = "owner"): boolean {
  const { needs } = ruleOf(name);
  return !needs || can(role, needs[0], needs[1]);
}
