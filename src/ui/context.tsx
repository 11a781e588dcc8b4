import type { I18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useStore } from "zustand";
import type { RequestOptions } from "../core/api";
import { DEFAULT_LOCALE, type Locale, type Theme } from "../contract/constants";
import { adoptApiBase } from "../core/config";
import { effectiveTheme, getCore, themeOf, type Core } from "../core/index";
import { loadI18n, peekI18n, type Catalog } from "../core/i18n";
import { isLocale } from "../core/locale";
import { pathFor, sitePath } from "../core/paths";
import type { SitePage } from "../core/site";
import type { RouteName, RouteParams } from "../core/routes";
import type { MaccState } from "../core/store";
import { parseThemeAttribute, themeName } from "../core/theme";
import { emitFrom, type MaccEventDetails, type MaccEventName } from "../core/events";
import { MaintenanceNotice } from "./MaintenanceNotice";
import { releaseReservedSpace } from "./sheets";

export interface Navigation {
  /** The href of a route, for real links that work with a middle click. */
  href(route: RouteName, params?: RouteParams): string;
  /** `search` ("?ref=…"): the query string the route's screen reads (SERVICE_REQUESTS: the timeline to open). */
  go(route: RouteName, params?: RouteParams, options?: { replace?: boolean; search?: string }): void;
  /** The portal's current query string (without "?") and how to change it; absent in standalone elements. */
  query?: AddressQuery;
}

export interface AddressQuery {
  search: string;
  set(search: string, options: { replace: boolean }): void;
}

