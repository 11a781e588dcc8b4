import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { lazy, useLayoutEffect, type ComponentType } from "react";
import { loadI18n, withValues, type Catalog } from "../core/i18n";
import { DEFAULT_LOCALE, type Locale } from "../contract/constants";
import type { AreaDeclaration } from "../core/tags";
import type { RouteMatch, RouteName, RouteParams } from "../core/routes";
import { freshnessOf, matchPath, resolveRoute } from "../core/route-rules";
import { loadPaths } from "../core/paths";
import { getCore } from "../core/index";
import { isLogged, selectCompany } from "../core/store";
import type { Entreprise } from "../core/types";
import { useElement, WithCatalogs } from "../ui/context";
import { addStyles } from "../ui/sheets";
import { inAgriSite } from "../areas/agrimacc/agri-site";
import { area as footerArea } from "../areas/footer/area";
import { area as headerArea } from "../areas/header/area";
import { area as loginArea } from "../areas/login/area";
import { Login } from "../areas/login/Login";
import { area as maintenanceArea } from "../areas/maintenance/area";
import { Maintenance } from "../areas/maintenance/Maintenance";
import { portalCatalog } from "./catalog";
import portalCss from "./portal.css?inline";
import { ScreenSkeleton } from "./placeholders";
import { pathInPortal, portalBaseOf } from "./use-router";

/*
 * The portal's screen registry: for every route of the core's registry (`src/core/routes.ts`),
 * its page title and its screen. The type makes a route without a screen a compile error.
 */

export interface RouteViewProps {
  route: RouteMatch;
  /** The route's page title, in the page's language. */
  title: string;
}
/**
 * A route's screen. A lazy one can be asked for its code and texts before it renders: rendered, it
 * would ask only after the portal's header, whose render on a slow phone took longer than the download.
 */
export type RouteView = ComponentType<RouteViewProps> & { preload?: (locale: Locale) => void };

export interface ScreenDeclaration {
  /** The document title and the main landmark's name; `{brand}` is the theme's brand. */
  title: MessageDescriptor;
  /** The title of a variant of the screen that has a heading of its own, for the selected company. */
  variantTitle?: (company: Entreprise | null) => MessageDescriptor | null;
  View: RouteView;
}

/** An area's declaration module, `src/areas/<area>/area.ts`. */
type AreaModule = { area: AreaDeclaration };

/**
 * An area whose texts and styles load with the first of its screens shown, beside the screen's
 * code (its element adopts the same declaration: elements/<tag>.ts).
 */
export interface LazyArea {
  load: () => Promise<AreaDeclaration>;
  /**
   * Its texts, for WithCatalogs: even the little table of where they are loads with the route, so
   * the login page's first download carries no other screen's.
   */
  catalogs: readonly Catalog[];
}

function lazyArea(load: () => Promise<AreaModule>): LazyArea {
  const area = () => load().then((module) => module.area);
  const texts: Catalog = (locale) =>
    area()
      .then(({ catalogs }) => Promise.all(catalogs.map((catalog) => catalog(locale))))
      .then((loaded) => ({ messages: Object.assign({}, ...loaded.map(({ messages }) => messages)) }));
  return { load: area, catalogs: [texts] };
}

interface LazyScreen<P> {
  /** The screen's component, from its area's folder. */
  code: () => Promise<ComponentType<P>>;
  /** That folder's area. */
  area: LazyArea;
  props?: (params: RouteParams) => P;
}

/** A lazy screen, with what it loads (the tests check that its element loads the same area). */
export type LazyRouteView = RouteView & { loads: { code: () => Promise<ComponentType<never>>; area: () => Promise<AreaDeclaration> } };

const failedScreens = new Set<() => void>();

/** The screens whose download failed will download again when next shown (the load error's "Try again"). */
export function forgetFailedScreens(): void {
  for (const forget of failedScreens) forget();
  failedScreens.clear();
}

/**
 * A screen whose code, texts and styles load with its route, together: the login page does not
 * download the invoices. The sheets are adopted before the screen's first paint.
 */
