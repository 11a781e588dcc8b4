import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../test/memory-storage";
import { ACTIVITY_KEY, watchIdle } from "./idle";

const MIN = 60_000;

function setup() {
  const target = new EventTarget() as unknown as Window;
  const storage = new MemoryStorage();
  const calls: string[] = [];
  const watch = watchIdle({
    timeoutMs: 30 * MIN,
    warnMs: 2 * MIN,
    target,
    storage,
    checkEveryMs: 1_000,
    onWarn: (endsAt) => calls.push(`warn@${endsAt - Date.now()}`),
    onActive: () => calls.push("active"),
    onTimeout: () => calls.push("timeout"),
  });
  return { target, storage, calls, watch };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("idle session watch", () => {
  it.each([
    ["27 min idle: nothing yet", 27 * MIN, []],
    ["28 min idle: warned, two minutes before the end", 28 * MIN, [`warn@${2 * MIN}`]],
    ["30 min idle: warned once, then ended", 30 * MIN, [`warn@${2 * MIN}`, "timeout"]],
  ])("%s", (_label, idle, expected) => {
    const { calls, watch } = setup();
    vi.advanceTimersByTime(idle);
    expect(calls).toEqual(expected);
    watch.stop();
  });

  it("activity during the warning cancels it and restarts the clock", () => {
    const { target, calls, watch } = setup();
    vi.advanceTimersByTime(29 * MIN);
    target.dispatchEvent(new Event("keydown"));
    expect(calls.at(-1)).toBe("active");
    vi.advanceTimersByTime(27 * MIN);
    expect(calls.filter((c) => c === "timeout")).toHaveLength(0);
    watch.stop();
  });

  it("activity in another tab counts, and this tab's activity is shared", () => {
    const { target, storage, calls, watch } = setup();
    vi.advanceTimersByTime(20 * MIN);
    target.dispatchEvent(Object.assign(new Event("storage"), { key: ACTIVITY_KEY, newValue: String(Date.now()) }));
    vi.advanceTimersByTime(20 * MIN);
    expect(calls).toEqual([]);
    target.dispatchEvent(new Event("pointerdown"));
    expect(storage.getItem(ACTIVITY_KEY)).toBe(String(Date.now()));
    watch.stop();
  });

  it("stops listening once stopped", () => {
    const { calls, watch } = setup();
    watch.stop();
    vi.advanceTimersByTime(60 * MIN);
    expect(calls).toEqual([]);
  });
});
