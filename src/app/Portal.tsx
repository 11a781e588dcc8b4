import { useLingui } from "@lingui/react/macro";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { loadAllPaths } from "../core/paths";
import { NavigationProvider, useElement, useMacc } from "../ui/context";
import { HeadingReport } from "../ui/PageTitle";
import { useBrand } from "../ui/useBrand";
import { Footer } from "../areas/footer/Footer";
import { Header } from "../areas/header/Header";
import { NotFound, ScreenSkeleton } from "./placeholders";
import { routeTitle, SCREENS } from "./screens";
import { ScreenBoundary } from "./ScreenBoundary";
import { portalBaseOf, useRouter } from "./use-router";
import { isLogged, selectCompany } from "../core/store";

export interface PortalProps {
  /** Path prefix of the portal on this page; the loader's data-portal-base otherwise. */
  base?: string;
}

/**
 * `<macc-portal>`: the whole extranet, every route of SPEC §2 behind its guards. A link shared from
 * another country's site still finds its page: the other languages' addresses load for it.
 */
export function Portal({ base }: PortalProps) {
  const { t, i18n } = useLingui();
  const { core, locale, emit } = useElement();
  const brand = useBrand();
  const logged = useMacc(isLogged);
  const company = useMacc(selectCompany);
  const derniereMiseAJour = company?.derniereMiseAJour;
  const role = company?.role;
  const keepRedirection = useCallback((path: string) => core.store.getState().addRedirection(path), [core]);
  const {
    route,
    notFound: matchedNothing,
    navigation,
  } = useRouter({
    base: portalBaseOf(base, core.config.portalBase),
    locale,
    logged,
    derniereMiseAJour,
    role,
    emit,
    keepRedirection,
  });

  useEffect(() => {
    core.portalGuards = true;
    return () => void (core.portalGuards = false);
  }, [core]);

  // The page's language's addresses came with its texts; the others load only for an address
  // that is not one of them (a link shared from another country's site), before "not found".
  const [otherLanguages, setOtherLanguages] = useState<"not loaded" | "loading" | "loaded">("not loaded");
  useEffect(() => {
    if (!matchedNothing || otherLanguages !== "not loaded") return;
    setOtherLanguages("loading");
    const done = () => setOtherLanguages("loaded");
    void loadAllPaths().then(done, done);
  }, [matchedNothing, otherLanguages]);
  const notFound = matchedNothing && otherLanguages === "loaded";

  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  const View = route ? SCREENS[route.name].View : null;
  View?.preload?.(locale);
  const page = route ? `${route.name}:${route.params.codeFamille ?? ""}` : notFound ? "not-found" : "";
  // The screen's own heading once drawn (a step of it may have its own), its route's title until then.
  const [heading, setHeading] = useState<{ page: string; text: string } | null>(null);
  /** A new screen's heading takes focus once drawn: a screen's code may arrive after the change. */
  const headingTakesFocus = useRef(false);
  const reportHeading = useCallback(
    (element: HTMLHeadingElement) => {
      const text = element.textContent?.trim() ?? "";
      if (text) setHeading((known) => (known?.page === page && known.text === text ? known : { page, text }));
      if (headingTakesFocus.current) {
        headingTakesFocus.current = false;
        focusHeading(element, main.current);
      }
    },
    [page],
  );
  const titleOfRoute = route ? routeTitle(i18n, route.name, brand, company) : notFound ? t`Page not found` : "";
  const title = heading?.page === page ? heading.text : titleOfRoute;
  useEffect(() => {
    if (title) document.title = `${title} — ${brand}`;
  }, [title, brand]);
  useEffect(() => {
    if (!page) return;
    // After an in-page navigation, move focus to the new page so it is announced (not on first
    // load, and not on a change of language: the language selector keeps it).
    if (first.current) first.current = false;
    else {
      // The new page starts at its top, header in view, as a page load would: focus moves without
      // scrolling (focusing <main> scrolled the header away), and a page left scrolled down goes up.
      main.current?.focus({ preventScroll: true });
      // Then on its heading, as GOV.UK does: a ring around the whole region told nothing.
      const drawn = main.current?.querySelector("h1");
      if (drawn) focusHeading(drawn, main.current);
      else headingTakesFocus.current = true;
      const root = main.current?.getRootNode();
      const portal = root instanceof ShadowRoot ? root.host : null;
      if (portal && portal.getBoundingClientRect().top < 0) portal.scrollIntoView({ block: "start" });
    }
  }, [page]);
  // The portal is the page: its language is the document's.
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <NavigationProvider value={navigation}>
      <Header />
      <main ref={main} id="main" tabIndex={-1} className="container" aria-label={title || undefined}>
        <HeadingReport.Provider value={reportHeading}>
          {route && View && (
            <ScreenBoundary key={page}>
              <Suspense fallback={<ScreenSkeleton />}>
                <View route={route} title={titleOfRoute} />
              </Suspense>
            </ScreenBoundary>
          )}
          {!route && !notFound && <ScreenSkeleton />}
          {notFound && <NotFound />}
        </HeadingReport.Provider>
      </main>
      <Footer />
    </NavigationProvider>
  );
}

/** Focuses a screen's heading, unless focus has left <main> meanwhile (the customer moved on). */
function focusHeading(heading: HTMLHeadingElement, main: HTMLElement | null) {
  const root = heading.getRootNode() as Document | ShadowRoot;
  if (root.activeElement !== main) return;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}
