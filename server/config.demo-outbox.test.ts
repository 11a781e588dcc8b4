import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

describe("the demo outbox (codes and reset links readable at /demo/outbox)", () => {
  it.each<[string, Record<string, string>, boolean]>([
    ["off by default, whatever NODE_ENV says", {}, false],
    ["off for an unmarked server", { NODE_ENV: "development" }, false],
    ["on when asked for", { DEMO_OUTBOX: "1" }, true],
    ["never in production, even when asked for", { DEMO_OUTBOX: "1", NODE_ENV: "production" }, false],
  ])("%s", (_label, env, expected) => {
    expect(loadConfig(env).demoOutbox).toBe(expected);
  });
});
