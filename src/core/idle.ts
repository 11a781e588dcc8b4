/**
 * Inactivity watch (WCAG 2.2.1): warns before an idle session ends and ends it when the time is
 * up. Activity in any tab of the site counts, through a timestamp shared in local storage.
 */
import { browserStorage, writeText } from "./storage";

export interface IdleOptions {
  timeoutMs: number;
  warnMs: number;
  onWarn(endsAt: number): void;
  onActive(): void;
  onTimeout(): void;
  now?: () => number;
  storage?: Storage | null;
  target?: Pick<Window, "addEventListener" | "removeEventListener">;
  checkEveryMs?: number;
}

export interface IdleWatch {
  /** Counts as activity (the "stay logged in" button, a login). */
  touch(): void;
  lastActivity(): number;
  stop(): void;
}

export const ACTIVITY_KEY = "macc:activity";
const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart"] as const;
/** Sharing every keystroke with other tabs is pointless; once every few seconds is enough. */
const SHARE_EVERY_MS = 5_000;

export function watchIdle(options: IdleOptions): IdleWatch {
  const now = options.now ?? Date.now;
  const target = options.target ?? window;
  const storage = options.storage === undefined ? browserStorage("local") : options.storage;
  let last = now();
  let shared = 0;
  let phase: "active" | "warned" | "ended" = "active";

  const touch = () => {
    last = now();
    if (last - shared >= SHARE_EVERY_MS) {
      shared = last;
      // Blocked storage: this tab still counts its own activity.
      writeText(storage, ACTIVITY_KEY, String(last));
    }
    check();
  };

  const fromOtherTab = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (key !== ACTIVITY_KEY || !newValue) return;
    const at = Number(newValue);
    if (at > last) {
      last = at;
      check();
    }
  };

  function check() {
    if (phase === "ended") return;
    const idle = now() - last;
    if (idle >= options.timeoutMs) {
      phase = "ended";
      options.onTimeout();
    } else if (idle >= options.timeoutMs - options.warnMs) {
      if (phase !== "warned") {
        phase = "warned";
        options.onWarn(last + options.timeoutMs);
      }
    } else if (phase === "warned") {
      phase = "active";
      options.onActive();
    }
  }

  for (const name of ACTIVITY_EVENTS) target.addEventListener(name, touch, { passive: true, capture: true });
  target.addEventListener("storage", fromOtherTab);
  const timer = setInterval(check, options.checkEveryMs ?? 5_000);

  return {
    touch,
    lastActivity: () => last,
    stop() {
      phase = "ended";
      clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, touch, { capture: true });
      target.removeEventListener("storage", fromOtherTab);
    },
  };
}
