import { describe, expect, it } from "vitest";
import { parseUserAgent } from "./user-agent.ts";

const CASES: [string, string, string, "phone" | "tablet" | "computer"][] = [
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
    "Chrome 124",
    "Windows",
    "computer",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51",
    "Edge 124",
    "Windows",
    "computer",
  ],
  ["Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0", "Firefox 126", "Linux", "computer"],
  [
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15",
    "Safari 17",
    "macOS",
    "computer",
  ],
  [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "Safari 17",
    "iOS 17",
    "phone",
  ],
  [
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1",
    "Chrome 120",
    "iPadOS 16",
    "tablet",
  ],
  [
    "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
    "Samsung Internet 24",
    "Android 14",
    "phone",
  ],
  [
    "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36",
    "Chrome 122",
    "Android 13",
    "tablet",
  ],
  [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 OPR/109.0.0.0",
    "Opera 109",
    "Windows",
    "computer",
  ],
  [
    "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36",
    "Chrome 125",
    "ChromeOS",
    "computer",
  ],
  [
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
    "Chrome 131",
    "Linux",
    "computer",
  ],
  ["curl/8.5.0", "", "", "computer"],
  ["", "", "", "computer"],
];

describe("parseUserAgent", () => {
  it.each(CASES)("%s", (ua, browser, system, form) => {
    expect(parseUserAgent(ua)).toEqual({ browser, system, form });
  });

  it("reads nothing from no header", () => {
    expect(parseUserAgent(null)).toEqual({ browser: "", system: "", form: "computer" });
  });
});
