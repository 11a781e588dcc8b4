import { resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { TAGS } from "../core/tags";
import { SCREENS, type LazyRouteView } from "./screens";

/*
 * An area's element and its portal screen load the same texts and styles: both take them from the
 * area's one declaration, `src/areas/<area>/area.ts`. Which one is named twice, by each element file
 * and by each lazy screen; elements/tags.test.ts checks the elements, this file the screens.
 */

const SRC = resolve(import.meta.dirname, "..");
const importFrom = (path: string) => import(/* @vite-ignore */ resolve(SRC, path)) as Promise<Record<string, unknown>>;

/**
 * Each tag's component and the folder (`areas/basket`) it is in. Importing every area takes seconds
 * on a busy machine: done once, in a hook with room for it, not in the first case's 5 s.
 */
let folders: Map<unknown, string>;
beforeAll(async () => {
  const entries = await Promise.all(
    TAGS.map(async ({ module }) => {
      const Component = (await importFrom(`${module}.tsx`))[module.split("/").at(-1)!];
      return [Component, module.split("/").slice(0, -1).join("/")] as const;
    }),
  );
  folders = new Map(entries);
}, 60_000);

/** Screens of the portal only, whose component no element shows, and the area they belong to. */
const PORTAL_ONLY: Readonly<Record<string, string>> = {
  CHANGEMENT_EMAIL: "areas/personal-info",
  SERVICE_REQUESTS: "areas/service-request",
  INVITATION: "areas/team",
  NOTIFICATIONS: "areas/notifications",
};

const lazyScreens = Object.entries(SCREENS).flatMap(([route, { View }]) =>
  "loads" in View ? [[route, (View as LazyRouteView).loads] as const] : [],
);

describe("each lazy screen loads its component's area, the one its element adopts", () => {
  it("covers every screen that loads with its route (the AGRIMACC landing has no element)", () => {
    expect(lazyScreens.length).toBe(Object.keys(SCREENS).length - ["LOGIN", "LOGIN_PANIER", "MAINTENANCE", "AGRIMACC"].length);
  });

  it.each(lazyScreens)("%s", async (route, loads) => {
    const folder = PORTAL_ONLY[route] ?? folders.get(await loads.code());
    expect(folder, `${route}: its component is no element's`).toBeDefined();
    const { area } = await importFrom(`${folder}/area.ts`);
    expect(await loads.area(), `${route}: src/${folder}/area.ts`).toBe(area);
  });
});
