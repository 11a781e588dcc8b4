/**
 * A customer's message on an open service request with photos and a video (issue 28, step 2):
 * text, photos or both, recorded once per Idempotency-Key with its media; the staff's e-mail with
 * the media's signed links; the photos served to the owner only, shown in the timeline, purged with
 * the request's retention; refusals as problem+json (wrong type by content, too many, too big,
 * nothing to send, another customer's request, a closed request).
 */
import { describe, expect, it } from "vitest";
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_COUNT,
  type ServiceRequestAnswer,
  type ServiceRequestTimeline,
} from "../../src/contract/service-request.ts";
import { housekeeping } from "../jobs/housekeeping.ts";
import {
  expectProblem,
  json,
  outbox,
  settleMail,
  TRACTOR_REQUEST,
  waitForMail,
  serviceRequestCustomers,
  type TestContext,
} from "../test-support.ts";

const FRA = "1004217"; // multi@'s first company: the machines of MACH
const AGR = "2000873"; // multi@'s second company
let t: TestContext;
let tokens: Record<string, string> = {};
let ukToken = "";

serviceRequestCustomers("10.79.3", (customers) => ({ t, tokens, ukToken } = customers));

const auth = (idTier = FRA) => ({ Authorization: `Bearer ${tokens[idTier]}` });
const APP0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
const JPEG = new Uint8Array([0xff, 0xd8, ...APP0, 0xff, 0xda, 0x00, 0x02, 0x11, 0x22, 0x33, 0xff, 0xd9]);
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, ...Array(64).fill(9)]);

