import { afterEach, describe, expect, it, vi } from "vitest";
import { IDEMPOTENCY_KEY_RETENTION_DAYS, OFFLINE_QUEUE_MAX_AGE_DAYS } from "../contract/constants";
import { ApiError, noAnswerError } from "./errors";
import {
  createOfflineQueue,
  isNetworkFailure,
  memoryStorage,
  QUEUE_MAX_AGE_MS,
  type Owner,
  type QueuedSubmission,
  type Sender,
  type SubmissionKind,
} from "./offline-queue";

const ALICE: Owner = { account: "alice", company: "3000001" };
const BOB: Owner = { account: "bob", company: "3000002" };
const VISITOR: Owner = { account: null, company: null };
const DAY = 24 * 60 * 60 * 1000;

const refusal = (status: number, type = "validation") =>
  new ApiError(status, {
    status,
    type: `https://macc.example/problems/${type}`,
    detail: "Check the form",
    errors: [{ path: "description", message: "Too short" }],
  });

/** A queue whose senders answer as `answer` says, recording every key sent. */
function setup({ owner = ALICE, answer = async () => ({ reference: "R1" }) }: { owner?: Owner; answer?: Sender } = {}) {
  const storage = memoryStorage();
  const sent: string[] = [];
  const send: Sender = async (entry, save) => {
    sent.push(entry.key);
    return answer(entry, save);
  };
  let who = owner;
  let clock = Date.parse("2026-11-28T08:00:00Z");
  const queue = createOfflineQueue({
    storage,
    senders: { "service-request": send, "service-request-message": send, contact: send, basket: send },
    current: () => who,
    now: () => clock,
  });
  return {
    storage,
    queue,
    sent,
    as: (next: Owner) => void (who = next),
    later: (ms: number) => void (clock += ms),
    save: (key: string, kind: SubmissionKind = "contact", by: Owner = ALICE) =>
      queue.save({ key, kind, owner: by, body: { message: key } }),
    state: async (key: string) => (await storage.all()).find((e) => e.key === key),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("the offline queue: what an attempt makes of a saved submission", () => {
  it.each<[string, () => Promise<unknown>, Partial<QueuedSubmission> | undefined]>([
    [
      "online, recorded: kept as sent with its answer, photos dropped",
      async () => ({ reference: "R1" }),
      { state: "sent", answer: { reference: "R1" }, body: { message: "key-1" } },
    ],
    ["still offline (status 0): waits", () => Promise.reject(noAnswerError()), { state: "waiting" }],
    ["still offline (fetch TypeError): waits", () => Promise.reject(new TypeError("Failed to fetch")), { state: "waiting" }],
    [
      "422: refused, its problem kept for the form",
      () => Promise.reject(refusal(422)),
      {
        state: "refused",
        problem: {
          status: 422,
          type: "https://macc.example/problems/validation",
          detail: "Check the form",
          errors: [{ path: "description", message: "Too short" }],
        },
      },
    ],
    ["404: refused", () => Promise.reject(refusal(404, "not-found")), { state: "refused" }],
    ["500: waits for the next attempt", () => Promise.reject(refusal(500, "server")), { state: "waiting" }],
    ["503: waits", () => Promise.reject(refusal(503, "maintenance")), { state: "waiting" }],
    ["409 still in progress: waits", () => Promise.reject(refusal(409, "request-in-progress")), { state: "waiting" }],
    ["429: waits", () => Promise.reject(refusal(429, "too-many-requests")), { state: "waiting" }],
    ["401 session ended: waits for the account", () => Promise.reject(refusal(401, "unauthorized")), { state: "waiting" }],
    ["403 bot-check refused: waits (a new solution next time)", () => Promise.reject(refusal(403, "bot-check")), { state: "waiting" }],
  ])("%s", async (_label, answer, expected) => {
    const t = setup({ answer });
    await t.save("key-1");
    await t.queue.flush();
    expect(t.sent).toEqual(["key-1"]);
    expect(await t.state("key-1")).toMatchObject(expected!);
  });

  it("replays the same key until the API answers, then never again", async () => {
    let online = false;
    const t = setup({ answer: async () => (online ? { reference: "R1" } : Promise.reject(noAnswerError())) });
    await t.save("key-1");
    await t.queue.flush();
    await t.queue.flush();
    online = true;
    await t.queue.flush();
    await t.queue.flush();
    expect(t.sent).toEqual(["key-1", "key-1", "key-1"]);
    expect((await t.state("key-1"))?.state).toBe("sent");
  });

  it("stops at the first network failure, oldest first, and sends the rest next time", async () => {
    let online = false;
    const t = setup({ answer: async () => (online ? {} : Promise.reject(new TypeError("Failed to fetch"))) });
    await t.save("first");
    t.later(1000);
    await t.save("second");
    await t.queue.flush();
    expect(t.sent).toEqual(["first"]);
    online = true;
    await t.queue.flush();
    expect(t.sent).toEqual(["first", "first", "second"]);
  });

  it("runs one flush at a time in a page (a second call joins the first)", async () => {
    let release: () => void = () => {};
    const t = setup({ answer: () => new Promise((resolve) => (release = () => resolve({}))) });
    await t.save("key-1");
    const one = t.queue.flush();
    const two = t.queue.flush();
    expect(one).toBe(two);
    await vi.waitFor(() => expect(t.sent).toHaveLength(1));
    release();
    await one;
    expect(t.sent).toEqual(["key-1"]);
  });

  it("keeps a change the sender saves on the way (a photo's id), so the next attempt names the same photo", async () => {
    let online = false;
    const t = setup({
      answer: async (entry, save) => {
        const photos = entry.photos!.map((p) => ({ ...p, id: p.id ?? `photo-${t.sent.length}` }));
        await save({ ...entry, photos });
        return online ? { photos: photos.map((p) => p.id) } : Promise.reject(noAnswerError());
      },
    });
    await t.queue.save({ key: "sr", kind: "service-request", owner: ALICE, body: {}, photos: [{ blob: new Blob(["jpeg"]), id: null }] });
    await t.queue.flush();
    online = true;
    await t.queue.flush();
    expect((await t.state("sr"))?.answer).toEqual({ photos: ["photo-1"] });
  });
});

describe("the offline queue: whose it is", () => {
  it("sends an account's submissions only for that account and company, a visitor's basket whoever is there", async () => {
    const t = setup({ owner: BOB });
    await t.save("alice-contact", "contact", ALICE);
    await t.save("alice-other-company", "contact", { ...ALICE, company: "3000009" });
    await t.save("visitor-basket", "basket", VISITOR);
    await t.queue.flush();
    expect(t.sent).toEqual(["visitor-basket"]);
    t.as(ALICE);
    await t.queue.flush();
    expect(t.sent).toEqual(["visitor-basket", "alice-contact"]);
    expect((await t.queue.list("contact")).map((e) => e.key)).toEqual(["alice-contact"]);
  });

  it("lists to a form only what its owner sees", async () => {
    const t = setup({ owner: VISITOR });
    await t.save("alice-basket", "basket", ALICE);
    await t.save("visitor-basket", "basket", VISITOR);
    await t.save("alice-contact", "contact", ALICE);
    expect((await t.queue.list("basket")).map((e) => e.key)).toEqual(["visitor-basket"]);
    t.as(ALICE);
    expect((await t.queue.list("basket")).map((e) => e.key)).toEqual(["alice-basket", "visitor-basket"]);
    expect(await t.queue.list("service-request")).toEqual([]);
  });

  it("logout deletes the account's submissions, not another's nor a visitor's basket", async () => {
    const t = setup();
    await t.save("alice-1", "contact", ALICE);
    await t.save("alice-2", "service-request", { ...ALICE, company: "3000009" });
    await t.save("bob-1", "contact", BOB);
    await t.save("visitor", "basket", VISITOR);
    await t.queue.forgetAccount("alice");
    expect((await t.storage.all()).map((e) => e.key).sort()).toEqual(["bob-1", "visitor"]);
  });

  it("keeps nothing credential-like: the stored entry is the key, owner, body and photos", async () => {
    const t = setup();
    await t.save("key-1");
    expect(Object.keys((await t.state("key-1"))!).sort()).toEqual(["body", "key", "kind", "owner", "photos", "savedAt", "state"]);
  });
});

describe("the offline queue: how long", () => {
  it("keeps a submission for less time than the API keeps its idempotency key", () => {
    expect(OFFLINE_QUEUE_MAX_AGE_DAYS).toBeLessThan(IDEMPOTENCY_KEY_RETENTION_DAYS);
    expect(QUEUE_MAX_AGE_MS).toBe(OFFLINE_QUEUE_MAX_AGE_DAYS * DAY);
  });

  it.each<[string, number, boolean]>([
    ["a day old: sent", DAY, true],
    ["just under the maximum age: sent", QUEUE_MAX_AGE_MS - 1000, true],
    ["at the maximum age: dropped, never sent", QUEUE_MAX_AGE_MS, false],
  ])("%s", async (_label, age, sends) => {
    const t = setup();
    await t.save("key-1");
    t.later(age);
    expect((await t.queue.list("contact")).length).toBe(sends ? 1 : 0);
    await t.queue.flush();
    expect(t.sent).toEqual(sends ? ["key-1"] : []);
    expect(await t.state("key-1")).toMatchObject(sends ? { state: "sent" } : {});
    if (!sends) expect(await t.state("key-1")).toBeUndefined();
  });
});

describe("the offline queue: telling the forms", () => {
  it("calls its listeners on each change, until they unsubscribe", async () => {
    const t = setup();
    const listener = vi.fn();
    const stop = t.queue.subscribe(listener);
    await t.save("key-1");
    await t.queue.flush();
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    await t.queue.remove("key-1");
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe("isNetworkFailure", () => {
  it.each<[string, unknown, boolean, boolean]>([
    ["no answer (status 0)", noAnswerError(), true, true],
    ["a fetch TypeError", new TypeError("Failed to fetch"), true, true],
    ["a 500", refusal(500), true, false],
    ["a 422", refusal(422), true, false],
    ["a 500 while the browser says it is offline", refusal(500), false, true],
  ])("%s", (_label, error, onLine, expected) => {
    vi.stubGlobal("navigator", { ...navigator, onLine });
    expect(isNetworkFailure(error)).toBe(expected);
  });
});
