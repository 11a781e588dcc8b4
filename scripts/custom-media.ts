import type { Plugin } from "vite";
import { BREAKPOINTS, customMediaName, mediaQuery, type Breakpoint } from "../src/core/media.ts";

/** `--header-collapses` → `(max-width: 48rem)`, for every breakpoint of src/core/media.ts. */
export const CUSTOM_MEDIA: ReadonlyMap<string, string> = new Map(
  (Object.keys(BREAKPOINTS) as Breakpoint[]).map((breakpoint) => [customMediaName(breakpoint), mediaQuery(breakpoint)]),
);

/**
 * A style sheet with its custom media (`@media (--columns-stack)`, `@media not (--header-collapses)`)
 * replaced by the queries src/core/media.ts declares. An unknown name is an error, never a query that
 * silently matches nothing.
 */
export function resolveCustomMedia(css: string, file = "a style sheet"): string {
  return css.replace(/@media\b[^{;]*/g, (prelude) =>
    prelude.replace(/\((--[a-z0-9-]+)\)/g, (_, name: string) => {
      const query = CUSTOM_MEDIA.get(name);
      if (!query) throw new Error(`${file}: unknown custom media ${name} (known: ${[...CUSTOM_MEDIA.keys()].join(", ")})`);
      return query;
    }),
  );
}

/**
 * The breakpoints in the style sheets, declared once (src/core/media.ts) and resolved before any
 * other CSS processing: in the build, the dev server, Storybook and Vitest (all take sharedPlugins()).
 */
export function customMedia(): Plugin {
  return {
    name: "macc:custom-media",
    enforce: "pre",
    transform(code, id) {
      if (!/\.css(\?|$)/.test(id) || !code.includes("(--")) return undefined;
      return { code: resolveCustomMedia(code, id.replace(/\?.*$/, "")), map: null };
    },
  };
}
