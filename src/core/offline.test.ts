import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { ApiClient, RequestOptions } from "./api";
import { ApiError } from "./errors";
import { ownerOf, senders, serviceRequestMessagePath, SUBMISSION_PATHS } from "./offline";
import type { QueuedSubmission } from "./offline-queue";

/** An API client that answers each call as `answer` says and records it (the proof-of-work challenge solved by 0). */
function client(answer: (path: string, options: RequestOptions) => unknown) {
  const calls: { path: string; options: RequestOptions }[] = [];
  const api: ApiClient = {
    async request<T>(path: string, options: RequestOptions = {}) {
      calls.push({ path, options });
      return answer(path, options) as T;
    },
    toastFailure: () => undefined,
  };
  return { api, calls };
}

const entry = (change: Partial<QueuedSubmission>): QueuedSubmission => ({
  key: "key-12345678",
  kind: "service-request",
  owner: { account: "alice", company: "3000001" },
  savedAt: 0,
  body: { codeFamille: "MACH", photos: [] },
  state: "waiting",
  ...change,
});

describe("the queue's senders", () => {
  it("a message on a service request: uploads its photo, then sends it to its request's path with its key, the reference out of the body", async () => {
    const { api, calls } = client((path) => (path === SUBMISSION_PATHS["service-request-photo"] ? { id: "p-1" } : { entries: [] }));
    const message = entry({
      kind: "service-request-message",
      body: { reference: "D-2026-7K3M9Q", message: "Voir la photo." },
      photos: [{ blob: new Blob(["a"]), id: null }],
    });
    await senders(api)["service-request-message"](message, async () => {});
    expect(calls.map((c) => c.path)).toEqual([SUBMISSION_PATHS["service-request-photo"], serviceRequestMessagePath("D-2026-7K3M9Q")]);
    expect(calls.at(-1)!.options.body).toEqual({ message: "Voir la photo.", photos: ["p-1"] });
    expect(calls.at(-1)!.options.headers).toEqual({ "Idempotency-Key": "key-12345678" });
  });

  it("a service request: uploads the photos without an id, keeps each id before the request names them, sends the request with its key", async () => {
    let uploaded = 0;
    const { api, calls } = client((path) =>
      path === SUBMISSION_PATHS["service-request-photo"] ? { id: `p-${++uploaded}` } : { reference: "D-1" },
    );
    const saved: QueuedSubmission[] = [];
    const photos = [
      { blob: new Blob(["a"]), id: "p-kept" },
      { blob: new Blob(["b"]), id: null },
    ];
    const answer = await senders(api)["service-request"](entry({ photos }), async (e) => void saved.push(e));
    expect(answer).toEqual({ reference: "D-1" });
    expect(calls.map((c) => c.path)).toEqual([SUBMISSION_PATHS["service-request-photo"], SUBMISSION_PATHS["service-request"]]);
    expect(saved.at(-1)!.photos!.map((p) => p.id)).toEqual(["p-kept", "p-1"]);
    const post = calls.at(-1)!.options;
    expect(post.body).toEqual({ codeFamille: "MACH", photos: ["p-kept", "p-1"] });
    expect(post.headers).toEqual({ "Idempotency-Key": "key-12345678" });
  });

  it("a service request's video: uploaded after the photos, its id kept before the request names it; expired, uploaded again", async () => {
    let posts = 0;
    const { api, calls } = client((path, options) => {
      if (path === SUBMISSION_PATHS["service-request-photo"]) return { id: "p-1" };
      if (path === SUBMISSION_PATHS["service-request-video"]) return { id: `v-${calls.length}` };
      if (++posts === 1) throw new ApiError(422, { status: 422, errors: [{ path: "video", message: "unknown" }], unknown: ["v-2"] });
      return { reference: "D-1", video: (options.body as { video: string }).video };
    });
    const saved: QueuedSubmission[] = [];
    const answer = await senders(api)["service-request"](
      entry({ photos: [{ blob: new Blob(["p"]), id: null }], video: { blob: new Blob(["v"]), id: null } }),
      async (e) => void saved.push(e),
    );
    expect(calls.map((c) => c.path)).toEqual([
      SUBMISSION_PATHS["service-request-photo"],
      SUBMISSION_PATHS["service-request-video"],
      SUBMISSION_PATHS["service-request"],
      SUBMISSION_PATHS["service-request-video"],
      SUBMISSION_PATHS["service-request"],
    ]);
    expect(saved.map((e) => e.video?.id)).toEqual([null, "v-2", null, "v-4"]);
    expect(answer).toEqual({ reference: "D-1", video: "v-4" });
    expect(calls[4]!.options.headers).toEqual(calls[2]!.options.headers);
  });

  it("a service request whose photo expired on the server (422 unknown): that photo uploaded again, the request sent once more", async () => {
    let posts = 0;
    const { api, calls } = client((path, options) => {
      if (path === SUBMISSION_PATHS["service-request-photo"]) return { id: "p-new" };
      if (++posts === 1) throw new ApiError(422, { status: 422, errors: [{ path: "photos", message: "unknown" }], unknown: ["p-old"] });
      return { reference: "D-1", photos: (options.body as { photos: string[] }).photos };
    });
    const answer = await senders(api)["service-request"](
      entry({ photos: [{ blob: new Blob(["a"]), id: "p-old" }] }),
      async () => undefined,
    );
    expect(answer).toEqual({ reference: "D-1", photos: ["p-new"] });
    expect(calls.filter((c) => c.path === SUBMISSION_PATHS["service-request"])).toHaveLength(2);
  });

  it.each<[string, QueuedSubmission["owner"], boolean]>([
    ["a visitor's basket goes as a visitor's", { account: null, company: null }, true],
    ["a customer's basket goes with the session", { account: "alice", company: "3000001" }, false],
  ])("%s, with its key and a fresh bot-check solution", async (_label, owner, anonymous) => {
    const salt = "salt?expires=4102444800";
    const challenge = {
      algorithm: "SHA-256",
      challenge: createHash("sha256").update(`${salt}0`).digest("hex"),
      maxnumber: 10,
      salt,
      signature: "sig",
    };
    const { api, calls } = client((path) => (path.startsWith("/bot-check") ? challenge : { reference: "P-1" }));
    await senders(api).basket(entry({ kind: "basket", owner, body: { items: ["1001"] } }), async () => undefined);
    const post = calls.find((c) => c.path === SUBMISSION_PATHS.basket)!.options;
    expect(post).toMatchObject({ method: "POST", body: { items: ["1001"] }, optional: true, anonymous });
    expect(post.headers).toMatchObject({ "Idempotency-Key": "key-12345678", "X-Bot-Check": expect.any(String) });
  });

  it("ownerOf: the account and the company it acts for; a visitor is nobody's", () => {
    expect(ownerOf({ auth: { user: null, companyId: null } })).toEqual({ account: null, company: null });
    expect(ownerOf({ auth: { user: { uuidCompte: "alice" } as never, companyId: "3000001" } })).toEqual({
      account: "alice",
      company: "3000001",
    });
  });
});
