import type { Meta, StoryObj } from "@storybook/react-vite";
import "../elements/macc-portal";
import type { Locale } from "../src/contract/constants";
import { loadPaths, pathFor } from "../src/core/paths";
import type { RouteName } from "../src/core/routes";
import { FOOTER_PATH, footerOk, noContent, ok, refreshAs, session, SUMMARY_PATH, summaryOf, USER_MULTI } from "./fixtures";
import { elementAttributes, type MaccPageParameters } from "./helpers";

/**
 * The portal routes on `location.pathname` below its `base`. In Storybook the base is the
 * preview iframe's own path, and each story puts the iframe's address on its route (the address
 * is put back when the story is left; in `npm run storybook` a reload of such an address is
 * redirected to the iframe, see .storybook/vite.config.ts).
 */
const iframeBase = () => location.pathname.replace(/(\/iframe\.html).*$/, "$1");

function atRoute(route: RouteName) {
  return async ({ globals }: { globals: Record<string, unknown> }) => {
    const base = iframeBase();
    const locale = elementAttributes(globals).locale as Locale;
    await loadPaths(locale); // route addresses load per language
    history.replaceState(history.state, "", base + pathFor(route, locale) + location.search + location.hash);
    return () => history.replaceState(history.state, "", iframeBase() + location.search + location.hash);
  };
}

/** `<macc-portal>`: the whole extranet (header, current route, footer) behind the route guards. */
const meta = {
  title: "Elements/macc-portal",
  render: (_args, { globals }) => <macc-portal {...elementAttributes(globals)} base={iframeBase()} />,
  parameters: {
    api: {
      [FOOTER_PATH]: footerOk(),
      "POST /auth/login": ok(session(USER_MULTI), 600),
      "POST /auth/logout": noContent(),
      // The dashboard a login (or a logged-in visit) leads to; its code and texts load with the route.
      [SUMMARY_PATH]: ok(summaryOf(), 400),
    },
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** LOGIN route for a visitor; logging in (any credentials) moves on to the dashboard route. */
export const LoginRoute: Story = {
  beforeEach: atRoute("LOGIN"),
};

/** LOGIN route while logged in: the guard sends the customer on to the dashboard. */
export const LoginRouteWhenLoggedIn: Story = {
  beforeEach: atRoute("LOGIN"),
  parameters: {
    macc: { user: USER_MULTI } satisfies MaccPageParameters,
    // The page's session restore: without it the stored login is dropped and the login route stays.
    api: { "POST /auth/refresh": refreshAs(USER_MULTI) },
  },
};

export const UnderMaintenance: Story = {
  beforeEach: atRoute("LOGIN"),
  parameters: { macc: { maintenance: true } satisfies MaccPageParameters },
};
