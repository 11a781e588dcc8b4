import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { lazy, useLayoutEffect, type ComponentType } from "react";
import { withValues, type Catalog } from "../core/i18n";
import type { RouteMatch, RouteName, RouteParams } from "../core/routes";
import { freshnessOf } from "../core/route-rules";
import type { Entreprise } from "../core/types";
import { useElement, WithCatalogs } from "../ui/context";
import { addStyles } from "../ui/sheets";
import { inAgriSite } from "../areas/agrimacc/agri-site";
import { Login } from "../areas/login/Login";
import { Maintenance } from "../areas/maintenance/Maintenance";
import { ScreenSkeleton } from "./placeholders";

/*
 * The portal's screen registry: for every route of the core's registry (`src/core/routes.ts`),
 * its page title and its screen. The type makes a route without a screen a compile error.
 */

export interface RouteViewProps {
  route: RouteMatch;
  /** The route's page title, in the page's language. */
  title: string;
}
/** A route's screen. */
export type RouteView = ComponentType<RouteViewProps>;

export interface ScreenDeclaration {
  /** The document title and the main landmark's name; `{brand}` is the theme's brand. */
  title: MessageDescriptor;
  /** The title of a variant of the screen that has a heading of its own, for the selected company. */
  variantTitle?: (company: Entreprise | null) => MessageDescriptor | null;
  View: RouteView;
}

type CssModule = { default: string };

interface LazyScreen<P> {
  code: () => Promise<ComponentType<P>>;
  catalog: Catalog;
  /** The area's own style sheets (controls and the shell's come with the portal). */
  styles?: Array<() => Promise<CssModule>>;
  props?: (params: RouteParams) => P;
}

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
function lazyScreen<P extends object>({ code, catalog, styles = [], props }: LazyScreen<P>): RouteView {
  const catalogs = [catalog];
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const load = () =>
    (loading ??= Promise.all([code(), ...styles.map((sheet) => sheet())]).then(([Screen, ...sheets]) => {
      const cssTexts = (sheets as CssModule[]).map((sheet) => sheet.default);
      return {
        default: function Styled(screenProps: P) {
          const { host } = useElement();
          useLayoutEffect(() => {
            if (host?.shadowRoot) addStyles(host.shadowRoot, cssTexts);
          }, [host]);
          return <Screen {...screenProps} />;
        },
      };
    }, failed));
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
  return function Screen({ route }: RouteViewProps) {
    // Started while the texts load rather than after them (a failure reaches the boundary through Code).
    void load().catch(() => undefined);
    return (
      <WithCatalogs catalogs={catalogs} fallback={<ScreenSkeleton />}>
        <Code {...((props?.(route.params) ?? {}) as P)} />
      </WithCatalogs>
    );
  };
}

/** Screens that come with the portal itself, being where a visit starts. */
const eager =
  <P extends object>(Screen: ComponentType<P>, props?: P): RouteView =>
  () => <Screen {...(props ?? ({} as P))} />;

/**
 * An area's texts for a lazy screen: even the little table of where they are loads with the route,
 * so the login page's first download carries no other screen's.
 */
const lazyCatalog =
  (load: () => Promise<Catalog>): Catalog =>
  (locale) =>
    load().then((catalog) => catalog(locale));

const dataTableCss = () => import("../ui/styles/data-table.css?inline");

const PASSWORD_TEXTS = lazyCatalog(() => import("../areas/password/catalog").then((m) => m.passwordCatalog));
const PERSONAL_INFO_TEXTS = lazyCatalog(() => import("../areas/personal-info/catalog").then((m) => m.personalInfoCatalog));
const ADVISER = lazyScreen({
  code: () => import("../areas/adviser/Adviser").then((m) => m.Adviser),
  catalog: lazyCatalog(() => import("../areas/adviser/catalog").then((m) => m.adviserCatalog)),
});
const PRODUCT_FLEET = {
  code: () => import("../areas/product-fleet/ProductFleet").then((m) => m.ProductFleet),
  catalog: lazyCatalog(() => import("../areas/product-fleet/catalog").then((m) => m.productFleetCatalog)),
  styles: [dataTableCss, () => import("../areas/product-fleet/product-fleet.css?inline")],
};
const PERSONAL_INFO_STYLES = [() => import("../areas/personal-info/personal-info.css?inline")];
const BASKET = {
  code: () => import("../areas/basket/Basket").then((m) => m.Basket),
  catalog: lazyCatalog(() => import("../areas/basket/catalog").then((m) => m.basketCatalog)),
  styles: [() => import("../areas/basket/basket.css?inline")],
};

