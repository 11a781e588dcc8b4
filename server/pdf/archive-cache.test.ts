import { describe, expect, it } from "vitest";
import { createArchiveCache } from "./archive-cache.ts";

const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);

/** A build that finishes when the test says so, counting its calls. */
function controlledBuild(result: Uint8Array) {
  const state = { calls: 0, running: 0, maxRunning: 0, finish: [] as (() => void)[] };
  const build = () => {
    state.calls++;
    state.running++;
    state.maxRunning = Math.max(state.maxRunning, state.running);
    return new Promise<Uint8Array>((resolve) => {
      state.finish.push(() => {
        state.running--;
        resolve(result);
      });
    });
  };
  return { state, build };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("archive cache", () => {
  it("asked twice at the same moment, builds once and gives both the same archive", async () => {
    const cache = createArchiveCache();
    const { state, build } = controlledBuild(bytes(10));
    const first = cache.get("a", build);
    const second = cache.get("a", build);
    await tick();
    state.finish.shift()!();
    expect(await first).toBe(await second);
    expect(state.calls).toBe(1);
  });

  it("asked again later, answers from memory", async () => {
    const cache = createArchiveCache();
    let calls = 0;
    const build = async () => (calls++, bytes(10));
    const first = await cache.get("a", build);
    expect(await cache.get("a", build)).toBe(first);
    expect(calls).toBe(1);
  });

  it("another key (other content) builds again", async () => {
    const cache = createArchiveCache();
    let calls = 0;
    const build = async () => (calls++, bytes(10, calls));
    const before = await cache.get("2024:v1", build);
    const after = await cache.get("2024:v2", build);
    expect(calls).toBe(2);
    expect(after).not.toEqual(before);
  });

  it("a failed build is not kept: the next request tries again", async () => {
    const cache = createArchiveCache();
    await expect(cache.get("a", () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
    expect(await cache.get("a", async () => bytes(3))).toEqual(bytes(3));
  });

  it("keeps at most maxBytes, dropping the least recently used first", async () => {
    const cache = createArchiveCache({ maxBytes: 25 });
    let calls = 0;
    const build = async () => (calls++, bytes(10));
    await cache.get("a", build);
    await cache.get("b", build);
    await cache.get("a", build); // a is now the most recently used
    await cache.get("c", build); // 30 bytes: b goes
    expect(calls).toBe(3);
    await cache.get("a", build);
    await cache.get("c", build);
    expect(calls).toBe(3);
    await cache.get("b", build);
    expect(calls).toBe(4);
  });

  it("an archive larger than the whole budget is served but not kept", async () => {
    const cache = createArchiveCache({ maxBytes: 5 });
    let calls = 0;
    const build = async () => (calls++, bytes(10));
    await cache.get("big", build);
    await cache.get("big", build);
    expect(calls).toBe(2);
  });

  it.each([1, 2, 3])("runs at most %i builds at once; the others wait their turn", async (concurrency) => {
    const cache = createArchiveCache({ concurrency });
    const { state, build } = controlledBuild(bytes(1));
    const all = ["a", "b", "c", "d", "e"].map((key) => cache.get(key, build));
    for (let done = 0; done < 5; done++) {
      await tick();
      expect(state.running).toBe(Math.min(concurrency, 5 - done));
      state.finish.shift()!();
    }
    await Promise.all(all);
    expect(state.calls).toBe(5);
    expect(state.maxRunning).toBe(concurrency);
  });
});
