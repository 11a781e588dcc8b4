import { describe, expect, it, vi } from "vitest";
import { isCancelled } from "./errors";
import { createResourceCache, resourceCacheOf } from "./resource-cache";

/** A load that answers when told to, recording the signal it was given. */
function deferredLoad<T>() {
  const signals: AbortSignal[] = [];
  const pending: Array<{ resolve: (value: T) => void; reject: (error: unknown) => void }> = [];
  const load = vi.fn(
    (signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        signals.push(signal);
        pending.push({ resolve, reject });
      }),
  );
  return { load, signals, answer: (value: T) => pending.at(-1)!.resolve(value), fail: (error: unknown) => pending.at(-1)!.reject(error) };
}

function clock(start = 1_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("resource cache", () => {
  it("concurrent reads of one key share one request", async () => {
    const cache = createResourceCache();
    const { load, answer } = deferredLoad<string>();
    const reads = [cache.read("footer:FRA:fr-FR", load), cache.read("footer:FRA:fr-FR", load), cache.read("footer:FRA:fr-FR", load)];
    answer("MACC France");
    await expect(Promise.all(reads)).resolves.toEqual(["MACC France", "MACC France", "MACC France"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("different keys make their own requests", async () => {
    const cache = createResourceCache();
    const load = vi.fn(async (_signal: AbortSignal) => "answer");
    await Promise.all([cache.read("footer:FRA:fr-FR", load), cache.read("footer:BLG:nl-BE", load)]);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it.each<[string, number, number, number]>([
    ["kept within its time to live", 60_000, 59_999, 1],
    ["asked again once it has passed", 60_000, 60_000, 2],
    ["not kept without a time to live", 0, 0, 2],
  ])("an answer is %s", async (_label, ttlMs, later, requests) => {
    const time = clock();
    const cache = createResourceCache(time.now);
    const load = vi.fn(async (_signal: AbortSignal) => ({ n: load.mock.calls.length }));
    await cache.read("k", load, { ttlMs });
    time.advance(later);
    await cache.read("k", load, { ttlMs });
    expect(load).toHaveBeenCalledTimes(requests);
  });

  it("a failure is shared by the waiting readers but never kept", async () => {
    const cache = createResourceCache();
    const { load, fail, answer } = deferredLoad<string>();
    const reads = [cache.read("k", load, { ttlMs: 60_000 }), cache.read("k", load, { ttlMs: 60_000 })];
    fail(new Error("500"));
    for (const read of reads) await expect(read).rejects.toThrow("500");
    const again = cache.read("k", load, { ttlMs: 60_000 });
    answer("ok");
    await expect(again).resolves.toBe("ok");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("the longest time to live asked by a reader of a shared request wins", async () => {
    const time = clock();
    const cache = createResourceCache(time.now);
    const { load, answer } = deferredLoad<string>();
    const reads = [cache.read("k", load), cache.read("k", load, { ttlMs: 60_000 })];
    answer("ok");
    await Promise.all(reads);
    await cache.read("k", load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  describe("writes invalidate by key prefix", () => {
    it.each<[string, string, string[]]>([
      ["one key", "profile:T1", ["profile:T2", "summary:T1"]],
      ["every key of a resource", "profile:", ["summary:T1"]],
      ["everything", "", []],
    ])("%s (%j)", async (_label, prefix, kept) => {
      const cache = createResourceCache();
      const keys = ["profile:T1", "profile:T2", "summary:T1"];
      const asked: string[] = [];
      const readAll = () => Promise.all(keys.map((key) => cache.read(key, async () => asked.push(key), { ttlMs: 60_000 })));
      await readAll();
      asked.length = 0;
      cache.invalidate(prefix);
      await readAll();
      expect(asked).toEqual(keys.filter((key) => !kept.includes(key)));
    });

    it("a request in flight when invalidated is not kept", async () => {
      const cache = createResourceCache();
      const { load, answer } = deferredLoad<string>();
      const stale = cache.read("profile:T1", load, { ttlMs: 60_000 });
      cache.invalidate("profile:");
      answer("before the write");
      await stale;
      const fresh = cache.read("profile:T1", load, { ttlMs: 60_000 });
      answer("after the write");
      await expect(fresh).resolves.toBe("after the write");
      expect(load).toHaveBeenCalledTimes(2);
    });
  });

  describe("cancellation", () => {
    it("a reader that leaves is told so; the others still get the answer", async () => {
      const cache = createResourceCache();
      const { load, answer, signals } = deferredLoad<string>();
      const leaving = new AbortController();
      const gone = cache.read("k", load, { signal: leaving.signal });
      const staying = cache.read("k", load, { signal: new AbortController().signal });
      leaving.abort();
      const error = await gone.catch((e: unknown) => e);
      expect(isCancelled(error)).toBe(true);
      expect(signals[0]!.aborted).toBe(false);
      answer("ok");
      await expect(staying).resolves.toBe("ok");
    });

    it("the request stops when its last reader leaves, and the next read starts afresh", async () => {
      const cache = createResourceCache();
      const { load, answer, signals } = deferredLoad<string>();
      const readers = [new AbortController(), new AbortController()];
      const reads = readers.map((r) => cache.read("k", load, { signal: r.signal }).catch((e: unknown) => e));
      for (const reader of readers) reader.abort();
      await Promise.all(reads);
      expect(signals[0]!.aborted).toBe(true);
      const next = cache.read("k", load);
      answer("ok");
      await expect(next).resolves.toBe("ok");
      expect(load).toHaveBeenCalledTimes(2);
    });

    it("a reader without a signal keeps the request going", async () => {
      const cache = createResourceCache();
      const { load, answer, signals } = deferredLoad<string>();
      const leaving = new AbortController();
      const gone = cache.read("k", load, { signal: leaving.signal }).catch(() => undefined);
      const staying = cache.read("k", load);
      leaving.abort();
      await gone;
      expect(signals[0]!.aborted).toBe(false);
      answer("ok");
      await expect(staying).resolves.toBe("ok");
    });

    it("an already cancelled reader starts nothing", async () => {
      const cache = createResourceCache();
      const load = vi.fn(async (_signal: AbortSignal) => "answer");
      const error = await cache.read("k", load, { signal: AbortSignal.abort() }).catch((e: unknown) => e);
      expect(isCancelled(error)).toBe(true);
    });
  });

  it("each page core has its own cache", () => {
    const core = {};
    expect(resourceCacheOf(core)).toBe(resourceCacheOf(core));
    expect(resourceCacheOf({})).not.toBe(resourceCacheOf(core));
  });
});
