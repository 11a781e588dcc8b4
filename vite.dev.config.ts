import { spawn } from "node:child_process";
import { defineConfig, type Plugin } from "vite";
import { hostPageCss } from "./src/ui/reserve.ts";
import { sharedPlugins } from "./vite.config";

const API_PORT = Number(process.env.API_PORT ?? 4173);

/**
 * `npm run dev`: the demo pages with hot reload. The element files are served from source under
 * the same addresses the build uses (/static/js/macc-*.js), and the reference API runs beside.
 */
function demoServer(): Plugin {
  return {
    name: "macc-demo-server",
    configureServer(server) {
      const api = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        env: { ...process.env, PORT: String(API_PORT), DEMO_OUTBOX: "1", DEMO_DATA: "1" },
        stdio: "inherit",
      });
      server.httpServer?.on("close", () => api.kill());
      process.once("exit", () => api.kill());

      server.middlewares.use((req, res, next) => {
        const url = req.url ?? "/";
        if (url.split("?")[0] === "/static/css/macc-elements.css") {
          res.setHeader("Content-Type", "text/css; charset=utf-8");
          res.end(hostPageCss());
          return;
        }
        const element = /^\/static\/js\/(macc-[a-z-]+)\.js(\?.*)?$/.exec(url);
        if (element) req.url = `/elements/${element[1]}.ts${element[2] ?? ""}`;
        else if (url === "/") req.url = "/demo/index.html";
        else if (/^\/[\w-]+\.(html|css|svg)(\?.*)?$/.test(url)) req.url = `/demo${url}`;
        else if (/^\/portail(\/|$)/.test(url)) req.url = "/demo/portail.html";
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [...sharedPlugins(), demoServer()],
  // Found up front, so the first page view is not reloaded by a late dependency scan.
  optimizeDeps: {
    entries: ["elements/macc-*.ts"],
    include: [
      "react",
      "react-dom/client",
      "react/jsx-runtime",
      "@r2wc/react-to-web-component",
      "@lingui/core",
      "@lingui/react",
      "zustand",
      "zustand/vanilla",
      "valibot",
    ],
  },
  server: {
    host: "127.0.0.1",
    port: Number(process.env.PORT ?? 5173),
    proxy: { "/api": `http://127.0.0.1:${API_PORT}` },
  },
});
