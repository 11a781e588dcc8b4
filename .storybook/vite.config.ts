/**
 * Storybook's own Vite config: the suite's shared plugins (React, the Lingui macro, the `.po`
 * catalog loader) and nothing of the library build of the root vite.config.ts (build.lib, the
 * production `process.env.NODE_ENV` define, output names).
 */
import { defineConfig, type Plugin } from "vite";
import { buildManifest } from "../scripts/manifest.ts";
import { sharedPlugins } from "../vite.config.ts";

/**
 * The portal stories put the preview iframe on a portal address (`/iframe.html/mon-compte/…`):
 * when the preview reloads there (a full reload after an edit), send it back to the iframe page.
 */
function portalAddressReload(): Plugin {
  return {
    name: "macc:storybook-portal-address-reload",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = req.url?.match(/^(.*\/iframe\.html)\/[^?]*(\?.*)?$/);
        if (!match) return next();
        res.statusCode = 302;
        res.setHeader("Location", match[1]! + (match[2] ?? ""));
        res.end();
      });
    },
  };
}

/** `virtual:macc-manifest`: the Custom Elements Manifest the build ships, for the docs pages. */
function manifestModule(): Plugin {
  const id = "virtual:macc-manifest";
  return {
    name: "macc:storybook-manifest",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (loaded) => (loaded === `\0${id}` ? `export default ${JSON.stringify(buildManifest())};` : undefined),
  };
}

export default defineConfig({
  plugins: [...sharedPlugins(), portalAddressReload(), manifestModule()],
});
