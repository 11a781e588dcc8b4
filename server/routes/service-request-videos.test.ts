/**
 * Service requests' video (issue 28, step 4): one video uploaded before the request (type by
 * content, size refused with 422 before the body is read, never 413), named by one request only,
 * played by its owner with range requests and by the staff through a signed link, another's 404,
 * purged with the photos' retention.
 */
import { describe, expect, it } from "vitest";
import { UNATTACHED_PHOTO_HOURS, VIDEO_MAX_BYTES, type ServiceRequestAnswer } from "../../src/contract/service-request.ts";
import { housekeeping } from "../jobs/housekeeping.ts";
import { expectProblem, json, waitForMail, serviceRequestCustomers, type TestContext } from "../test-support.ts";

const FRA = "1004217";
const AGR = "2000873";

let t: TestContext;
let tokens: Record<string, string> = {};
let ukToken = "";

serviceRequestCustomers("10.79.2", (customers) => ({ t, tokens, ukToken } = customers));

const auth = (token = tokens[FRA]!) => ({ Authorization: `Bearer ${token}` });
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
/** The first bytes of each kind of file a phone films, then some "frames". */
const MP4 = new Uint8Array([0, 0, 0, 0x18, ...ascii("ftypisom"), 0, 0, 2, 0, ...ascii("isomiso2mp41"), ...Array(64).fill(7)]);
const MOV = new Uint8Array([0, 0, 0, 0x14, ...ascii("ftypqt  "), 0, 0, 2, 0, ...ascii("qt  "), ...Array(64).fill(8)]);
const WEBM = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, ...ascii("webm"), ...Array(64).fill(9)]);

const upload = (bytes: Uint8Array, headers: Record<string, string> = auth(), type = "video/mp4") =>
  t.app.request("/api/me/service-requests/videos", {
    method: "POST",
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: { "Content-Type": type, ...headers },
  });

async function uploaded(bytes = WEBM, token = tokens[FRA]!): Promise<string> {
  const res = await upload(bytes, auth(token), "video/webm");
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

let keys = 0;
const create = (video: unknown, token = tokens[FRA]!, codeFamille = "MACH") =>
  t.app.request(
    "/api/me/service-requests",
    json(
      {
        codeFamille,
        kind: "breakdown",
        description: "Le relevage arrière fait un bruit anormal, voir la vidéo.",
        urgency: "can-wait",
        location: "farm",
        callTime: "any",
        video,
        langue: "fr-FR",
      },
      { ...auth(token), "Idempotency-Key": `video-key-${Date.now()}-${++keys}` },
    ),
  );

async function made(video: string): Promise<ServiceRequestAnswer> {
  const res = await create(video);
  expect(res.status).toBe(201);
  return (await res.json()) as ServiceRequestAnswer;
}

describe("the video's upload", () => {
  it.each([
    ["an MP4", MP4, "mp4"],
    ["a QuickTime film", MOV, "quicktime"],
    ["a WebM", WEBM, "webm"],
  ])("takes %s, recognised by its content whatever its declared type", async (_, bytes, type) => {
    const res = await upload(bytes, auth(), "application/octet-stream");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ type, size: bytes.byteLength });
  });

  it.each([
    ["a JPEG sent as video/mp4", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...ascii("JFIF")])],
    ["an AVI", new Uint8Array([...ascii("RIFF"), 0, 0, 0, 0, ...ascii("AVI LIST")])],
    ["a text saying ftyp too late", new TextEncoder().encode("this is not ftyp a video")],
  ])("refuses %s by its content (422)", async (_, bytes) => {
    const problem = await expectProblem(await upload(bytes), 422);
    expect(problem.errors).toEqual([
      { path: "video", message: "Ce type de fichier n'est pas accepté : envoyez une vidéo MP4, QuickTime ou WebM." },
    ]);
  });

  it("refuses an empty body, and a video over 30 MB with 422, never 413 (which ends the session)", async () => {
    await expectProblem(await upload(new Uint8Array()), 422);
    const big = new Uint8Array(VIDEO_MAX_BYTES + 1);
    big.set(MP4);
    const problem = await expectProblem(await upload(big), 422);
    expect(problem.type).toBe("urn:macc:problem:file-too-large");
    expect(problem.errors?.[0]?.path).toBe("video");
    expect(problem.detail).toContain("30");
  });
  // Its announced length refused before the body is read, and its token: with the photos' (service-requests.test.ts).
});