export const SCREENS: Record<RouteName, ScreenDeclaration> = {
  AGRIMACC: {
    title: msg`Your partner in the field`,
    View: inAgriSite(
      lazyScreen({
        code: () => import("../areas/agrimacc/Agrimacc").then((m) => m.Agrimacc),
        catalog: lazyCatalog(() => import("../areas/agrimacc/catalog").then((m) => m.agrimaccCatalog)),
        styles: [() => import("../areas/agrimacc/agrimacc.css?inline")],
      }),
    ),
  },
  AIDE_CONNEXION: {
    title: msg`Help logging in`,
    View: lazyScreen({
      code: () => import("../areas/login-help/LoginHelp").then((m) => m.LoginHelp),
      catalog: lazyCatalog(() => import("../areas/login-help/catalog").then((m) => m.loginHelpCatalog)),
    }),
  },
  CHOIX_ENTREPRISE: {
    title: msg`Choose a company`,
    View: lazyScreen({
      code: () => import("../areas/company-choice/CompanyChoice").then((m) => m.CompanyChoice),
      catalog: lazyCatalog(() => import("../areas/company-choice/catalog").then((m) => m.companyChoiceCatalog)),
      styles: [() => import("../areas/company-choice/company-choice.css?inline")],
    }),
  },
  CONFIRMATION_INFORMATION: {
    title: msg`Confirm your information`,
    // A company never confirmed gets the migration welcome (InfoConfirmation's heading).
    variantTitle: (company) => (company && freshnessOf(company.derniereMiseAJour, new Date()) === "missing" ? WELCOME_TITLE : null),
    View: lazyScreen({
      code: () => import("../areas/personal-info/InfoConfirmation").then((m) => m.InfoConfirmation),
      catalog: PERSONAL_INFO_TEXTS,
      styles: PERSONAL_INFO_STYLES,
    }),
  },
  CONSEILLER: { title: msg({ message: "Your {brand} adviser" }), View: ADVISER },
  COORDONNEE_BANCAIRE: {
    title: msg`Bank details`,
    View: lazyScreen({
      code: () => import("../areas/bank-details/BankDetails").then((m) => m.BankDetails),
      catalog: lazyCatalog(() => import("../areas/bank-details/catalog").then((m) => m.bankDetailsCatalog)),
      styles: [() => import("../areas/bank-details/bank-details.css?inline")],
    }),
  },
  DASHBOARD: {
    title: msg`My account`,
    View: lazyScreen({
      code: () => import("../areas/dashboard/Dashboard").then((m) => m.Dashboard),
      catalog: lazyCatalog(() => import("../areas/dashboard/catalog").then((m) => m.dashboardCatalog)),
      styles: [() => import("../areas/dashboard/dashboard.css?inline")],
    }),
  },
  FACTURES: {
    title: msg`My invoices`,
    View: lazyScreen({
      code: () => import("../areas/invoices/Invoices").then((m) => m.Invoices),
      catalog: lazyCatalog(() => import("../areas/invoices/catalog").then((m) => m.invoicesCatalog)),
      styles: [dataTableCss, () => import("../areas/invoices/invoices.css?inline")],
    }),
  },
  FORMULAIRE_CONTACT: {
    title: msg`Contact form`,
    View: lazyScreen({
      code: () => import("../areas/contact-form/ContactForm").then((m) => m.ContactForm),
      catalog: lazyCatalog(() => import("../areas/contact-form/catalog").then((m) => m.contactFormCatalog)),
    }),
  },
  INFOS_PERSONNEL: {
    title: msg`My information`,
    View: lazyScreen({
      code: () => import("../areas/personal-info/PersonalInfo").then((m) => m.PersonalInfo),
      catalog: PERSONAL_INFO_TEXTS,
      styles: PERSONAL_INFO_STYLES,
    }),
  },
  INSCRIPTION: {
    title: msg`Create my account`,
    View: lazyScreen({
      code: () => import("../areas/registration/Registration").then((m) => m.Registration),
      catalog: lazyCatalog(() => import("../areas/registration/catalog").then((m) => m.registrationCatalog)),
      styles: [() => import("../areas/registration/registration.css?inline")],
    }),
  },
  INTERLOCUTEURS: {
    title: msg`Contact us`,
    View: lazyScreen({
      code: () => import("../areas/contacts/Contacts").then((m) => m.Contacts),
      catalog: lazyCatalog(() => import("../areas/contacts/catalog").then((m) => m.contactsCatalog)),
    }),
  },
  LOGIN: { title: msg`I log in to my account`, View: eager(Login) },
  // Named as its heading, like LOGIN: "Log in to continue" is the prompt below it, not a second name.
  LOGIN_PANIER: { title: msg`I log in to my account`, View: eager(Login, { variant: "basket" }) },
  MAINTENANCE: { title: msg`Maintenance`, View: eager(Maintenance) },
  MOT_DE_PASSE_OUBLIE: {
    title: msg`Forgot password`,
    View: lazyScreen({ code: () => import("../areas/password/ForgotPassword").then((m) => m.ForgotPassword), catalog: PASSWORD_TEXTS }),
  },
  MOT_DE_PASSE_UPDATE: {
    title: msg`Change my password`,
    View: lazyScreen({ code: () => import("../areas/password/PasswordUpdate").then((m) => m.PasswordUpdate), catalog: PASSWORD_TEXTS }),
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
};

const WELCOME_TITLE = msg`Welcome to your new customer area`;

/** A route's page title (its variant's for the selected company); `brand` fills the {brand} placeholder of the titles that name it. */
export function routeTitle(i18n: I18n, name: RouteName, brand: string, company: Entreprise | null = null): string {
  const screen: ScreenDeclaration = SCREENS[name];
  return i18n._(withValues(screen.variantTitle?.(company) ?? screen.title, { brand }));
}
