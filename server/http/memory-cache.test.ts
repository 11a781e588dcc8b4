import { describe, expect, it, vi } from "vitest";
import { createCacheHub, LEASE_MS, MemoryCache, type CacheHub } from "./memory-cache.ts";

/** A cache holding `a` (tagged invoices:1), `b` (invoices:2) and `c` (the whole footer_sub_service_names table). */
async function filled() {
  const cache = new MemoryCache<string>(10);
  let loads = 0;
  const get = (key: string, tags: string[]) =>
    cache.get(key, tags, async () => {
      loads++;
      return `${key}${loads}`;
    });
  await get("a", ["invoices:1"]);
  await get("b", ["invoices:2"]);
  await get("c", ["footer_sub_service_names"]);
  return { cache, get, loads: () => loads };
}

describe("MemoryCache", () => {
  it("loads once, then answers from memory", async () => {
    const { get, loads } = await filled();
    expect(await get("a", ["invoices:1"])).toBe("a1");
    expect(loads()).toBe(3);
  });

  it.each<[string, string[]]>([
    ["invoices:1", ["b", "c"]],
    ["invoices:3", ["a", "b", "c"]],
    ["invoices", ["c"]],
    ["footer_sub_service_names:7", ["a", "b"]],
    ["footer_sub_service_names", ["a", "b"]],
    ["invoice", ["a", "b", "c"]],
  ])("the notification %j leaves %j", async (payload, left) => {
    const { cache, get, loads } = await filled();
    cache.invalidate(payload);
    for (const key of ["a", "b", "c"]) await get(key, key === "c" ? ["footer_sub_service_names"] : [`invoices:${key === "a" ? 1 : 2}`]);
    expect(loads()).toBe(3 + 3 - left.length);
  });

  it("shares one load between the requests that miss together", async () => {
    const cache = new MemoryCache<number>(10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.get("k", [], load), cache.get("k", [], load)])).toEqual([1, 1]);
  });

  it("does not keep a value loaded across an invalidation, nor undefined, nor a failure", async () => {
    const cache = new MemoryCache<string | undefined>(10);
    let release!: () => void;
    const slow = cache.get("k", ["t:1"], () => new Promise<string>((r) => (release = () => r("old"))));
    cache.invalidate("t:1");
    release();
    expect(await slow).toBe("old");
    expect(await cache.get("k", ["t:1"], async () => "new")).toBe("new");
    await cache.get("u", [], async () => undefined);
    expect(await cache.get("u", [], async () => "now")).toBe("now");
    await expect(cache.get("f", [], () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("f", [], async () => "up")).toBe("up");
  });

  it.each<[string, boolean]>([
    ["t:1", false],
    ["t", false],
    ["t:2", true],
    ["other:1", true],
    ["other", true],
  ])("a load under way when %j changes is kept: %j (another table's change does not stop it)", async (payload, kept) => {
    const cache = new MemoryCache<string>(10);
    let release!: () => void;
    const slow = cache.get("k", ["t:1"], () => new Promise<string>((r) => (release = () => r("loaded"))));
    cache.invalidate(payload);
    release();
    await slow;
    expect(await cache.get("k", ["t:1"], async () => "again")).toBe(kept ? "loaded" : "again");
  });

  it("drops the least recently used entry beyond its size", async () => {
    const cache = new MemoryCache<string>(2);
    await cache.get("a", [], async () => "a");
    await cache.get("b", [], async () => "b");
    await cache.get("a", [], async () => "A"); // a used last
    await cache.get("c", [], async () => "c");
    expect(cache.size).toBe(2);
    expect(await cache.get("a", [], async () => "reloaded")).toBe("a");
    expect(await cache.get("b", [], async () => "reloaded")).toBe("reloaded");
  });

  it("drops the least recently used entries beyond its weight, keeping the newest even alone past it", async () => {
    const cache = new MemoryCache<string>(10, undefined, undefined, { weigh: (v) => v.length, max: 5 });
    await cache.get("a", [], async () => "aa");
    await cache.get("b", [], async () => "bb");
    expect(cache.peek("a")).toBe("aa"); // a used last
    await cache.get("c", [], async () => "cc"); // 6 > 5: b goes
    expect([cache.peek("a"), cache.peek("b"), cache.peek("c")]).toEqual(["aa", undefined, "cc"]);
    await cache.get("d", [], async () => "dddddd");
    expect(cache.size).toBe(1);
    expect(cache.peek("d")).toBe("dddddd");
    cache.invalidate("other"); // an entry dropped gives its weight back
    await cache.get("e", [], async () => "e");
    expect(cache.size).toBe(1);
    cache.clear();
    await cache.get("f", [], async () => "ff");
    await cache.get("g", [], async () => "ggg");
    expect(cache.size).toBe(2);
  });

  it("peek answers what is kept without loading; keeping says whether a load would be kept", async () => {
    let live = false;
    const cache = new MemoryCache<string>(10, () => live);
    expect(cache.keeping).toBe(false);
    await cache.get("k", [], async () => "v");
    expect(cache.peek("k")).toBeUndefined();
    live = true;
    expect(cache.keeping).toBe(true);
    const loading = cache.get("k", [], async () => "v");
    expect(cache.peek("k")).toBeUndefined(); // still loading
    await loading;
    expect(cache.peek("k")).toBe("v");
    expect(new MemoryCache<string>(10, undefined, () => false).keeping).toBe(false);
  });
});