export interface ElementContextValue {
  core: Core;
  locale: Locale;
  theme: Theme;
  host: HTMLElement | null;
  /** Dispatches a public event from this element (state events come from the core: `emitStateEvents`). */
  emit<N extends MaccEventName>(name: N, detail: MaccEventDetails[N], cancelable?: boolean): boolean;
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

const ElementContext = createContext<ElementContextValue | null>(null);
const NavigationContext = createContext<Navigation | null>(null);

export function useElement(): ElementContextValue {
  const value = useContext(ElementContext);
  if (!value) throw new Error("useElement outside of an element root");
  return value;
}

/** Addresses of the country site's own pages in the element's language, under the page's `data-site-base`. */
export function useSitePath(): (page: SitePage | "home") => string {
  const { core, locale } = useElement();
  const base = core.config.siteBase;
  return (page) => (page === "home" ? `${base}/` : sitePath(page, locale, base));
}

/** Thin selector hook over the page's one store (zustand docs: select, don't read it all). */
export function useMacc<T>(selector: (state: MaccState) => T): T {
  return useStore(getCore().store, selector);
}

/**
 * Default navigation of a standalone element: a cancelable `macc-navigate` event, then a
 * page load of the portal path. Inside `<macc-portal>` the portal provides its own router.
 */
export function useNavigation(): Navigation {
  const portal = useContext(NavigationContext);
  const { core, locale, emit } = useElement();
  return useMemo(
    () =>
      portal ?? {
        href: (route, params) => core.config.portalBase + pathFor(route, locale, params),
        go(route, params, options) {
          const path = core.config.portalBase + pathFor(route, locale, params) + (options?.search ?? "");
          if (!emit("macc-navigate", { route, params: params ?? {}, path }, true)) return;
          if (options?.replace) location.replace(path);
          else location.assign(path);
        },
      },
    [portal, core, locale, emit],
  );
}

export const NavigationProvider = NavigationContext.Provider;

export interface RootProps {
  container?: ShadowRoot | HTMLElement;
  locale?: string;
  theme?: string;
  apiBase?: string;
  /** The message catalogs of the areas the element shows. */
  catalogs?: readonly Catalog[];
  /** Shown instead of the element when its texts cannot be downloaded (they are what it would speak with). */
  textsFailed?: (error: unknown) => ReactNode;
  children: ReactNode;
}

/**
 * The element's Lingui instance. While another locale's catalogs load, the previous language
 * stays on screen: the tree is not swapped for a skeleton, so nothing the user typed is lost.
 */
function useShownLocale(
  wanted: Locale,
  catalogs: readonly Catalog[],
  onFailure?: (error: unknown) => void,
): { i18n: I18n; locale: Locale } | undefined {
  const [, setLoaded] = useState(0);
  const shown = useRef<{ i18n: I18n; locale: Locale } | undefined>(undefined);
  const ready = peekI18n(wanted, catalogs);
  useEffect(() => {
    // Drawing the content its texts allow is a transition, in slices that leave the page responsive.
    if (!ready) void loadI18n(wanted, catalogs).then(() => startTransition(() => setLoaded((n) => n + 1)), onFailure);
  }, [ready, wanted, catalogs, onFailure]);
  if (ready) shown.current = { i18n: ready, locale: wanted };
  return shown.current;
}

const NO_CATALOGS: readonly Catalog[] = [];

/**
 * Part of an element whose texts come later than the element's own (a portal screen loaded with
 * its route): shown once its catalogs are here, in the element's language; when the language
 * changes, the previous one stays until they are. A catalog that cannot be downloaded is thrown
 * to the nearest error boundary, like the screen's code would be.
 */
export function WithCatalogs({ catalogs, fallback, children }: { catalogs: readonly Catalog[]; fallback: ReactNode; children: ReactNode }) {
  const { locale } = useElement();
  const [failure, setFailure] = useState<unknown>(null);
  const shown = useShownLocale(locale, catalogs, setFailure);
  if (failure) throw failure;
  return shown ? <I18nProvider i18n={shown.i18n}>{children}</I18nProvider> : fallback;
}

/** An element's language: its `locale` attribute when that names one, else the page's. */
export function elementLocale(attribute: string | null | undefined, pageLocale: Locale | null | undefined): Locale {
  return isLocale(attribute) ? attribute : (pageLocale ?? DEFAULT_LOCALE);
}

/** An element's theme: its `theme` attribute when that names one, else the page's (account, brand site, page default). */
export function elementTheme(attribute: string | null | undefined, core: Core): Theme {
  return effectiveTheme(parseThemeAttribute(attribute), core.store, core.config);
}

/** Every element renders inside this: locale, theme, i18n, events, maintenance screen. */
export function MaccRoot({
  container,
  locale: localeAttr,
  theme: themeAttr,
  apiBase,
  catalogs = NO_CATALOGS,
  textsFailed,
  children,
}: RootProps) {
  const core = getCore();
  const pageLocale = useMacc((s) => s.app.locale);
  useMacc((s) => themeOf(s, core.config));
  const maintenance = useMacc((s) => s.maintenance);
  const wantedLocale = elementLocale(localeAttr, pageLocale);
  const theme = elementTheme(themeAttr, core);
  const host = container && "host" in container ? (container.host as HTMLElement) : null;
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const shown = useShownLocale(
    wantedLocale,
    catalogs,
    useCallback((error: unknown) => setFailure({ error }), []),
  );
  const locale = shown?.locale ?? wantedLocale;
  const i18n = shown?.i18n;

  const elementBase = apiBase?.trim().replace(/\/+$/, "") || undefined;
  // Before the element's first requests (they start in effects), never during render.
  useLayoutEffect(() => {
    if (elementBase) adoptApiBase(core.config, elementBase);
  }, [core, elementBase]);

  const value = useMemo<ElementContextValue>(
    () => ({
      core,
      locale,
      theme,
      host,
      emit: (name, detail, cancelable) => (host ? emitFrom(host, name, detail, cancelable) : true),
      request: (path, options) => core.api.request(path, { baseUrl: elementBase, ...options }),
    }),
    [core, locale, theme, host, elementBase],
  );

  // The element's language is stated on its host, for what reads the page around it; the
  // portal, being the page, also sets the document's.
  useLayoutEffect(() => {
    if (host && i18n) host.lang = locale;
  }, [host, locale, i18n]);

  // In the same frame as the content, so the host page sees one change of height at most.
  useLayoutEffect(() => {
    if (i18n && container instanceof ShadowRoot) releaseReservedSpace(container);
  }, [i18n, container]);

  if (!i18n && failure && textsFailed) return textsFailed(failure.error);
  if (!i18n) {
    return (
      <div className="macc-root" data-theme={themeName(theme)} aria-busy="true">
        <span className="skeleton reserve" />
      </div>
    );
  }
  return (
    <I18nProvider i18n={i18n}>
      <ElementContext.Provider value={value}>
        <div className="macc-root" data-theme={themeName(theme)} lang={locale} part="root">
          {maintenance ? <MaintenanceNotice /> : children}
        </div>
      </ElementContext.Provider>
    </I18nProvider>
  );
}
