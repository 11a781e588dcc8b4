import type { FeatureName, Locale } from "../contract/constants";
import type { Module, Permission } from "../contract/permissions";

/*
 * The route registry of the core: every route of SPEC §2 once, with the rule its guard applies.
 * Route names are the contract (events, links, the portal's screens); their translated paths live
 * in one file per language (`paths/*.ts`, typed against this registry), and each route's screen
 * and title in the app layer (`src/app/screens.tsx`, typed against it too).
 */

/**
 * - `public`: anyone;
 * - `restricted`: visitors only (a logged-in customer goes to DASHBOARD);
 * - `protected`: customers only, with data confirmed within the freshness limit.
 */
export type Access = "public" | "protected" | "restricted";

export interface RouteRule {
  access: Access;
  /** A protected route reachable before the data is confirmed (the confirmation itself, the company choice). */
  beforeConfirmation?: true;
  /** The route's one path parameter: a product family's code. */
  param?: "codeFamille";
  /** The server feature it belongs to: while that is off (or not known yet) the route does not exist. */
  feature?: FeatureName;
  /** The only locales it exists in (SPEC §2: bank details are fr-FR only). */
  locales?: readonly Locale[];
  /**
   * What the customer's role in the chosen company must allow (src/contract/permissions.ts): a role
   * that does not is taken to the dashboard, and the menus and tiles leading there are hidden.
   */
  needs?: readonly [Module, Permission];
}

export const ROUTES = {
  AGRIMACC: { access: "public" },
  AIDE_CONNEXION: { access: "public" },
  /** The landing of the e-mail change's links (`?token=` applies, `?cancel=` cancels): they work without logging in. */
  CHANGEMENT_EMAIL: { access: "public" },
  CHOIX_ENTREPRISE: { access: "protected", beforeConfirmation: true },
  /** Only the roles that change the company's data confirm it (owner, full). */
  CONFIRMATION_INFORMATION: { access: "protected", beforeConfirmation: true, needs: ["company", "W"] },
  CONSEILLER: { access: "protected" },
  COORDONNEE_BANCAIRE: { access: "protected", feature: "coordonnee-bancaire", locales: ["fr-FR"], needs: ["company", "R"] },
  DASHBOARD: { access: "protected" },
  FACTURES: { access: "protected", needs: ["invoices", "R"] },
  FORMULAIRE_CONTACT: { access: "protected" },
  INFOS_PERSONNEL: { access: "protected" },
  INSCRIPTION: { access: "restricted" },
  INTERLOCUTEURS: { access: "public" },
  /** The landing of an invitation's link (`?token=`): it accepts nothing until its button is pressed. */
  INVITATION: { access: "public" },
  LOGIN: { access: "restricted" },
  LOGIN_PANIER: { access: "restricted" },
  MAINTENANCE: { access: "public" },
  MOT_DE_PASSE_OUBLIE: { access: "public" },
  MOT_DE_PASSE_UPDATE: { access: "protected" },
  PANIER: { access: "public" },
  PANIER_VALIDER: { access: "public" },
  PARC_PRODUITS: { access: "protected", needs: ["fleet", "R"] },
  PARC_PRODUITS_DETAIL: { access: "protected", param: "codeFamille", needs: ["fleet", "R"] },
  PARC_PRODUITS_DETAIL_SAV: { access: "protected", param: "codeFamille", needs: ["fleet", "R"] },
  /** A service request about a machine of that family (issue 28). */
  SERVICE_REQUEST: { access: "protected", param: "codeFamille", needs: ["fleet", "W"] },
  /** The account's service requests and, with `?ref=`, one's timeline (issue 28, step 2). */
  SERVICE_REQUESTS: { access: "protected", needs: ["fleet", "R"] },
  /** The company's members and invitations (issue 29): the owner manages them, full reads them. */
  TEAM: { access: "protected", needs: ["team", "R"] },
  /** The account's signed-in devices and activity (issue 29): every role, even without a company chosen. */
  SECURITY: { access: "protected", beforeConfirmation: true },
  /** The notification centre (issue 30): what the action banner showed, read or not, for 12 months; every role, each told what it reads. */
  NOTIFICATIONS: { access: "protected" },
} as const satisfies Record<string, RouteRule>;

export type RouteName = keyof typeof ROUTES;
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

export function ruleOf(name: RouteName): RouteRule {
  return ROUTES[name];
}

/** A language's translated address of every route (`paths/*.ts`). */
export type PathTable = Record<RouteName, string>;

export type RouteParams = { codeFamille?: string };
export interface RouteMatch {
  name: RouteName;
  params: RouteParams;
}
