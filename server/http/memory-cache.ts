import { randomUUID } from "node:crypto";
import type { Db, Listener, Queryable } from "../db/db.ts";
import { notify } from "../queries/notifications.ts";

/**
 * The channel the database triggers (migration 0008) notify when a cached table changes; the
 * payload is `<table>` or `<table>:<key>` (the key column each trigger names).
 */
export const CACHE_CHANNEL = "macc_cache";

interface Entry<T> {
  value: T;
  tags: readonly string[];
  weight: number;
}

/** A bound on what a cache holds beyond its number of entries: `weigh` gives each value's share of `max`. */
export interface CacheWeight<T> {
  weigh: (value: T) => number;
  max: number;
}

/**
 * Answers kept in this instance's memory, each tagged with the table rows it was read from
 * (`invoices:1004217`, or a whole table: `footer_sub_service_names`). A notification for a row
 * drops the entries tagged with that row or its whole table; one for a table drops every entry
 * tagged with any of its rows. The least recently used entries go beyond `maxEntries`, or beyond
 * `weightBound.max` in all when given.
 */
export class MemoryCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #byTag = new Map<string, Set<string>>();
  /**
   * Loads under way, shared by the requests that miss the same key meanwhile. An invalidation that
   * names one of a load's tags removes it: what it read may be stale, so it is not kept. Other
   * tables' changes leave it be, so a busy database does not keep every load from being kept.
   */
  readonly #loading = new Map<string, { promise: Promise<T>; tags: readonly string[] }>();
  #weight = 0;

  /**
   * `storing`: whether a loaded value may be kept now; `trusting`: whether what is kept (or being
   * loaded) may answer now: when not, every `get` loads afresh and keeps nothing.
   */
  constructor(
    readonly maxEntries: number,
    private readonly storing: () => boolean = () => true,
    private readonly trusting: () => boolean = () => true,
    private readonly weightBound?: CacheWeight<T>,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** Whether what is loaded now would be kept and may answer (else `get` loads on every call). */
  get keeping(): boolean {
    return this.storing() && this.trusting();
  }

  /** The value of `key` if kept (counted as a use), without loading it. */
  peek(key: string): T | undefined {
    if (!this.trusting()) return undefined;
    const hit = this.#entries.get(key);
    if (hit) this.#touch(key, hit);
    return hit?.value;
  }

  /**
   * The value of `key`, from memory, or loaded by `load` and kept (unless it is `undefined`, or an
   * invalidation came meanwhile).
   */
  get(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
    if (!this.trusting()) return load();
    const hit = this.#entries.get(key);
    if (hit) {
      this.#touch(key, hit);
      return Promise.resolve(hit.value);
    }
    const pending = this.#loading.get(key);
    if (pending) return pending.promise;
    const loading = { promise: load(), tags };
    /** Ends the load; true when no invalidation of its tags came meanwhile (it is still registered). */
    const finish = () => {
      const unchanged = this.#loading.get(key) === loading;
      if (unchanged) this.#loading.delete(key);
      return unchanged;
    };
    loading.promise = loading.promise.then(
      (value) => {
        if (finish() && value !== undefined && this.storing())
          this.#store(key, { value, tags, weight: this.weightBound?.weigh(value) ?? 0 });
        return value;
      },
      (err: unknown) => {
        finish();
        throw err;
      },
    );
    this.#loading.set(key, loading);
    return loading.promise;
  }

  /** Drops what a notification payload (`table` or `table:key`) names. */
  invalidate(payload: string): void {
    const colon = payload.indexOf(":");
    const table = colon < 0 ? payload : payload.slice(0, colon);
    const names = (tag: string) => (colon < 0 ? tag === table || tag.startsWith(`${table}:`) : tag === payload || tag === table);
    for (const [key, loading] of this.#loading) if (loading.tags.some(names)) this.#loading.delete(key);
    const tags = colon < 0 ? [...this.#byTag.keys()].filter(names) : [payload, table];
    for (const tag of tags) for (const key of this.#byTag.get(tag) ?? []) this.#drop(key);
  }

  clear(): void {
    this.#loading.clear();
    this.#entries.clear();
    this.#byTag.clear();
    this.#weight = 0;
  }

  /** Most recently used last: Map keeps insertion order. */
  #touch(key: string, entry: Entry<T>) {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
  }

  #store(key: string, entry: Entry<T>) {
    this.#drop(key);
    this.#entries.set(key, entry);
    this.#weight += entry.weight;
    for (const tag of entry.tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    const max = this.weightBound?.max ?? Infinity;
    // The newest entry stays, even alone past the weight's bound.
    while (this.#entries.size > 1 && (this.#entries.size > this.maxEntries || this.#weight > max)) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#drop(oldest);
    }
  }

  #drop(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}

/** Options of one cache (`CacheHub.create`). */
export interface CacheOptions<T = unknown> {
  /** A bound on the entries' total weight besides their number (MemoryCache). */
  weight?: CacheWeight<T>;
  /**
   * Tables whose changes must have reached every instance before the write that made them answers
   * (a session ended, a company unlinked: access stops everywhere at once, not a moment later). On a
   * database shared by several instances this cache answers from memory only while the instance's
   * lease holds (see `createCacheHub`), and a write that changed one of these tables waits for the
   * other instances (`settle`).
   */
  everywhere?: readonly string[];
}

/**
 * The caches of one app instance and their link to the database's notifications (a `Listener` for
 * `db.listen(CACHE_CHANNEL, …)`). Until the instance listens, and whenever the subscription is lost,
 * nothing is kept (a change could go unheard); every cache is emptied when it listens again.
 */
export interface CacheHub extends Listener {
  create<T>(maxEntries: number, options?: CacheOptions<T>): MemoryCache<T>;
  /** Where the changes heard stand: taken as a write starts, for `settle`. */
  mark(): number;
  /**
   * Resolves once every change committed before the call has emptied this instance's caches: it
   * sends a marker notification through `db` and waits for it (PostgreSQL delivers notifications
   * in commit order). Immediate when not listening on an unshared database (nothing is kept then).
   * When a change to an `everywhere` table was heard since `since` (the write's own, or one made
   * meanwhile), or this instance could not hear (not listening), on a shared database it also waits
   * until every other instance has acknowledged having heard it, or can no longer answer from what
   * it kept (its lease ran out): at most `LEASE_MS`. A write that failed passes no `since`.
   */
  settle(db: Queryable, since?: number): Promise<void>;
  /**
   * Subscribes the hub to `db`'s changes, once however many apps share it: a second subscription,
   * on a connection of its own, would hear each change again a moment later and drop what was
   * read since the first.
   */
  listenTo(db: Pick<Db, "listen">): void;
}

export interface CacheHubOptions {
  /** Where the hub sends its own notifications (lease markers, acknowledgements). */
  db?: Queryable;
  /**
   * Other instances may share the database (PostgreSQL; not the embedded engine, one process):
   * `everywhere` caches then answer from memory under a lease only, and writes that changed their
   * tables wait for the other instances.
   */
  shared?: boolean;
}

/**
 * An instance answers from an `everywhere` cache only within this long after sending a marker that
 * came back: everything committed before that marker was sent has been heard. A write waits at
 * most this long for an instance that does not acknowledge it (one stalled, cut off, or gone).
 */
export const LEASE_MS = 3_000;
/** A lease older than this is renewed (one marker, sent by the request that finds it so, not awaited). */
const RENEW_AFTER_MS = 1_000;
/** A marker not back by then (a connection lost meanwhile) no longer holds the request. */
const SETTLE_TIMEOUT_MS = 2_000;

/**
 * Payloads of the hub's own notifications (no table has these names), `<instance>` being the
 * sending hub's random id: `settle:<instance>:<token>` a marker (`settle`, lease renewals),
 * `settle-all:<instance>:<token>` a marker every instance acknowledges with `ack:<token>:<instance>`.
 */
const SETTLE = "settle";
const SETTLE_ALL = "settle-all";
const ACK = "ack";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

export function createCacheHub({ db: hubDb, shared = false }: CacheHubOptions = {}): CacheHub {
  const id = randomUUID();
  const caches: MemoryCache<unknown>[] = [];
  const everywhere = new Set<string>();
  /** This instance's markers on their way: `back` when heard, `release` when no longer awaited. */
  const markers = new Map<string, { back: () => void; release: () => void }>();
  /** The acknowledgements awaited, by token. */
  const acks = new Map<string, (instance: string) => void>();
  /** When each other instance's last marker was heard (performance.now()). */
  const heard = new Map<string, number>();
  let live = false;
  /** When the newest marker that came back was sent: the lease runs from there. */
  let leaseFrom = -Infinity;
  /** When the lease renewal under way was sent (null: none). */
  let renewing: number | null = null;
  /** Changes to `everywhere` tables heard so far. */
  let changes = 0;
  /** Resolved the next time the subscription comes up. */
  let up = deferred();

  const clearAll = () => caches.forEach((cache) => cache.clear());
  const now = () => performance.now();

  /** Sends a marker of `kind` and resolves once it is back (true), or released or timed out (false). */
  const roundTrip = async (db: Queryable, kind: string, token: string, timeoutMs: number): Promise<boolean> => {
    const sentAt = now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const back = new Promise<boolean>((resolve) => {
      markers.set(token, {
        back: () => {
          leaseFrom = Math.max(leaseFrom, sentAt);
          resolve(true);
        },
        release: () => resolve(false),
      });
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      await notify(db, CACHE_CHANNEL, `${kind}:${id}:${token}`);
      return await back;
    } finally {
      clearTimeout(timer);
      markers.delete(token);
    }
  };

  /** Renews the lease when it is getting old (no more than one renewal at a time). */
  const renew = () => {
    if (!hubDb || (renewing !== null && now() - renewing < LEASE_MS)) return;
    renewing = now();
    roundTrip(hubDb, SETTLE, randomUUID(), LEASE_MS)
      .catch(() => false)
      .finally(() => (renewing = null));
  };

  /** Whether an `everywhere` cache may answer from memory now. */
  const leased = () => {
    if (!live) return false;
    if (!shared) return true;
    const age = now() - leaseFrom;
    if (age > RENEW_AFTER_MS) renew();
    return age < LEASE_MS;
  };

  /** Waits, after a change to an `everywhere` table committed before `start`, for every other instance. */
  const settleEverywhere = async (db: Queryable, start: number) => {
    const deadline = start + LEASE_MS;
    if (!live) {
      // Not hearing the others, this instance waits until their leases from before the change have run out.
      await Promise.race([up.promise, sleep(deadline - now())]);
      if (!live) return;
    }
    const token = randomUUID();
    const acked = new Set<string>();
    let check: () => void = () => undefined;
    acks.set(token, (instance) => {
      acked.add(instance);
      check();
    });
    try {
      if (!(await roundTrip(db, SETTLE_ALL, token, Math.max(0, deadline - now())))) {
        // Not heard back (the subscription lost meanwhile): the others' leases from before the change run out.
        await sleep(deadline - now());
        return;
      }
      // Every marker sent before the change has been heard by now (commit order): an instance not
      // heard since LEASE_MS holds no lease from before the change.
      const back = now();
      const waiting = new Map<string, number>();
      for (const [instance, at] of heard) {
        if (at + LEASE_MS <= back - LEASE_MS) heard.delete(instance);
        else if (at + LEASE_MS > back) waiting.set(instance, Math.min(at + LEASE_MS, deadline));
      }
      await new Promise<void>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        check = () => {
          clearTimeout(timer);
          const t = now();
          for (const [instance, until] of waiting) if (acked.has(instance) || until <= t) waiting.delete(instance);
          if (waiting.size === 0) return resolve();
          timer = setTimeout(check, Math.min(...waiting.values()) - t);
        };
        check();
      });
    } finally {
      acks.delete(token);
    }
  };

  let subscribed = false;
  const hub: CacheHub = {
    create<T>(maxEntries: number, options: CacheOptions<T> = {}) {
      for (const table of options.everywhere ?? []) everywhere.add(table);
      const cache = new MemoryCache<T>(maxEntries, () => live, options.everywhere?.length ? leased : undefined, options.weight);
      caches.push(cache as MemoryCache<unknown>);
      return cache;
    },
    notify(payload) {
      const [kind = "", a = "", b = ""] = payload.split(":", 3);
      if (kind === SETTLE || kind === SETTLE_ALL) {
        if (a === id) return markers.get(b)?.back();
        if (!a || !b) return;
        heard.set(a, now());
        if (kind === SETTLE_ALL && hubDb) notify(hubDb, CACHE_CHANNEL, `${ACK}:${b}:${id}`).catch(() => undefined);
        return;
      }
      if (kind === ACK) return acks.get(a)?.(b);
      if (everywhere.has(kind)) changes++;
      for (const cache of caches) cache.invalidate(payload);
    },
    mark: () => changes,
    async settle(db, since) {
      const start = now();
      // Not listening, or a marker that did not come back: whether an `everywhere` table changed is unknown.
      const heardAll = live && (await roundTrip(db, SETTLE, randomUUID(), SETTLE_TIMEOUT_MS));
      // A write that failed (no `since`) changed nothing; one that succeeded while this instance was
      // not listening may have changed an `everywhere` table, unheard: it waits for the others too.
      if (!shared || since === undefined || (heardAll && changes === since)) return;
      await settleEverywhere(db, start);
    },
    listening(isUp) {
      live = isUp;
      leaseFrom = -Infinity;
      clearAll();
      for (const marker of markers.values()) marker.release();
      if (isUp) {
        up.resolve();
        up = deferred();
      }
    },
    listenTo(db) {
      if (subscribed) return;
      subscribed = true;
      // Until it listens the caches keep nothing (PostgreSQL: retried until it does; PGlite cannot fail to).
      db.listen(CACHE_CHANNEL, hub).catch((err: unknown) => {
        console.error("[cache] cannot listen for database changes, answers are not cached:", err instanceof Error ? err.message : err);
      });
    },
  };
  return hub;
}
