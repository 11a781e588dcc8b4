/**
 * Browser storage that never throws. It may be missing (no DOM), blocked (private browsing,
 * sandboxed frames, cookies refused: even reading `localStorage` throws there) or full; every
 * failure means "nothing stored", and the page keeps working for as long as it stays open.
 */
export type StorageArea = "local" | "session";

export function browserStorage(area: StorageArea): Storage | null {
  try {
    if (area === "local") return typeof localStorage === "undefined" ? null : localStorage;
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The parsed value, or null when there is none, it cannot be read or it is not JSON. Callers still check its shape. */
export function readJson(storage: Storage | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function writeText(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota exceeded or storage blocked: the value lives only as long as the page.
  }
}

export function writeJson(storage: Storage | null, key: string, value: unknown): void {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch {
    return; // A value JSON cannot hold is not worth keeping for the next page.
  }
  writeText(storage, key, text);
}

export function removeKey(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}
