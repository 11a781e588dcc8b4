/**
 * `npm version <new>` runs this (package.json's "version" script): writes package.json's version
 * into src/contract/version.ts, the module the footer and the API document read. A plain module, so the
 * browser bundle carries the one string and every runtime (Vite, tsx, Playwright) imports it alike;
 * src/contract/constants.test.ts fails if the two ever differ.
 */
import { readFileSync, writeFileSync } from "node:fs";

const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
writeFileSync(
  new URL("../src/contract/version.ts", import.meta.url),
  `// Written by scripts/write-version.mjs from package.json (npm version): edit the version there.\nexport const APP_VERSION = ${JSON.stringify(version)};\n`,
);
