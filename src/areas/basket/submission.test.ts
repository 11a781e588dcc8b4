import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../test/memory-storage";
import { lastSent, rememberSent, basketSubmissionKey } from "./submission";

const REQUEST = ["uuid-1", "T1", { items: ["1001"], nom: "Jean Dupont" }];
const RECORD = { reference: "P-2026-000001", createdAt: "2026-11-24T19:00:00Z", mobile: "06 12 34 56 78", sms: true, items: [] };

describe("the submission's idempotency key", () => {
  it("is kept for the same request, new for another, spent once the basket is sent", () => {
    const storage = new MemoryStorage();
    const first = basketSubmissionKey(REQUEST, storage);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(basketSubmissionKey(REQUEST, storage)).toBe(first);
    const other = basketSubmissionKey(["uuid-1", "T1", { items: ["1001"], nom: "Jeanne Dupont" }], storage);
    expect(other).not.toBe(first);
    // Back to the first request: a new key (the one kept belongs to the last request tried).
    expect(basketSubmissionKey(REQUEST, storage)).not.toBe(first);
    const last = basketSubmissionKey(REQUEST, storage);
    rememberSent(RECORD, storage);
    expect(basketSubmissionKey(REQUEST, storage)).not.toBe(last);
  });

  it("without storage (blocked), a fresh key each time, and no confirmation to show", () => {
    expect(basketSubmissionKey(REQUEST, null)).not.toBe(basketSubmissionKey(REQUEST, null));
    rememberSent(RECORD, null);
    expect(lastSent(null)).toBeNull();
  });

  it.each<[string, unknown]>([
    ["nothing", null],
    ["not the record's shape", { reference: 12 }],
  ])("the last basket sent: %s stored → null", (_label, stored) => {
    const storage = new MemoryStorage();
    if (stored) storage.setItem("macc:basket-sent", JSON.stringify(stored));
    expect(lastSent(storage)).toBeNull();
  });

  it("the last basket sent comes back as recorded", () => {
    const storage = new MemoryStorage();
    rememberSent(RECORD, storage);
    expect(lastSent(storage)).toEqual(RECORD);
  });
});
