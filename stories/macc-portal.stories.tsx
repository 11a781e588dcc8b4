import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { ApiFixture } from "../.storybook/api-stub";
import "../elements/macc-portal";
import type { ServiceRequestTimeline } from "../src/contract/service-request";
import type { Locale } from "../src/contract/constants";
import { loadPaths, pathFor } from "../src/core/paths";
import type { RouteName } from "../src/core/routes";
import {
  FOOTER_PATH,
  footerOk,
  noContent,
  noNetwork,
  ok,
  refreshAs,
  session,
  SUMMARY_PATH,
  summaryOf,
  TRACTOR,
  USER_MULTI,
} from "./fixtures";
import { elementAttributes, forgetSaved, shadowOf, textOf, type MaccPageParameters } from "./helpers";

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

/*
 * SERVICE_REQUESTS with a request's timeline open (`?ref=`): the customer's messages with their
 * photos (thumbnails that open the photo) and video, and the message form's states.
 */
const REFERENCE = "D-2026-7K3M9Q";
const photoOf = (id: string) => ({ id, url: `/api/me/service-requests/${REFERENCE}/photos/${id}`, type: "jpeg" as const, size: 2048 });
const TIMELINE: ServiceRequestTimeline = {
  reference: REFERENCE,
  status: "assigned",
  technician: "Atelier Dupont",
  window: null,
  cancellable: true,
  entries: [
    {
      kind: "status",
      at: "2026-11-27T08:12:00.000Z",
      author: "customer",
      status: "received",
      technician: null,
      window: null,
      message: null,
      photos: [],
      video: null,
    },
    {
      kind: "status",
      at: "2026-11-27T09:00:00.000Z",
      author: "after-sales",
      status: "assigned",
      technician: "Atelier Dupont",
      window: null,
      message: "Nous vous appelons demain matin.",
      photos: [],
      video: null,
    },
    {
      kind: "message",
      at: "2026-11-27T10:30:00.000Z",
      author: "customer",
      status: null,
      technician: null,
      window: null,
      message: "La fuite vient du vérin gauche, voici des photos.",
      photos: [photoOf("5b1d7c2e-8f3a-4b6c-9d0e-1f2a3b4c5d6e"), photoOf("5b1d7c2e-8f3a-4b6c-9d0e-1f2a3b4c5d6f")],
      video: {
        id: "9f1c2f64-3c1e-4d55-9b7a-0e1f2d3c4b5a",
        url: `/api/me/service-requests/${REFERENCE}/videos/9f1c2f64-3c1e-4d55-9b7a-0e1f2d3c4b5a`,
        type: "webm",
        size: 409600,
      },
    },
    {
      kind: "message",
      at: "2026-11-27T10:34:00.000Z",
      author: "customer",
      status: null,
      technician: null,
      window: null,
      message: null,
      photos: [photoOf("5b1d7c2e-8f3a-4b6c-9d0e-1f2a3b4c5d70")],
      video: null,
    },
  ],
};
/** A photo stand-in: a small drawing, served as the API serves a photo. */
const PHOTO = new Blob(
  [
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120"><rect width="160" height="120" fill="#7a5c3a"/><circle cx="80" cy="60" r="30" fill="#c9a063"/></svg>',
  ],
  { type: "image/svg+xml" },
);
/** SERVICE_REQUESTS with `?ref=`: the request's timeline open. */
async function atTimeline(context: { globals: Record<string, unknown> }) {
  const undo = await atRoute("SERVICE_REQUESTS")(context);
  const url = new URL(location.href);
  url.searchParams.set("ref", REFERENCE);
  history.replaceState(history.state, "", url);
  return undo;
}
const timelineRoute: Story = {
  beforeEach: atTimeline,
  parameters: {
    macc: { user: USER_MULTI } satisfies MaccPageParameters,
    api: {
      "POST /auth/refresh": refreshAs(USER_MULTI),
      "GET /me/service-requests": ok({
        requests: [
          {
            reference: REFERENCE,
            createdAt: "2026-11-27T08:12:00.000Z",
            status: "assigned",
            kind: "breakdown",
            urgency: "machine-stopped",
            machine: TRACTOR,
            photoCount: 0,
          },
        ],
      }),
      [`GET /me/service-requests/${REFERENCE}/timeline`]: ok(TIMELINE),
      [`GET /me/service-requests/${REFERENCE}/photos/*`]: new ApiFixture({
        body: PHOTO,
        headers: { "Content-Type": "image/svg+xml" },
        delayMs: 300,
      }),
    },
  },
};

/** A request's timeline: the customer's messages with their photos' thumbnails (each opens the photo) and a video to play. */
export const ServiceRequestTimelineWithPhotos: Story = {
  ...timelineRoute,
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, "macc-portal", ".service-requests__media a img", 10_000);
    await expect(root.querySelectorAll(".service-requests__media a")).toHaveLength(3);
  },
};

/** The message form sent empty: the error summary says to write or add a photo or a video. */
export const ServiceRequestMessageEmpty: Story = {
  ...timelineRoute,
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, "macc-portal", ".service-requests__write", 10_000);
    root.querySelector<HTMLButtonElement>('.service-requests__write button[type="submit"]')!.click();
    await expect(await textOf(root, ".error-summary")).toBeTruthy();
  },
};

/** No network: the message waits on this device (a status, not an error), sent once back online. */
export const ServiceRequestMessageSavedOffline: Story = {
  ...timelineRoute,
  parameters: {
    ...timelineRoute.parameters,
    api: { ...timelineRoute.parameters!.api, [`POST /me/service-requests/${REFERENCE}/messages`]: noNetwork() },
  },
  beforeEach: async (context) => {
    await forgetSaved("service-request-message")();
    return atTimeline(context);
  },
  play: async ({ canvasElement }) => {
    const root = await shadowOf(canvasElement, "macc-portal", ".service-requests__write textarea", 10_000);
    const textarea = root.querySelector<HTMLTextAreaElement>(".service-requests__write textarea")!;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(textarea, "Le hangar est ouvert.");
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    root.querySelector<HTMLButtonElement>('.service-requests__write button[type="submit"]')!.click();
    await textOf(root, ".service-requests__write .saved-offline");
  },
};
