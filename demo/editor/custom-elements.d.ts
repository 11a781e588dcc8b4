// The Custom Elements Manifest the build writes to dist/, given to the editor's bundle by its Vite configuration.
declare module "virtual:custom-elements" {
  import type { Package } from "custom-elements-manifest/schema";
  const manifest: Package;
  export default manifest;
}
