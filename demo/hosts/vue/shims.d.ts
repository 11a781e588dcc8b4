// Single-file components, for the type check of main.ts (the build compiles them).
declare module "*.vue" {
  import type { DefineComponent } from "vue";
  const component: DefineComponent;
  export default component;
}
