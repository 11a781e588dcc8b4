/**
 * Yearly invoice ZIPs cost one to two seconds of CPU each. A throttle answering 429 would log
 * the customer out (SPEC §7), so instead: the same archive is built once however many times it
 * is asked for at the same moment, kept while its content does not change, and only a few
 * builds run at once (the others wait their turn).
 */
export interface ArchiveCacheOptions {
  /** Total size of the kept archives; the least recently used go first. */
  maxBytes?: number;
  /** Builds running at the same time. */
  concurrency?: number;
}

export interface ArchiveCache {
  /** The archive for `key` (which must change whenever its content would), built when needed. */
  get(key: string, build: () => Promise<Uint8Array>): Promise<Uint8Array>;
}

export function createArchiveCache({ maxBytes = 32 * 1024 * 1024, concurrency = 2 }: ArchiveCacheOptions = {}): ArchiveCache {
  const kept = new Map<string, Uint8Array>(); // in use order, oldest first
  const building = new Map<string, Promise<Uint8Array>>();
  const waiting: (() => void)[] = [];
  let keptBytes = 0;
  let running = 0;

  async function turn(): Promise<void> {
    if (running < concurrency) {
      running++;
      return;
    }
    // The finishing build hands its slot over: `running` stays the same.
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  function release(): void {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }

  function keep(key: string, archive: Uint8Array): void {
    if (archive.byteLength > maxBytes) return;
    kept.set(key, archive);
    keptBytes += archive.byteLength;
    for (const [oldKey, old] of kept) {
      if (keptBytes <= maxBytes) break;
      kept.delete(oldKey);
      keptBytes -= old.byteLength;
    }
  }

  return {
    get(key, build) {
      const hit = kept.get(key);
      if (hit) {
        kept.delete(key);
        kept.set(key, hit);
        return Promise.resolve(hit);
      }
      let pending = building.get(key);
      if (!pending) {
        pending = (async () => {
          await turn();
          try {
            const archive = await build();
            keep(key, archive);
            return archive;
          } finally {
            release();
            building.delete(key);
          }
        })();
        building.set(key, pending);
      }
      return pending;
    },
  };
}
