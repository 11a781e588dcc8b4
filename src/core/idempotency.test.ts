import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../test/memory-storage";
import { ApiError } from "./errors";
import { sendWhileInProgress, spendSubmissionKey, submissionKey } from "./idempotency";

describe("submissionKey", () => {
  it("one key per request kept in its slot; another request, or the key spent, gives a new one; slots do not share", () => {
    const storage = new MemoryStorage();
    const first = submissionKey("a", ["account", "T1", { text: "Bonjour" }], storage);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(submissionKey("a", ["account", "T1", { text: "Bonjour" }], storage)).toBe(first);
    // Another slot keeps its own key for the same request.
    const elsewhere = submissionKey("b", ["account", "T1", { text: "Bonjour" }], storage);
    expect(elsewhere).not.toBe(first);
    expect(submissionKey("a", ["account", "T1", { text: "Bonjour" }], storage)).toBe(first);
    // Another company, another text: another request.
    expect(submissionKey("a", ["account", "T2", { text: "Bonjour" }], storage)).not.toBe(first);
    const current = submissionKey("a", ["account", "T2", { text: "Bonjour" }], storage);
    spendSubmissionKey("a", storage);
    expect(submissionKey("a", ["account", "T2", { text: "Bonjour" }], storage)).not.toBe(current);
    expect(submissionKey("b", ["account", "T1", { text: "Bonjour" }], storage)).toBe(elsewhere);
  });

  it("without storage (blocked), a fresh key each time", () => {
    expect(submissionKey("a", [1], null)).not.toBe(submissionKey("a", [1], null));
  });
});

describe("sendWhileInProgress", () => {
  const inProgress = (retryAfter: number | null) =>
    new ApiError(409, { status: 409, type: "urn:macc:problem:request-in-progress" }, retryAfter);

  it.each<[string, Array<unknown>, { result?: string; error?: unknown; sends: number; waits: number[] }]>([
    ["answered at once", ["ok"], { result: "ok", sends: 1, waits: [] }],
    ["409 once, then answered: waits Retry-After", [inProgress(2), "ok"], { result: "ok", sends: 2, waits: [2000] }],
    ["409 without Retry-After: waits a second", [inProgress(null), "ok"], { result: "ok", sends: 2, waits: [1000] }],
    [
      "409 three times: the third is the answer",
      [inProgress(1), inProgress(1), inProgress(1), "ok"],
      { error: 409, sends: 3, waits: [1000, 1000] },
    ],
    ["another failure: thrown at once", [new ApiError(500, { status: 500 }), "ok"], { error: 500, sends: 1, waits: [] }],
    ["a network failure: thrown at once", [new TypeError("Failed to fetch"), "ok"], { error: "TypeError", sends: 1, waits: [] }],
  ])("%s", async (_label, answers, expected) => {
    let sends = 0;
    const waits: number[] = [];
    const send = () => {
      const answer = answers[sends++];
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as string);
    };
    const outcome = sendWhileInProgress(send, (ms) => {
      waits.push(ms);
      return Promise.resolve();
    });
    if (expected.result) await expect(outcome).resolves.toBe(expected.result);
    else
      await expect(outcome).rejects.toSatisfy((error: unknown) =>
        error instanceof ApiError ? error.status === expected.error : (error as Error).name === expected.error,
      );
    expect(sends).toBe(expected.sends);
    expect(waits).toEqual(expected.waits);
  });
});
