import { useEffect, useRef, useState } from "react";
import { isCancelled } from "../core/errors";
import { RECOVERY_DELAYS_MS, resourceCacheOf } from "../core/resource-cache";
import { useElement } from "./context";

export type Resource<T> =
  { status: "loading"; data: T | null } | { status: "error"; data: T | null; error: unknown } | { status: "ready"; data: T };

export interface ResourceOptions<T> {
  /** A stored copy, shown at once while fresh data loads. */
  initial?: T | null;
  /** How long the page keeps the answer for the other elements that read the same key (default: while in flight). */
  ttlMs?: number;
  /** This element's own report of a failure (the shared read itself may be quiet). */
  onError?: (error: unknown) => void;
}

/**
 * Loads data for the current key through the page's resource cache (elements reading the same key
 * at once share one request), cancelling this element's read when the key changes or the element
 * goes away. "Try again" (`reload`) asks the server afresh. A failed read is tried again by itself,
 * quietly (the error stays shown and is reported once), after a pause and when the browser comes
 * back online.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  { initial = null, ttlMs, onError }: ResourceOptions<T> = {},
): Resource<T> & { reload: () => void } {
  const { core } = useElement();
  const [attempt, setAttempt] = useState({ count: 0, quiet: false });
  const failures = useRef(0);
  // While this key's answer comes: the stored copy, else what was shown, loading.
  const awaiting = (shown: T | null): Resource<T> => (initial ? { status: "ready", data: initial } : { status: "loading", data: shown });
  const [state, setState] = useState<Resource<T>>(() => awaiting(null));
  // The key the state answers. On the render where the key changes, before the effect below runs, the
  // previous key's answer must not read as this one's ("no invoices" from an empty filtered list).
  const [stateKey, setStateKey] = useState(key);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    if (!attempt.quiet) {
      failures.current = 0;
      setState((s) => awaiting(s.data));
      setStateKey(key);
    }
    resourceCacheOf(core)
      .read(key, load, { ttlMs, signal: controller.signal })
      .then(
        (data) => {
          if (!controller.signal.aborted) setState({ status: "ready", data });
        },
        (error: unknown) => {
          if (controller.signal.aborted || isCancelled(error)) return;
          if (failures.current++ === 0) onError?.(error);
          setState((s) => (s.status === "ready" ? s : { status: "error", data: s.data, error }));
        },
      );
    return () => controller.abort();
    // `load` and the options are read for the key they belong to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const again = (quiet: boolean) => {
    if (key !== null) resourceCacheOf(core).invalidate(key);
    setAttempt((a) => ({ count: a.count + 1, quiet }));
  };
  const failed = state.status === "error" && key !== null && stateKey === key;
  useEffect(() => {
    if (!failed) return;
    const recover = () => again(true);
    const timer = setTimeout(
      recover,
      RECOVERY_DELAYS_MS[Math.min(failures.current, RECOVERY_DELAYS_MS.length) - 1] ?? RECOVERY_DELAYS_MS[0],
    );
    addEventListener("online", recover);
    return () => {
      clearTimeout(timer);
      removeEventListener("online", recover);
    };
    // A new failure (a new state) starts the next, longer pause.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed, state]);

  const current = key === null || stateKey === key ? state : awaiting(state.data);
  return { ...current, reload: () => again(false) };
}
