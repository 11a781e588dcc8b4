/**
 * The browser, system and form of a device, read from its User-Agent header for the devices list
 * and the sign-in alerts: a small table, first match wins (order matters: Edge and Opera also say
 * "Chrome", Chrome also says "Safari"). No version beyond the major one: a list, not fingerprinting.
 */

export interface DeviceName {
  browser: string;
  system: string;
  form: "phone" | "tablet" | "computer";
}

/** [name, pattern whose first group is the major version, if any]. */
const BROWSERS: readonly (readonly [string, RegExp])[] = [
  ["Edge", /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /\b(?:OPR|Opera)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];

/** [name, pattern whose first group is a version, if any (underscores read as dots)]. */
const SYSTEMS: readonly (readonly [string, RegExp])[] = [
  ["iPadOS", /\biPad\b.*? OS (\d+)/],
  ["iOS", /\b(?:iPhone|iPod)\b.*? OS (\d+)/],
  ["Android", /\bAndroid (\d+)/],
  ["ChromeOS", /\bCrOS\b/],
  ["Windows", /\bWindows NT (?:10|11)\.\d/],
  ["Windows", /\bWindows\b/],
  ["macOS", /\bMac OS X\b/],
  ["Linux", /\bLinux\b/],
];

function first(table: readonly (readonly [string, RegExp])[], ua: string): string {
  for (const [name, pattern] of table) {
    const match = pattern.exec(ua);
    if (match) return match[1] ? `${name} ${match[1]}` : name;
  }
  return "";
}

/** What the user agent says (empty strings when it says nothing we know). */
export function parseUserAgent(ua: string | null | undefined): DeviceName {
  const text = (ua ?? "").slice(0, 500);
  const system = first(SYSTEMS, text);
  const tablet = /\biPad\b|\bTablet\b/.test(text) || (/\bAndroid\b/.test(text) && !/\bMobile\b/.test(text));
  const phone = !tablet && /\b(?:Mobile|iPhone|iPod)\b/.test(text);
  return { browser: first(BROWSERS, text), system, form: tablet ? "tablet" : phone ? "phone" : "computer" };
}