describe("a request's video", () => {
  it("is one: a list of videos is refused, and a video named by a request cannot be named again", async () => {
    const first = await uploaded();
    const second = await uploaded(MP4);
    const list = await expectProblem(await create([first, second]), 422);
    expect(list.errors?.[0]?.path).toBe("video");
    const request = await made(first);
    expect(request.video).toMatchObject({ id: first, type: "webm", size: WEBM.byteLength });
    const again = await expectProblem(await create(first), 422);
    expect(again.errors).toEqual([{ path: "video", message: "La vidéo n'a pas été reçue : ajoutez-la de nouveau." }]);
    expect((again as { unknown?: unknown }).unknown).toEqual([first]);
    // Nothing of the refused request was kept: the second video is still free.
    expect((await made(second)).video?.id).toBe(second);
  });

  it("plays for its owner whole or by range (206), 416 past its end; the staff's signed link plays it too", async () => {
    const id = await uploaded();
    const request = await made(id);
    const url = request.video!.url;
    const whole = await t.app.request(url, { headers: auth() });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/webm");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(WEBM);

    const part = await t.app.request(url, { headers: { ...auth(), Range: "bytes=2-5" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 2-5/${WEBM.byteLength}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(WEBM.slice(2, 6));
    const open = await t.app.request(url, { headers: { ...auth(), Range: "bytes=4-" } });
    expect(open.status).toBe(206);
    expect((await open.arrayBuffer()).byteLength).toBe(WEBM.byteLength - 4);
    const tail = await t.app.request(url, { headers: { ...auth(), Range: "bytes=-3" } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(WEBM.slice(-3));
    const past = await t.app.request(url, { headers: { ...auth(), Range: `bytes=${WEBM.byteLength}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${WEBM.byteLength}`);

    const staff = await waitForMail(t.db, (m) => m.to === "sav@macc.fr" && m.text.includes(request.reference));
    expect(staff.text).toContain("Vidéo, lien valable 7 jours :");
    const link = new URL(/https?:\/\/\S+\/api\/service-request-videos\/\S+/.exec(staff.text)![0]);
    const signed = await t.app.request(`${link.pathname}${link.search}`, { headers: { Range: "bytes=0-3" } });
    expect(signed.status).toBe(206);
    expect(new Uint8Array(await signed.arrayBuffer())).toEqual(WEBM.slice(0, 4));
    const expires = Number(link.searchParams.get("expires"));
    expect(expires - Date.now() / 1000).toBeGreaterThan(7 * 86_400 - 60);
    const tampered = new URLSearchParams(link.search);
    tampered.set("expires", String(expires + 1));
    await expectProblem(await t.app.request(`${link.pathname}?${tampered}`), 404);
    // The signature names its video: on another id it is refused.
    await expectProblem(await t.app.request(`/api/service-request-videos/${crypto.randomUUID()}${link.search}`), 404);
  });

  it("is not found for the account's other company, another customer, or under another request", async () => {
    const id = await uploaded();
    const request = await made(id);
    const url = request.video!.url;
    await expectProblem(await t.app.request(url, { headers: auth(tokens[AGR]) }), 404);
    await expectProblem(await t.app.request(url, { headers: auth(ukToken) }), 404);
    const other = await made(await uploaded());
    await expectProblem(await t.app.request(`/api/me/service-requests/${other.reference}/videos/${id}`, { headers: auth() }), 404);
    // Another company cannot name this company's upload either.
    const loose = await uploaded();
    const { rows } = await t.db.query<{ code_famille: string }>(
      "SELECT code_famille FROM company_product_purchases WHERE id_tier = $1 LIMIT 1",
      [AGR],
    );
    await expectProblem(await create(loose, tokens[AGR], rows[0]!.code_famille), 422);
  });

  it("is forgotten when no request named it within a day, and purged with an old request's photos", async () => {
    const loose = await uploaded();
    await t.db.query(`UPDATE service_request_videos SET created_at = now() - make_interval(hours => $2::int + 1) WHERE id = $1`, [
      loose,
      UNATTACHED_PHOTO_HOURS,
    ]);
    const id = await uploaded();
    const request = await made(id);
    await t.db.query("UPDATE service_requests SET created_at = now() - interval '400 days' WHERE reference = $1", [request.reference]);
    await housekeeping(t.db);
    const { rows } = await t.db.query<{ id: string; purged: boolean }>(
      "SELECT id, bytes IS NULL AS purged FROM service_request_videos WHERE id = ANY($1::uuid[])",
      [[loose, id]],
    );
    expect(rows).toEqual([{ id, purged: true }]);
    await expectProblem(await t.app.request(request.video!.url, { headers: auth() }), 404);
    const kept = (await (
      await t.app.request(`/api/me/service-requests/${request.reference}`, { headers: auth() })
    ).json()) as ServiceRequestAnswer;
    expect(kept.video).toBeNull();
  });
});
