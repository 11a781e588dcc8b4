import { resolve } from "node:path";
import type { StorybookConfig } from "@storybook/react-vite";

const config: StorybookConfig = {
  stories: ["../stories/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-docs"],
  framework: {
    name: "@storybook/react-vite",
    // A dedicated Vite config: sharedPlugins() without the library-mode build of vite.config.ts.
    options: { builder: { viteConfigPath: resolve(import.meta.dirname, "vite.config.ts") } },
  },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  features: { sidebarOnboardingChecklist: false },
  typescript: { reactDocgen: "react-docgen" },
  async viteFinal(config) {
    // Belt and braces: whatever the loaded config says, Storybook builds an app, not a library.
    if (config.build) delete config.build.lib;
    // Storybook's own manager/preview runtime is one large chunk; that is expected here.
    config.build = { ...config.build, chunkSizeWarningLimit: 2000 };
    return config;
  },
};

export default config;
