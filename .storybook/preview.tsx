import type { Preview } from "@storybook/react-vite";
import { action } from "storybook/actions";
import { LOCALES, STORAGE_KEY, type Locale } from "../src/contract/constants";
import { getCore } from "../src/core/index";
import type { User } from "../src/core/types";
import { LOCALE_LABELS } from "../src/core/locale-labels";
import { ElementDocs } from "./ElementDocs";
import { ApiFixture, installFetchStub, onApiRequest, setApiFixtures, setFallbackFixtures, type ApiFixtures } from "./api-stub";

/** Page state a story needs before its element renders (the store is one per page). */
export interface MaccPageParameters {
  /** Logged-in account (`connectUser`), or null for a visitor (`disconnect`). */
  user?: User | null;
  /** Every element shows the maintenance screen (`setMaintenance`). */
  maintenance?: boolean;
  /** The end the server announced for it (ISO 8601). */
  maintenanceEnd?: string;
  /** Product ids in the basket (header count). */
  panier?: string[];
}

// A previous story's persisted login (or a reload on a logged-in story) must not start a
// session refresh that would race the next story's own state: start every page as a visitor.
try {
  localStorage.removeItem(STORAGE_KEY);
  clearFooterCache();
} catch {
  // storage blocked: nothing persisted either
}

installFetchStub();
// Requests a story does not list itself: what the reference API answers without a session.
setFallbackFixtures({
  "POST /auth/refresh": new ApiFixture({ status: 401, body: { status: 401, title: "Unauthorized", detail: "No session." } }),
  "POST /auth/logout": new ApiFixture({ status: 204, delayMs: 200 }),
});
const logApi = action("api");
onApiRequest((entry) => logApi(`${entry.method} ${entry.path} → ${entry.status}`, entry));

// The suite's public events go to the Actions panel. A standalone element navigates with a full
// page load of the portal path, which has no page in Storybook: cancel it (the portal's own
// in-page router is left alone).
for (const name of ["macc-login", "macc-logout", "macc-company-change", "macc-basket-change", "macc-navigate", "macc-load-error"]) {
  const log = action(name);
  document.addEventListener(name, (event) => {
    const target = event.target as Element | null;
    log((event as CustomEvent).detail, target?.localName);
    if (name === "macc-navigate" && target?.localName !== "macc-portal") event.preventDefault();
  });
}

/** The footer caches its contact block per network: a story must show its own fixture. */
function clearFooterCache(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith("macc:footer:")) localStorage.removeItem(key);
}

const preview: Preview = {
  // A docs page per element, from the manifest (ElementDocs.tsx).
  tags: ["autodocs"],
  globalTypes: {
    locale: {
      description: "locale attribute of the elements",
      toolbar: {
        title: "Locale",
        icon: "globe",
        items: LOCALES.map((value) => ({ value, title: value, right: LOCALE_LABELS[value] })),
        dynamicTitle: true,
      },
    },
    theme: {
      description: "theme attribute of the elements",
      toolbar: {
        title: "Theme",
        icon: "paintbrush",
        items: [
          { value: "MACC", title: "MACC" },
          { value: "AGRI", title: "AGRI" },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: "fr-FR", theme: "MACC" },

  parameters: {
    layout: "fullscreen",
    controls: { disable: true },
    docs: { page: ElementDocs },
    // Every story lists its own requests in `parameters.api` (see stories/fixtures.ts).
    api: {} satisfies ApiFixtures,
    macc: { user: null, maintenance: false, panier: [] } satisfies MaccPageParameters,
  },

  /** Runs before each render (also after a toolbar change): fixtures and the page store. */
  beforeEach({ parameters, globals }) {
    setApiFixtures(parameters.api as ApiFixtures | undefined);
    try {
      clearFooterCache();
    } catch {
      // storage blocked
    }
    const page = (parameters.macc ?? {}) as MaccPageParameters;
    const { store, toasts } = getCore();
    const state = store.getState();
    for (const toast of toasts.getState().toasts) toasts.getState().dismiss(toast.id);
    state.setMaintenance(page.maintenance ?? false, page.maintenanceEnd);
    if (page.user) state.connectUser(page.user);
    else state.disconnect();
    state.clearPanier();
    if (page.panier?.length) state.updatePanier(page.panier);
    // The page locale (toasts, X-langue header) follows the toolbar like the elements do.
    if ((LOCALES as readonly string[]).includes(globals.locale)) state.setLocale(globals.locale as Locale);
  },
};

export default preview;