function lazyScreen<P extends object>({ code, area, props }: LazyScreen<P>): LazyRouteView {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () =>
    (loading ??= Promise.all([code(), area.load()]).then(
      ([Screen, { styles }]) => ({
        default: function Styled(screenProps: P) {
          const { host } = useElement();
          useLayoutEffect(() => {
            // Those the portal has already (the controls) are not added twice.
            if (host?.shadowRoot) addStyles(host.shadowRoot, styles);
          }, [host]);
          return <Screen {...screenProps} />;
        },
      }),
      failed,
    ));
  // React.lazy keeps a failure for good: the boundary's "Try again" (`forgetFailedScreens`) gives
  // the screen a fresh lazy component, which downloads again. Not sooner: a render retried by
  // React itself would download again and again while the network is down.
  function failed(error: unknown): never {
    failedScreens.add(() => {
      loading = undefined;
      Code = lazy(load);
    });
    throw error;
  }
  let Code = lazy(load);
  // The code and the texts asked for together (a failure reaches the boundary through Code and WithCatalogs).
  const preload = (locale: Locale) => {
    void load().catch(() => undefined);
    loadI18n(locale, area.catalogs).catch(() => undefined);
  };
  function Screen({ route }: RouteViewProps) {
    preload(useElement().locale);
    return (
      <WithCatalogs catalogs={area.catalogs} fallback={<ScreenSkeleton />}>
        <Code {...((props?.(route.params) ?? {}) as P)} />
      </WithCatalogs>
    );
  }
  return Object.assign(Screen, { loads: { code: code as () => Promise<ComponentType<never>>, area: area.load }, preload });
}

/** Screens that come with the portal itself, being where a visit starts: their areas are in PORTAL_AREA. */
const eager =
  <P extends object>(Screen: ComponentType<P>, props?: P): RouteView =>
  () => <Screen {...(props ?? ({} as P))} />;

/**
 * What comes with the portal itself: its shell's areas (header, footer), those of the screens a
 * visit starts on (login, maintenance: `eager` below) and its own; every other screen brings its
 * area with its code. The element adopts it (elements/macc-portal.ts).
 */
export const PORTAL_AREA: AreaDeclaration = {
  catalogs: [headerArea, footerArea, loginArea, maintenanceArea].flatMap(({ catalogs }) => catalogs).concat(portalCatalog),
  styles: [...new Set([headerArea, footerArea, loginArea, maintenanceArea].flatMap(({ styles }) => styles).concat(portalCss))],
};

const ADVISER_AREA = lazyArea(() => import("../areas/adviser/area"));
const BASKET_AREA = lazyArea(() => import("../areas/basket/area"));
const PASSWORD_AREA = lazyArea(() => import("../areas/password/area"));
const PERSONAL_INFO_AREA = lazyArea(() => import("../areas/personal-info/area"));
const PRODUCT_FLEET_AREA = lazyArea(() => import("../areas/product-fleet/area"));

const ADVISER = lazyScreen({ code: () => import("../areas/adviser/Adviser").then((m) => m.Adviser), area: ADVISER_AREA });
const PRODUCT_FLEET = {
  code: () => import("../areas/product-fleet/ProductFleet").then((m) => m.ProductFleet),
  area: PRODUCT_FLEET_AREA,
};
const BASKET = { code: () => import("../areas/basket/Basket").then((m) => m.Basket), area: BASKET_AREA };

/** The team area: its screens share one texts and styles download. */
const TEAM_AREA = lazyArea(() => import("../areas/team/area"));

