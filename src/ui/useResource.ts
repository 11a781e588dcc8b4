import { useEffect, useState } from "react";
import { isCancelled } from "../core/errors";

export type Resource<T> =
  { status: "loading"; data: T | null } | { status: "error"; data: T | null; error: unknown } | { status: "ready"; data: T };

/**
 * Loads data for the current key, cancelling the previous request when the key changes or the
 * element goes away. `initial` (a cache) is shown at once while fresh data loads.
 */
export function useResource<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  initial: T | null = null,
): Resource<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<Resource<T>>(initial ? { status: "ready", data: initial } : { status: "loading", data: null });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setState((s) => (initial ? { status: "ready", data: initial } : { status: "loading", data: s.data }));
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: "ready", data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isCancelled(error)) return;
        setState((s) => (s.status === "ready" ? s : { status: "error", data: s.data, error }));
      },
    );
    return () => controller.abort();
    // `load` and `initial` are read for the key they belong to.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
