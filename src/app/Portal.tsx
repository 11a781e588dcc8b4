import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import { loadAllPaths } from "../core/paths";
import type { RouteName, RouteParams } from "../core/routes";
import type { Catalog } from "../core/i18n";
import { NavigationProvider, useElement, useMacc, WithCatalogs } from "../ui/context";
import { PageTitle } from "../ui/PageTitle";
import { RouteLink } from "../ui/RouteLink";
import { useBrand } from "../ui/useBrand";
import { adviserCatalog } from "../areas/adviser/catalog";
import { companyChoiceCatalog } from "../areas/company-choice/catalog";
import { contactFormCatalog } from "../areas/contact-form/catalog";
import { contactsCatalog } from "../areas/contacts/catalog";
import { dashboardCatalog } from "../areas/dashboard/catalog";
import { invoicesCatalog } from "../areas/invoices/catalog";
import { loginHelpCatalog } from "../areas/login-help/catalog";
import { passwordCatalog } from "../areas/password/catalog";
import { personalInfoCatalog } from "../areas/personal-info/catalog";
import { productFleetCatalog } from "../areas/product-fleet/catalog";
import { registrationCatalog } from "../areas/registration/catalog";
import { Footer } from "../areas/footer/Footer";
import { Header } from "../areas/header/Header";
import { Login } from "../areas/login/Login";
import { Maintenance } from "../areas/maintenance/Maintenance";
import { routeTitle } from "./route-titles";
import { ScreenBoundary } from "./ScreenBoundary";
import { useRouter } from "./use-router";

/**
 * Each screen's code and texts load with its route, together: the login page does not download
 * the invoices. Login and maintenance come with the portal, being the screens a visit starts on.
 */
function screen<P extends object>(load: () => Promise<ComponentType<P>>, catalog: Catalog): ComponentType<P> {
  const catalogs = [catalog];
  let code: Promise<ComponentType<P>> | undefined;
  const loadCode = () => (code ??= load());
  const Code = lazy(async () => ({ default: await loadCode() }));
  return function Screen(props: P) {
    // Started while the texts load rather than after them (a failure reaches the boundary through Code).
    void loadCode().catch(() => undefined);
    return (
      <WithCatalogs catalogs={catalogs} fallback={<ScreenSkeleton />}>
        <Code {...props} />
      </WithCatalogs>
    );
  };
}
const Adviser = screen(() => import("../areas/adviser/Adviser").then((m) => m.Adviser), adviserCatalog);
const CompanyChoice = screen(() => import("../areas/company-choice/CompanyChoice").then((m) => m.CompanyChoice), companyChoiceCatalog);
const ContactForm = screen(() => import("../areas/contact-form/ContactForm").then((m) => m.ContactForm), contactFormCatalog);
const Contacts = screen(() => import("../areas/contacts/Contacts").then((m) => m.Contacts), contactsCatalog);
const Dashboard = screen(() => import("../areas/dashboard/Dashboard").then((m) => m.Dashboard), dashboardCatalog);
const Invoices = screen(() => import("../areas/invoices/Invoices").then((m) => m.Invoices), invoicesCatalog);
const ProductFleet = screen(() => import("../areas/product-fleet/ProductFleet").then((m) => m.ProductFleet), productFleetCatalog);
const Registration = screen(() => import("../areas/registration/Registration").then((m) => m.Registration), registrationCatalog);
const LoginHelp = screen(() => import("../areas/login-help/LoginHelp").then((m) => m.LoginHelp), loginHelpCatalog);
const ForgotPassword = screen(() => import("../areas/password/ForgotPassword").then((m) => m.ForgotPassword), passwordCatalog);
const PasswordUpdate = screen(() => import("../areas/password/PasswordUpdate").then((m) => m.PasswordUpdate), passwordCatalog);
const InfoConfirmation = screen(
  () => import("../areas/personal-info/InfoConfirmation").then((m) => m.InfoConfirmation),
  personalInfoCatalog,
);
const PersonalInfo = screen(() => import("../areas/personal-info/PersonalInfo").then((m) => m.PersonalInfo), personalInfoCatalog);

export interface PortalProps {
  /** Path prefix of the portal on this page; the loader's data-portal-base otherwise. */
  base?: string;
}

/**
 * `<macc-portal>`: the whole extranet, every route of SPEC §2 behind its guards. It knows every
 * language's addresses, so a link shared from another country's site still finds its page.
 */
export function Portal(props: PortalProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    void loadAllPaths().then(() => setReady(true));
  }, []);
  return ready ? <PortalShell {...props} /> : <span className="skeleton" style={{ minHeight: "40em" }} />;
}

