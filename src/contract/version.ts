// Written by scripts/write-version.mjs from package.json (npm version): edit the version there.
export const APP_VERSION = "1.5.0";
