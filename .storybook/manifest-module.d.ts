/** The Custom Elements Manifest the build ships, provided to Storybook by .storybook/vite.config.ts. */
declare module "virtual:macc-manifest" {
  import type { Package } from "custom-elements-manifest/schema";
  const manifest: Package;
  export default manifest;
}