export const SCREENS: Record<RouteName, ScreenDeclaration> = {
  AGRIMACC: {
    title: msg`Your partner in the field`,
    View: inAgriSite(
      lazyScreen({
        code: () => import("../areas/agrimacc/Agrimacc").then((m) => m.Agrimacc),
        area: lazyArea(() => import("../areas/agrimacc/area")),
      }),
    ),
  },
  AIDE_CONNEXION: {
    title: msg`Help logging in`,
    View: lazyScreen({
      code: () => import("../areas/login-help/LoginHelp").then((m) => m.LoginHelp),
      area: lazyArea(() => import("../areas/login-help/area")),
    }),
  },
  CHANGEMENT_EMAIL: {
    title: msg`E-mail address change`,
    View: lazyScreen({
      code: () => import("../areas/personal-info/EmailChange").then((m) => m.EmailChange),
      area: PERSONAL_INFO_AREA,
    }),
  },
  CHOIX_ENTREPRISE: {
    title: msg`Choose a company`,
    View: lazyScreen({
      code: () => import("../areas/company-choice/CompanyChoice").then((m) => m.CompanyChoice),
      area: lazyArea(() => import("../areas/company-choice/area")),
    }),
  },
  CONFIRMATION_INFORMATION: {
    title: msg`Confirm your information`,
    // A company never confirmed gets the migration welcome (InfoConfirmation's heading).
    variantTitle: (company) => (company && freshnessOf(company.derniereMiseAJour, new Date()) === "missing" ? WELCOME_TITLE : null),
    View: lazyScreen({
      code: () => import("../areas/personal-info/InfoConfirmation").then((m) => m.InfoConfirmation),
      area: PERSONAL_INFO_AREA,
    }),
  },
  CONSEILLER: { title: msg({ message: "Your {brand} adviser" }), View: ADVISER },
  COORDONNEE_BANCAIRE: {
    title: msg`Bank details`,
    View: lazyScreen({
      code: () => import("../areas/bank-details/BankDetails").then((m) => m.BankDetails),
      area: lazyArea(() => import("../areas/bank-details/area")),
    }),
  },
  DASHBOARD: {
    title: msg`My account`,
    View: lazyScreen({
      code: () => import("../areas/dashboard/Dashboard").then((m) => m.Dashboard),
      area: lazyArea(() => import("../areas/dashboard/area")),
    }),
  },
  FACTURES: {
    title: msg`My invoices`,
    View: lazyScreen({
      code: () => import("../areas/invoices/Invoices").then((m) => m.Invoices),
      area: lazyArea(() => import("../areas/invoices/area")),
    }),
  },
  FORMULAIRE_CONTACT: {
    title: msg`Contact form`,
    View: lazyScreen({
      code: () => import("../areas/contact-form/ContactForm").then((m) => m.ContactForm),
      area: lazyArea(() => import("../areas/contact-form/area")),
    }),
  },
  INFOS_PERSONNEL: {
    title: msg`My information`,
    View: lazyScreen({
      code: () => import("../areas/personal-info/PersonalInfo").then((m) => m.PersonalInfo),
      area: PERSONAL_INFO_AREA,
    }),
  },
  INSCRIPTION: {
    title: msg`Create my account`,
    View: lazyScreen({
      code: () => import("../areas/registration/Registration").then((m) => m.Registration),
      area: lazyArea(() => import("../areas/registration/area")),
    }),
  },
  INTERLOCUTEURS: {
    title: msg`Contact us`,
    View: lazyScreen({
      code: () => import("../areas/contacts/Contacts").then((m) => m.Contacts),
      area: lazyArea(() => import("../areas/contacts/area")),
    }),
  },
  LOGIN: { title: msg`I log in to my account`, View: eager(Login) },
  // Named as its heading, like LOGIN: "Log in to continue" is the prompt below it, not a second name.
  LOGIN_PANIER: { title: msg`I log in to my account`, View: eager(Login, { variant: "basket" }) },
  MAINTENANCE: { title: msg`Maintenance`, View: eager(Maintenance) },
  MOT_DE_PASSE_OUBLIE: {
    title: msg`Forgot password`,
    View: lazyScreen({ code: () => import("../areas/password/ForgotPassword").then((m) => m.ForgotPassword), area: PASSWORD_AREA }),
  },
  MOT_DE_PASSE_UPDATE: {
    title: msg`Change my password`,
    View: lazyScreen({ code: () => import("../areas/password/PasswordUpdate").then((m) => m.PasswordUpdate), area: PASSWORD_AREA }),
  },
  PANIER: { title: msg`Your basket`, View: lazyScreen(BASKET) },
  PANIER_VALIDER: { title: msg`Basket sent`, View: lazyScreen({ ...BASKET, props: () => ({ view: "sent" }) }) },
  PARC_PRODUITS: { title: msg`My product fleet`, View: lazyScreen(PRODUCT_FLEET) },
  PARC_PRODUITS_DETAIL: {
    title: msg`Product details`,
    View: lazyScreen({ ...PRODUCT_FLEET, props: ({ codeFamille }) => ({ family: codeFamille }) }),
  },
  PARC_PRODUITS_DETAIL_SAV: {
    title: msg`After-sales service`,
    View: lazyScreen({ ...PRODUCT_FLEET, props: ({ codeFamille }) => ({ family: codeFamille, view: "sav" as const }) }),
  },
  SERVICE_REQUEST: {
    title: msg`Request a service`,
    View: lazyScreen({
      code: () => import("../areas/service-request/ServiceRequestForm").then((m) => m.ServiceRequestForm),
      area: lazyArea(() => import("../areas/service-request/area")),
      props: ({ codeFamille }) => ({ family: codeFamille }),
    }),
  },
  SERVICE_REQUESTS: {
    title: msg`My service requests`,
    View: lazyScreen({
      code: () => import("../areas/service-request/ServiceRequestList").then((m) => m.ServiceRequestList),
      area: lazyArea(() => import("../areas/service-request/area")),
    }),
  },
  TEAM: {
    title: msg`My team`,
    View: lazyScreen({ code: () => import("../areas/team/Team").then((m) => m.Team), area: TEAM_AREA }),
  },
  SECURITY: {
    title: msg`Security`,
    View: lazyScreen({
      code: () => import("../areas/security/Security").then((m) => m.Security),
      area: lazyArea(() => import("../areas/security/area")),
    }),
  },
  NOTIFICATIONS: {
    title: msg`My notifications`,
    View: lazyScreen({
      code: () => import("../areas/notifications/NotificationCentre").then((m) => m.NotificationCentre),
      area: lazyArea(() => import("../areas/notifications/area")),
    }),
  },
  INVITATION: {
    title: msg`Invitation`,
    View: lazyScreen({ code: () => import("../areas/team/Invitation").then((m) => m.Invitation), area: TEAM_AREA }),
  },
};

