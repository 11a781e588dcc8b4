import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../test/memory-storage";
import { browserStorage, readJson, removeKey, writeJson, writeText } from "./storage";

const KEY = "macc:test";

function failing(method: "getItem" | "setItem" | "removeItem", error: Error): Storage {
  const storage = new MemoryStorage();
  storage.setItem(KEY, '{"kept":true}');
  vi.spyOn(storage, method).mockImplementation(() => {
    throw error;
  });
  return storage;
}

const quota = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");
const blocked = () => new DOMException("Access is denied for this document.", "SecurityError");

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("no storage operation throws", () => {
  const cases: { name: string; storage: () => Storage | null; read: unknown }[] = [
    { name: "storage missing", storage: () => null, read: null },
    { name: "read blocked", storage: () => failing("getItem", blocked()), read: null },
    { name: "write over quota", storage: () => failing("setItem", quota()), read: { kept: true } },
    { name: "write blocked", storage: () => failing("setItem", blocked()), read: { kept: true } },
    { name: "remove blocked", storage: () => failing("removeItem", blocked()), read: { kept: true } },
  ];

  it.each(cases)("$name", ({ storage: make, read }) => {
    const storage = make();
    expect(readJson(storage, KEY)).toEqual(read);
    expect(() => writeJson(storage, KEY, { other: 1 })).not.toThrow();
    expect(() => writeText(storage, KEY, "2")).not.toThrow();
    expect(() => removeKey(storage, KEY)).not.toThrow();
  });
});

describe("readJson", () => {
  const cases: { name: string; stored: string | null; read: unknown }[] = [
    { name: "nothing stored", stored: null, read: null },
    { name: "empty text", stored: "", read: null },
    { name: "bad JSON", stored: "{not json", read: null },
    { name: "truncated JSON", stored: '{"step":"co', read: null },
    { name: "an object", stored: '{"step":"code"}', read: { step: "code" } },
    { name: "a number", stored: "42", read: 42 },
  ];

  it.each(cases)("$name", ({ stored, read }) => {
    const storage = new MemoryStorage();
    if (stored !== null) storage.setItem(KEY, stored);
    expect(readJson(storage, KEY)).toEqual(read);
  });
});

describe("writes", () => {
  it("writeJson stores JSON that readJson gives back, removeKey clears it", () => {
    const storage = new MemoryStorage();
    writeJson(storage, KEY, { step: "code", ids: [1, 2] });
    expect(readJson(storage, KEY)).toEqual({ step: "code", ids: [1, 2] });
    removeKey(storage, KEY);
    expect(storage.getItem(KEY)).toBeNull();
  });

  it("writeText stores the text as it is", () => {
    const storage = new MemoryStorage();
    writeText(storage, KEY, "1700000000000");
    expect(storage.getItem(KEY)).toBe("1700000000000");
  });

  it("a value JSON cannot hold leaves the stored one alone", () => {
    const storage = new MemoryStorage();
    storage.setItem(KEY, '"before"');
    writeJson(storage, KEY, { big: 1n });
    expect(readJson(storage, KEY)).toBe("before");
  });
});

describe("browserStorage", () => {
  it.each(["local", "session"] as const)("%s: the page's storage when it is there", (area) => {
    expect(browserStorage(area)).toBe(area === "local" ? localStorage : sessionStorage);
  });

  it.each(["local", "session"] as const)("%s: null when the page has none", (area) => {
    vi.stubGlobal(`${area}Storage`, undefined);
    expect(browserStorage(area)).toBeNull();
  });

  it.each(["local", "session"] as const)("%s: null when merely reading it throws (storage refused)", (area) => {
    vi.spyOn(globalThis, `${area}Storage`, "get").mockImplementation(() => {
      throw blocked();
    });
    expect(browserStorage(area)).toBeNull();
  });
});
