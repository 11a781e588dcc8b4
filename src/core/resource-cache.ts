/**
 * The page's read cache: identical reads made at the same time share one request, an answer is
 * kept for its resource's time to live, and a write drops what it made stale (by key prefix).
 */

/**
 * Pauses before a read that failed is tried again by itself (the last one repeats), so that an
 * element recovers when the API is back without anyone pressing "Try again" (`useResource`).
 */
export const RECOVERY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000] as const;

export interface ReadOptions {
  /** How long the answer is kept after it came (0, the default: shared while in flight only). */
  ttlMs?: number;
  /** This reader's own cancellation; the shared request stops only when every reader has gone. */
  signal?: AbortSignal;
}

export interface ResourceCache {
  read<T>(key: string, load: (signal: AbortSignal) => Promise<T>, options?: ReadOptions): Promise<T>;
  /** Drops the kept answers (and forgets the requests in flight) whose key starts with `prefix`. */
  invalidate(prefix: string): void;
}

interface Loading {
  state: "loading";
  answer: Promise<unknown>;
  controller: AbortController;
  /** Readers still waiting; one without a signal waits for good. */
  readers: number;
  ttlMs: number;
}
type Entry = Loading | { state: "kept"; value: unknown; expires: number };

export function createResourceCache(now: () => number = Date.now): ResourceCache {
  const entries = new Map<string, Entry>();

  function load(key: string, loader: (signal: AbortSignal) => Promise<unknown>, ttlMs: number): Loading {
    const controller = new AbortController();
    const entry: Loading = { state: "loading", answer: loader(controller.signal), controller, readers: 0, ttlMs };
    entries.set(key, entry);
    entry.answer.then(
      (value) => {
        if (entries.get(key) !== entry) return;
        if (entry.ttlMs > 0) entries.set(key, { state: "kept", value, expires: now() + entry.ttlMs });
        else entries.delete(key);
      },
      // A failure is never kept: the next read tries again.
      () => entries.get(key) === entry && entries.delete(key),
    );
    return entry;
  }

  function read<T>(key: string, loader: (signal: AbortSignal) => Promise<T>, { ttlMs = 0, signal }: ReadOptions = {}): Promise<T> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const found = entries.get(key);
    if (found?.state === "kept" && found.expires > now()) return Promise.resolve(found.value as T);
    const entry = found?.state === "loading" ? found : load(key, loader, ttlMs);
    entry.ttlMs = Math.max(entry.ttlMs, ttlMs);
    entry.readers++;
    if (!signal) return entry.answer as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        signal.removeEventListener("abort", onAbort);
        entry.readers--;
      };
      const onAbort = () => {
        leave();
        reject(abortReason(signal));
        // The last reader gone: nobody wants the answer any more.
        if (entry.readers === 0 && entries.get(key) === entry) {
          entries.delete(key);
          entry.controller.abort();
        }
      };
      signal.addEventListener("abort", onAbort);
      entry.answer.then(
        (value) => {
          leave();
          resolve(value as T);
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
  }

  function invalidate(prefix: string): void {
    for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
  }

  return { read, invalidate };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

const pageCaches = new WeakMap<object, ResourceCache>();

/** The cache of a page's core: a fresh page (a new core) starts with an empty one. */
export function resourceCacheOf(core: object): ResourceCache {
  let cache = pageCaches.get(core);
  if (!cache) pageCaches.set(core, (cache = createResourceCache()));
  return cache;
}