/**
 * Asks for the code and texts of the screen the address shows as the portal connects, once the
 * page's path table is in, rather than at the portal's first render, which waits for all the
 * portal's texts: on a slow line the screen's files come a round trip sooner. The screen is the
 * one the guards lead to (a logged-out visitor's account page: the login, which comes with the
 * portal). In the page's language: a portal of another (its `locale` attribute) still gets the
 * screen's code early.
 */
export function preloadScreenAt(pathname: string, baseAttribute: string | null): Promise<void> {
  const core = getCore();
  const locale = core.store.getState().app.locale ?? DEFAULT_LOCALE;
  return loadPaths(locale).then(
    () => {
      const found = matchPath(pathInPortal(pathname, portalBaseOf(baseAttribute, core.config.portalBase)), locale);
      if (!found) return;
      const state = core.store.getState();
      const company = selectCompany(state);
      const context = { logged: isLogged(state), derniereMiseAJour: company?.derniereMiseAJour, now: new Date(), role: company?.role };
      SCREENS[resolveRoute(found.name, context)].View.preload?.(locale);
    },
    () => undefined,
  );
}

const WELCOME_TITLE = msg`Welcome to your new customer area`;

/** A route's page title (its variant's for the selected company); `brand` fills the {brand} placeholder of the titles that name it. */
export function routeTitle(i18n: I18n, name: RouteName, brand: string, company: Entreprise | null = null): string {
  const screen: ScreenDeclaration = SCREENS[name];
  return i18n._(withValues(screen.variantTitle?.(company) ?? screen.title, { brand }));
}