async function upload(media: "photos" | "videos", bytes: Uint8Array, headers = auth()) {
  return t.app.request(`/api/me/service-requests/${media}`, {
    method: "POST",
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: { "Content-Type": media === "photos" ? "image/jpeg" : "video/webm", ...headers },
  });
}
async function uploaded(media: "photos" | "videos" = "photos", bytes = media === "photos" ? JPEG : WEBM): Promise<string> {
  const res = await upload(media, bytes);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The ids a 422 names as not found (what the offline queue uploads again). */
const unknownOf = (problem: object) => (problem as { unknown?: unknown }).unknown;

let keys = 0;
/** A new open request of multi@ for FRA's tractor. */
async function newRequest(): Promise<ServiceRequestAnswer> {
  const res = await t.app.request(
    "/api/me/service-requests",
    json(TRACTOR_REQUEST, { ...auth(), "Idempotency-Key": `messages-request-${++keys}` }),
  );
  expect(res.status).toBe(201);
  return (await res.json()) as ServiceRequestAnswer;
}

const write = (reference: string, body: unknown, key: string | null = `message-key-${++keys}`, headers = auth()) =>
  t.app.request(`/api/me/service-requests/${reference}/messages`, json(body, { ...headers, ...(key ? { "Idempotency-Key": key } : {}) }));

describe("a message with photos and a video", () => {
  it("is recorded once per Idempotency-Key with its media, shown in the timeline, mailed to the staff with signed links", async () => {
    const request = await newRequest();
    const photos = [await uploaded(), await uploaded()];
    const video = await uploaded("videos");
    const body = { message: "La fuite vient du vérin gauche.", photos, video };
    const first = await write(request.reference, body, "message-with-photos-1");
    expect(first.status, await first.clone().text()).toBe(200);
    const timeline = (await first.json()) as ServiceRequestTimeline;
    const entry = timeline.entries.at(-1)!;
    expect(entry).toMatchObject({ kind: "message", author: "customer", message: "La fuite vient du vérin gauche." });
    expect(entry.photos.map((p) => p.id)).toEqual(photos);
    expect(entry.video).toMatchObject({ id: video, type: "webm" });

    // Again with the same key: the same answer, one message; the same key for another body: refused.
    const again = await write(request.reference, body, "message-with-photos-1");
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(timeline);
    await expectProblem(await write(request.reference, { ...body, message: "Autre chose" }, "message-with-photos-1"), 422);
    const count = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM service_request_events e JOIN service_requests r ON r.id = e.request_id WHERE r.reference = $1 AND e.kind = 'message'",
      [request.reference],
    );
    expect(count.rows[0]?.n).toBe(1);
    await expectProblem(await write(request.reference, body, null), 400);

    // The owner opens the photos and plays the video; the request's own media stay its own.
    expect((await t.app.request(entry.photos[0]!.url, { headers: auth() })).status).toBe(200);
    expect((await t.app.request(entry.video!.url, { headers: auth() })).status).toBe(200);
    const read = (await (
      await t.app.request(`/api/me/service-requests/${request.reference}`, { headers: auth() })
    ).json()) as ServiceRequestAnswer;
    expect(read).toMatchObject({ photos: [], video: null });
    // Nobody else, not even the account's other company.
    for (const other of [auth(AGR), { Authorization: `Bearer ${ukToken}` }]) {
      await expectProblem(await t.app.request(entry.photos[0]!.url, { headers: other }), 404);
      await expectProblem(await t.app.request(entry.video!.url, { headers: other }), 404);
    }

    // The after-sales service reads it in French with the signed links, which open without a session.
    const staff = await waitForMail(
      t.db,
      (m) => m.to === "sav@macc.fr" && m.subject === `[SAV] Message du client sur la demande ${request.reference}`,
    );
    expect(staff.text).toContain("La fuite vient du vérin gauche.");
    expect(staff.text).toContain("Photos (2), liens valables 7 jours :");
    expect(staff.text).toContain("Vidéo, lien valable 7 jours :");
    const link = /https?:\/\/\S+\/api\/service-request-photos\/\S+/.exec(staff.text)![0];
    const opened = await t.app.request(link.replace(/^https?:\/\/[^/]+/, ""));
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("image/jpeg");
    await settleMail(t.db);
    const mails = (await outbox(t.db)).filter((m) => m.subject === `[SAV] Message du client sur la demande ${request.reference}`);
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(new Set(mails.map((m) => m.to)).size).toBe(mails.length);
  });

  it("may be photos without text; neither text nor photo nor video is refused on the message", async () => {
    const request = await newRequest();
    const photo = await uploaded();
    const res = await write(request.reference, { message: "", photos: [photo] });
    expect(res.status).toBe(200);
    const entry = ((await res.json()) as ServiceRequestTimeline).entries.at(-1)!;
    expect(entry).toMatchObject({ kind: "message", message: null, video: null });
    expect(entry.photos).toHaveLength(1);

    const empty = await expectProblem(await write(request.reference, { message: "  " }), 422);
    expect(empty.errors).toEqual([{ path: "message", message: "Écrivez un message ou ajoutez une photo ou une vidéo." }]);
    const short = await expectProblem(await write(request.reference, { message: "x" }), 422);
    expect(short.errors?.map((e) => e.path)).toEqual(["message"]);
  });

  it.each([
    ["too many photos", () => Array.from({ length: PHOTO_MAX_COUNT + 1 }, () => crypto.randomUUID()), "photos"],
    ["the same photo twice", () => [PHOTO, PHOTO], "photos"],
    ["an id that is no uuid", () => ["photo-1"], "photos.0"],
  ])("refuses %s (422 on photos)", async (_, photos, path) => {
    const request = await newRequest();
    const refused = await expectProblem(await write(request.reference, { message: "Voir photos", photos: photos() }), 422);
    expect(refused.errors?.map((e) => e.path)).toEqual([path]);
  });

  it("refuses a photo by content (not an image), a photo over the limit (422, never 413), media not uploaded or already used", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.7 not a photo at all");
    const wrong = await expectProblem(await upload("photos", pdf), 422);
    expect(wrong.errors?.map((e) => e.path)).toEqual(["photo"]);
    const big = await expectProblem(await upload("photos", new Uint8Array(PHOTO_MAX_BYTES + 1).fill(0xff)), 422);
    expect(big.type).toMatch(/file-too-large$/);

    const request = await newRequest();
    const unknown = crypto.randomUUID();
    const missing = await expectProblem(await write(request.reference, { message: "", photos: [unknown] }), 422);
    expect(unknownOf(missing)).toEqual([unknown]);
    const photo = await uploaded();
    expect((await write(request.reference, { message: "", photos: [photo] })).status).toBe(200);
    const used = await expectProblem(await write(request.reference, { message: "", photos: [photo] }), 422);
    expect(unknownOf(used)).toEqual([photo]);
    const video = crypto.randomUUID();
    expect(unknownOf(await expectProblem(await write(request.reference, { message: "", video }), 422))).toEqual([video]);
    // Another customer's photo cannot be named either.
    const theirs = await upload("photos", JPEG, { Authorization: `Bearer ${ukToken}` });
    const id = ((await theirs.json()) as { id: string }).id;
    expect(unknownOf(await expectProblem(await write(request.reference, { message: "", photos: [id] }), 422))).toEqual([id]);
  });

  it("finds nothing of another customer's request (404, whatever the body), and refuses a closed request (409)", async () => {
    const request = await newRequest();
    const photo = await uploaded();
    for (const other of [auth(AGR), { Authorization: `Bearer ${ukToken}` }]) {
      await expectProblem(await write(request.reference, { message: "", photos: [photo] }, undefined, other), 404);
      await expectProblem(await write(request.reference, { nonsense: true }, undefined, other), 404);
    }
    const cancelled = await t.app.request(`/api/me/service-requests/${request.reference}/cancel`, { method: "POST", headers: auth() });
    expect(cancelled.status).toBe(200);
    const closed = await expectProblem(await write(request.reference, { message: "", photos: [photo] }), 409);
    expect(closed.type).toMatch(/transition-not-allowed$/);
    // The photo was not given to anything: still free for another message or request.
    const { rows } = await t.db.query("SELECT 1 FROM service_request_photos WHERE id = $1 AND request_id IS NULL", [photo]);
    expect(rows).toHaveLength(1);
  });

  it("is purged with the request's media retention", async () => {
    const request = await newRequest();
    const photo = await uploaded();
    const entry = ((await (await write(request.reference, { message: "", photos: [photo] })).json()) as ServiceRequestTimeline).entries.at(
      -1,
    )!;
    await t.db.query("UPDATE service_requests SET created_at = now() - interval '400 days' WHERE reference = $1", [request.reference]);
    await housekeeping(t.db);
    await expectProblem(await t.app.request(entry.photos[0]!.url, { headers: auth() }), 404);
    const timeline = (await (
      await t.app.request(`/api/me/service-requests/${request.reference}/timeline`, { headers: auth() })
    ).json()) as ServiceRequestTimeline;
    expect(timeline.entries.at(-1)).toMatchObject({ kind: "message", photos: [] });
  });
});

const PHOTO = crypto.randomUUID();
