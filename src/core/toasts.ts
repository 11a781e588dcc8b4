import { createStore } from "zustand/vanilla";
import { TOAST_DURATION_MS } from "../contract/constants";

export type ToastKind = keyof typeof TOAST_DURATION_MS;
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastState {
  toasts: Toast[];
  show(kind: ToastKind, message: string): number;
  dismiss(id: number): void;
}

/** Page-wide toasts: info and success close after 5 s, errors after 15 s (SPEC §9). */
export function createToastStore(schedule: typeof setTimeout = setTimeout) {
  let nextId = 1;
  return createStore<ToastState>()((set, get) => ({
    toasts: [],
    show(kind, message) {
      // The same message twice in a row (several elements failing on one outage) is shown once.
      const same = get().toasts.find((t) => t.kind === kind && t.message === message);
      if (same) return same.id;
      const id = nextId++;
      set((s) => ({ toasts: [...s.toasts, { id, kind, message }] }));
      schedule(() => get().dismiss(id), TOAST_DURATION_MS[kind]);
      return id;
    },
    dismiss(id) {
      set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
    },
  }));
}
export type ToastStore = ReturnType<typeof createToastStore>;
