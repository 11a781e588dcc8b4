import { randomUUID } from "node:crypto";
import type { Listener, Queryable } from "../db/db.ts";
import { notify } from "../queries/notifications.ts";

/**
 * The channel the database triggers (migration 0008) notify when a cached table changes; the
 * payload is `<table>` or `<table>:<key>` (the key column each trigger names).
 */
export const CACHE_CHANNEL = "macc_cache";

interface Entry<T> {
  value: T;
  tags: readonly string[];
}

/**
 * Answers kept in this instance's memory, each tagged with the table rows it was read from
 * (`invoices:1004217`, or a whole table: `footer_sub_service_names`). A notification for a row
 * drops the entries tagged with that row or its whole table; one for a table drops every entry
 * tagged with any of its rows. The least recently used entry goes beyond `maxEntries`.
 */
export class MemoryCache<T> {
  readonly #entries = new Map<string, Entry<T>>();
  readonly #byTag = new Map<string, Set<string>>();
  /** Loads under way, shared by the requests that miss the same key meanwhile. */
  readonly #loading = new Map<string, Promise<T>>();
  /** Changes on every invalidation: a load that started before one is not stored. */
  #generation = 0;

  constructor(
    readonly maxEntries: number,
    private readonly storing: () => boolean = () => true,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The value of `key`, from memory, or loaded by `load` and kept (unless it is `undefined`, or an
   * invalidation came meanwhile).
   */
  get(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
    const hit = this.#entries.get(key);
    if (hit) {
      // Most recently used last: Map keeps insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return Promise.resolve(hit.value);
    }
    const pending = this.#loading.get(key);
    if (pending) return pending;
    const generation = this.#generation;
    const loading = load().then(
      (value) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        if (value !== undefined && generation === this.#generation && this.storing()) this.#store(key, { value, tags });
        return value;
      },
      (err: unknown) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        throw err;
      },
    );
    this.#loading.set(key, loading);
    return loading;
  }

  /** Drops what a notification payload (`table` or `table:key`) names. */
  invalidate(payload: string): void {
    const colon = payload.indexOf(":");
    const table = colon < 0 ? payload : payload.slice(0, colon);
    const tags = colon < 0 ? [...this.#byTag.keys()].filter((tag) => tag === table || tag.startsWith(`${table}:`)) : [payload, table];
    this.#generation++;
    this.#loading.clear();
    for (const tag of tags) for (const key of this.#byTag.get(tag) ?? []) this.#drop(key);
  }

  clear(): void {
    this.#generation++;
    this.#loading.clear();
    this.#entries.clear();
    this.#byTag.clear();
  }

  #store(key: string, entry: Entry<T>) {
    this.#drop(key);
    this.#entries.set(key, entry);
    for (const tag of entry.tags) {
      let keys = this.#byTag.get(tag);
      if (!keys) this.#byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    if (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#drop(oldest);
    }
  }

  #drop(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}

/**
 * The caches of one app instance and their link to the database's notifications (a `Listener` for
 * `db.listen(CACHE_CHANNEL, …)`). Until the instance listens, and whenever the subscription is lost,
 * nothing is kept (a change could go unheard); every cache is emptied when it listens again.
 */
export interface CacheHub extends Listener {
  create<T>(maxEntries: number): MemoryCache<T>;
  /**
   * Resolves once every change committed before the call has emptied this instance's caches: it
   * sends a marker notification through `db` and waits for it (PostgreSQL delivers notifications
   * in commit order). Immediate when not listening (nothing is kept then).
   */
  settle(db: Queryable): Promise<void>;
}

/** Payload prefix of `settle`'s markers (no table has this name). */
const MARKER = "settle:";
/** A marker not back by then (a connection lost meanwhile) no longer holds the request. */
const SETTLE_TIMEOUT_MS = 2_000;

export function createCacheHub(): CacheHub {
  const caches: MemoryCache<unknown>[] = [];
  const markers = new Map<string, () => void>();
  let live = false;
  const clearAll = () => caches.forEach((cache) => cache.clear());
  return {
    create<T>(maxEntries: number) {
      const cache = new MemoryCache<T>(maxEntries, () => live);
      caches.push(cache as MemoryCache<unknown>);
      return cache;
    },
    notify(payload) {
      if (payload.startsWith(MARKER)) return markers.get(payload)?.();
      for (const cache of caches) cache.invalidate(payload);
    },
    async settle(db) {
      if (!live) return;
      const marker = `${MARKER}${randomUUID()}`;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const back = new Promise<void>((resolve) => {
        markers.set(marker, resolve);
        timer = setTimeout(resolve, SETTLE_TIMEOUT_MS);
      });
      try {
        await notify(db, CACHE_CHANNEL, marker);
        await back;
      } finally {
        clearTimeout(timer);
        markers.delete(marker);
      }
    },
    listening(up) {
      live = up;
      clearAll();
      for (const release of markers.values()) release();
    },
  };
}