describe("createCacheHub", () => {
  it("keeps nothing until it listens, and empties every cache when the subscription is lost or back", async () => {
    const hub = createCacheHub();
    const cache = hub.create<number>(10);
    let n = 0;
    const get = () => cache.get("k", ["t:1"], async () => ++n);
    expect([await get(), await get()]).toEqual([1, 2]);
    hub.listening(true);
    expect([await get(), await get()]).toEqual([3, 3]);
    hub.notify("t:1");
    expect(await get()).toBe(4);
    hub.listening(false);
    expect([await get(), await get()]).toEqual([5, 6]);
    hub.listening(true);
    expect([await get(), await get()]).toEqual([7, 7]);
  });

  it("settle resolves once its marker notification came back (at once when not listening)", async () => {
    const hub = createCacheHub();
    const sent: string[] = [];
    const db = {
      query: async <T>(_sql: string, params: unknown[] = []) => {
        sent.push(String(params[1]));
        setTimeout(() => hub.notify(String(params[1])), 20);
        return { rows: [] as T[] };
      },
      exec: async () => undefined,
    };
    await hub.settle(db);
    expect(sent).toEqual([]);
    hub.listening(true);
    let settled = false;
    const settling = hub.settle(db).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    await settling;
    expect(sent[0]).toMatch(/^settle:[0-9a-f-]{36}:[0-9a-f-]{36}$/);
  });

  /** Hubs sharing one database: what one sends reaches every listening hub, `delays[i]` ms later (null: never). */
  function sharedBus(delays: (number | null)[]) {
    const hubs: CacheHub[] = [];
    const db = {
      query: async <T>(_sql: string, params: unknown[] = []) => {
        hubs.forEach((hub, i) => {
          const delay = delays[i];
          if (delay !== null && delay !== undefined) setTimeout(() => hub.notify(String(params[1])), delay);
        });
        return { rows: [] as T[] };
      },
      exec: async () => undefined,
    };
    for (let i = 0; i < delays.length; i++) hubs.push(createCacheHub({ db, shared: true }));
    hubs.forEach((hub) => hub.listening(true));
    return { hubs, db };
  }

  it("on a shared database, an everywhere cache answers from memory only under a lease (a marker of its own back)", async () => {
    const { hubs } = sharedBus([null]);
    const cache = hubs[0]!.create<number>(10, { everywhere: ["sessions"] });
    let n = 0;
    const get = () => cache.get("k", ["sessions:1"], async () => ++n);
    // A deaf hub never gets a lease: every read loads.
    expect([await get(), await get(), await get()]).toEqual([1, 2, 3]);

    const heard = sharedBus([1]);
    const leased = heard.hubs[0]!.create<number>(10, { everywhere: ["sessions"] });
    const read = () => leased.get("k", ["sessions:1"], async () => ++n);
    expect(await read()).toBe(4); // no lease yet: the read asks for one
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([await read(), await read()]).toEqual([5, 5]);
  });

  it("a write that changed an everywhere table waits for every instance heard to acknowledge it", async () => {
    const { hubs, db } = sharedBus([1, 150]);
    const [a, b] = hubs as [CacheHub, CacheHub];
    a.create(10, { everywhere: ["sessions"] });
    // b is known to a once a marker of b's has been heard.
    await b.settle(db);
    const since = a.mark();
    await db.query("", ["", "sessions:1"]); // the write's own change
    const started = performance.now();
    await a.settle(db, since);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(performance.now() - started).toBeLessThan(LEASE_MS);
    // A write that changed no such table does not wait for b.
    const quick = performance.now();
    await a.settle(db, a.mark());
    expect(performance.now() - quick).toBeLessThan(100);
  });

  it("a write that succeeded while its instance was not listening waits for the others' leases; a failed one does not", async () => {
    const { hubs, db } = sharedBus([null, 1]);
    const [deaf, other] = hubs as [CacheHub, CacheHub];
    deaf.create(10, { everywhere: ["sessions"] });
    other.create(10, { everywhere: ["sessions"] });
    deaf.listening(false); // its notification connection lost: the write's own change goes unheard here
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
    try {
      const since = deaf.mark();
      await db.query("", ["", "sessions:1"]);
      let settled = false;
      const settling = deaf.settle(db, since).then(() => (settled = true));
      await vi.advanceTimersByTimeAsync(LEASE_MS - 10);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(10);
      await settling;
      let failedSettled = false;
      void deaf.settle(db, undefined).then(() => (failedSettled = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(failedSettled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