function PortalShell({ base }: PortalProps) {
  const { t, i18n } = useLingui();
  const { core, locale, emit } = useElement();
  const brand = useBrand();
  const logged = useMacc((s) => s.auth.logged);
  const derniereMiseAJour = useMacc((s) => s.auth.entreprise?.derniereMiseAJour);
  const keepRedirection = useCallback((path: string) => core.store.getState().addRedirection(path), [core]);
  const { route, notFound, navigation } = useRouter({
    base: (base ?? core.config.portalBase).replace(/\/+$/, ""),
    locale,
    logged,
    derniereMiseAJour,
    emit,
    keepRedirection,
  });

  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const title = route ? routeTitle(i18n, route.name, brand) : notFound ? t`Page not found` : "";
  const page = route ? `${route.name}:${route.params.codeFamille ?? ""}` : notFound ? "not-found" : "";
  useEffect(() => {
    if (title) document.title = `${title} — ${brand}`;
  }, [title, brand]);
  useEffect(() => {
    if (!page) return;
    // After an in-page navigation, move focus to the new page so it is announced (not on first
    // load, and not on a change of language: the language selector keeps it).
    if (first.current) first.current = false;
    else main.current?.focus();
  }, [page]);
  // The portal is the page: its language is the document's.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <NavigationProvider value={navigation}>
      <Header />
      <main ref={main} id="main" tabIndex={-1} className="container" aria-label={title || undefined}>
        {route && (
          <ScreenBoundary key={page}>
            <Suspense fallback={<ScreenSkeleton />}>
              <RouteView name={route.name} params={route.params} />
            </Suspense>
          </ScreenBoundary>
        )}
        {notFound && <NotFound />}
      </main>
      <Footer />
    </NavigationProvider>
  );
}

function RouteView({ name, params }: { name: RouteName; params: RouteParams }): ReactNode {
  switch (name) {
    case "DASHBOARD":
      return <Dashboard />;
    case "FACTURES":
      return <Invoices />;
    case "PARC_PRODUITS":
      return <ProductFleet />;
    case "PARC_PRODUITS_DETAIL":
      return <ProductFleet family={params.codeFamille} />;
    case "PARC_PRODUITS_DETAIL_SAV":
      return <ProductFleet family={params.codeFamille} view="sav" />;
    case "CONSEILLER":
      return <Adviser />;
    case "INTERLOCUTEURS":
      return <Contacts />;
    case "FORMULAIRE_CONTACT":
      return <ContactForm />;
    case "INSCRIPTION":
      return <Registration />;
    case "LOGIN":
      return <Login />;
    case "LOGIN_PANIER":
      return <Login variant="basket" />;
    case "MAINTENANCE":
      return <Maintenance />;
    case "CHOIX_ENTREPRISE":
      return <CompanyChoice />;
    case "CONFIRMATION_INFORMATION":
      return <InfoConfirmation />;
    case "INFOS_PERSONNEL":
      return <PersonalInfo />;
    case "MOT_DE_PASSE_UPDATE":
      return <PasswordUpdate />;
    case "MOT_DE_PASSE_OUBLIE":
      return <ForgotPassword />;
    case "AIDE_CONNEXION":
      return <LoginHelp />;
    default:
      return <ComingSoon name={name} />;
  }
}

/** While a screen's code arrives: its room, so the footer does not jump up and down. */
function ScreenSkeleton() {
  return (
    <div aria-busy="true">
      <span className="skeleton" style={{ minHeight: "24em" }} />
    </div>
  );
}

/** Routes whose screens later releases bring: a clear page, never a blank or broken one. */
function ComingSoon({ name }: { name: RouteName }) {
  const { i18n } = useLingui();
  const brand = useBrand();
  return (
    <section className="pending">
      <PageTitle>{routeTitle(i18n, name, brand)}</PageTitle>
      <p>
        <Trans>This page is not available online yet. Our customer service can help you in the meantime.</Trans>
      </p>
      <RouteLink route="INTERLOCUTEURS">
        <Trans>Contact us</Trans>
      </RouteLink>
    </section>
  );
}

function NotFound() {
  const { t } = useLingui();
  return (
    <section className="pending">
      <PageTitle>{t`Page not found`}</PageTitle>
      <p>
        <Trans>The address may be mistyped, or the page may have moved.</Trans>
      </p>
      <RouteLink route="DASHBOARD">{t`Go to my account`}</RouteLink>
    </section>
  );
}
