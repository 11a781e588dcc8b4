import { describe, expect, it } from "vitest";
import { createToastStore, type ToastKind } from "./toasts";

/** Records what the store schedules instead of waiting for real time. */
function fakeSchedule() {
  const calls: Array<{ run: () => void; delay: number }> = [];
  const schedule = ((run: () => void, delay?: number) => {
    calls.push({ run, delay: delay ?? 0 });
    return calls.length;
  }) as unknown as typeof setTimeout;
  return { calls, schedule };
}

describe("toasts (SPEC §9: 5 s, errors 15 s)", () => {
  it.each<[ToastKind, number]>([
    ["info", 5_000],
    ["success", 5_000],
    ["error", 15_000],
  ])("%s closes after %i ms", (kind, delay) => {
    const { calls, schedule } = fakeSchedule();
    const toasts = createToastStore(schedule);
    const id = toasts.getState().show(kind, "Hello");
    expect(toasts.getState().toasts).toEqual([{ id, kind, message: "Hello" }]);
    expect(calls.map((c) => c.delay)).toEqual([delay]);
    calls[0]!.run();
    expect(toasts.getState().toasts).toEqual([]);
  });

  it("the same message twice is shown once", () => {
    const { calls, schedule } = fakeSchedule();
    const toasts = createToastStore(schedule);
    const a = toasts.getState().show("error", "Server down");
    const b = toasts.getState().show("error", "Server down");
    expect(b).toBe(a);
    expect(toasts.getState().toasts).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it.each<[ToastKind, string, ToastKind, string]>([
    ["error", "A", "error", "B"],
    ["error", "Same", "info", "Same"],
  ])("%s %j and %s %j are two toasts", (k1, m1, k2, m2) => {
    const { schedule } = fakeSchedule();
    const toasts = createToastStore(schedule);
    const a = toasts.getState().show(k1, m1);
    const b = toasts.getState().show(k2, m2);
    expect(a).not.toBe(b);
    expect(toasts.getState().toasts.map((t) => [t.kind, t.message])).toEqual([
      [k1, m1],
      [k2, m2],
    ]);
  });

  it("dismiss removes only that toast; the message may then be shown again", () => {
    const { schedule } = fakeSchedule();
    const toasts = createToastStore(schedule);
    const a = toasts.getState().show("info", "One");
    const b = toasts.getState().show("success", "Two");
    toasts.getState().dismiss(a);
    expect(toasts.getState().toasts.map((t) => t.id)).toEqual([b]);
    toasts.getState().dismiss(12345); // unknown id: no effect
    expect(toasts.getState().toasts.map((t) => t.id)).toEqual([b]);
    const again = toasts.getState().show("info", "One");
    expect(again).not.toBe(a);
    expect(toasts.getState().toasts.map((t) => t.message)).toEqual(["Two", "One"]);
  });

  it("a timer firing after a manual dismiss does not remove a newer toast", () => {
    const { calls, schedule } = fakeSchedule();
    const toasts = createToastStore(schedule);
    const a = toasts.getState().show("info", "One");
    toasts.getState().dismiss(a);
    toasts.getState().show("info", "One");
    calls[0]!.run(); // the first toast's timer
    expect(toasts.getState().toasts.map((t) => t.message)).toEqual(["One"]);
  });
});
