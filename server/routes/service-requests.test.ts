/**
 * Service requests (issue 28, step 1): photos uploaded one by one (types by content, sizes before
 * the body is read, location data removed), the request recorded once per Idempotency-Key and
 * routed to the after-sales service and the adviser, the customer acknowledged; only the owner
 * reads a request or a photo; the staff's signed links; the retention purge.
 */
import { describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES, UNATTACHED_PHOTO_HOURS, VIDEO_MAX_BYTES, type ServiceRequestAnswer } from "../../src/contract/service-request.ts";
import { housekeeping } from "../jobs/housekeeping.ts";
import { expectProblem, json, outbox, waitForMail, serviceRequestCustomers, type TestContext } from "../test-support.ts";

const FRA = "1004217"; // multi@'s first company: the machines of MACH, an adviser
const AGR = "2000873"; // multi@'s second company
const TRACTOR = { codeProduit: "MACH-TRACT-130", numeroSerie: "TR130-20-00391" };

let t: TestContext;
let tokens: Record<string, string> = {};
let ukToken = "";

serviceRequestCustomers("10.79.0", (customers) => ({ t, tokens, ukToken } = customers));

const auth = (idTier = FRA) => ({ Authorization: `Bearer ${tokens[idTier]}` });

/** A JPEG whose EXIF segment (APP1) holds GPS coordinates, then a tiny scan. */
function jpegWithGps(): Uint8Array {
  const exif = new TextEncoder().encode("Exif\0\0GPSLatitude 47.4712 N GPSLongitude 0.5518 W");
  const app1 = [0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff, ...exif];
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00];
  return new Uint8Array([0xff, 0xd8, ...app0, ...app1, 0xff, 0xda, 0x00, 0x02, 0x11, 0x22, 0x33, 0xff, 0xd9]);
}

/** A PNG with an eXIf chunk and a text chunk, then IEND. */
function pngWithMetadata(): Uint8Array {
  const chunk = (type: string, data: number[]) => {
    const n = data.length;
    return [
      (n >>> 24) & 0xff,
      (n >>> 16) & 0xff,
      (n >>> 8) & 0xff,
      n & 0xff,
      ...[...type].map((ch) => ch.charCodeAt(0)),
      ...data,
      0,
      0,
      0,
      0,
    ];
  };
  const text = [...new TextEncoder().encode("GPS 47.47 N")];
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", Array(13).fill(1)),
    ...chunk("eXIf", text),
    ...chunk("tEXt", text),
    ...chunk("IEND", []),
  ]);
}

const upload = (bytes: Uint8Array, headers: Record<string, string> = auth(), type = "image/jpeg") =>
  t.app.request("/api/me/service-requests/photos", {
    method: "POST",
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: { "Content-Type": type, ...headers },
  });

async function uploaded(bytes = jpegWithGps(), idTier = FRA): Promise<string> {
  const res = await upload(bytes, auth(idTier));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const REQUEST = {
  codeFamille: "MACH",
  ...TRACTOR,
  kind: "breakdown",
  description: "Le tracteur ne démarre plus depuis ce matin, voyant moteur allumé.",
  usageHours: 4210,
  urgency: "machine-stopped",
  location: "farm",
  otherAddress: "",
  callTime: "morning",
  langue: "en-GB",
};

let keys = 0;
const create = (body: unknown, key: string | null = `service-request-key-${++keys}`, headers = auth()) =>
  t.app.request("/api/me/service-requests", json(body, { ...headers, ...(key ? { "Idempotency-Key": key } : {}) }));

describe("photos", () => {
  it("stores a JPEG without its EXIF segment, and a PNG without its eXIf and text chunks", async () => {
    const id = await uploaded();
    const png = await uploaded(pngWithMetadata());
    const { rows } = await t.db.query<{ id: string; bytes: Uint8Array; type: string }>(
      "SELECT id, bytes, type FROM service_request_photos WHERE id = ANY($1::uuid[])",
      [[id, png]],
    );
    for (const row of rows) {
      const text = Buffer.from(row.bytes).toString("latin1");
      expect(text).not.toContain("GPS");
    }
    expect(rows.map((r) => r.type).sort()).toEqual(["jpeg", "png"]);
    // The image data stays: the JPEG's scan, the PNG's header.
    expect(Buffer.from(rows.find((r) => r.id === id)!.bytes).includes(Buffer.from([0xff, 0xda, 0x00, 0x02, 0x11, 0x22, 0x33]))).toBe(true);
    expect(Buffer.from(rows.find((r) => r.id === png)!.bytes).toString("latin1")).toContain("IHDR");
  });

  it.each([
    ["a PDF sent as image/jpeg", new TextEncoder().encode("%PDF-1.7 not a photo at all")],
    ["a GIF", new TextEncoder().encode("GIF89a.........")],
    ["a JPEG cut short", new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00, 0x01])],
  ])("refuses %s by its content (422)", async (_, bytes) => {
    const problem = await expectProblem(await upload(bytes), 422);
    expect(problem.errors).toEqual([
      { path: "photo", message: "Ce type de fichier n'est pas accepté : envoyez une photo JPEG, PNG ou WebP." },
    ]);
  });

  it("refuses an empty body (422), and a photo over the limit with 422, never 413 (which ends the session)", async () => {
    await expectProblem(await upload(new Uint8Array()), 422);
    const big = new Uint8Array(PHOTO_MAX_BYTES + 1);
    big.set(jpegWithGps());
    const problem = await expectProblem(await upload(big), 422);
    expect(problem.type).toBe("urn:macc:problem:file-too-large");
    expect(problem.errors?.[0]?.path).toBe("photo");
  });
});

describe.each([
  ["photos", "image/jpeg", PHOTO_MAX_BYTES],
  ["videos", "video/mp4", VIDEO_MAX_BYTES],
])("the %s' upload", (kind, type, max) => {
  it("refuses on the announced Content-Length before reading the body: 422, never 413", async () => {
    let read = false;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          read = true;
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const res = await t.app.request(`/api/me/service-requests/${kind}`, {
      method: "POST",
      body,
      headers: { ...auth(), "Content-Type": type, "Content-Length": String(max + 1) },
      duplex: "half",
    } as RequestInit);
    expect((await expectProblem(res, 422)).type).toBe("urn:macc:problem:file-too-large");
    expect(read).toBe(false);
  });

  it("needs a company's token (401 without one)", async () => {
    const res = await t.app.request(`/api/me/service-requests/${kind}`, { method: "POST", body: "x", headers: { "Content-Type": type } });
    await expectProblem(res, 401);
  });
});

describe("a request", () => {
  it("is recorded once per Idempotency-Key with its photos, routed and acknowledged in the right languages", async () => {
    const photos = [await uploaded(), await uploaded(pngWithMetadata())];
    const key = "tractor-breakdown-0001";
    const first = await create({ ...REQUEST, photos }, key);
    expect(first.status).toBe(201);
    const body = (await first.json()) as ServiceRequestAnswer;
    expect(body.reference).toMatch(/^D-\d{4}-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(body).toMatchObject({
      status: "received",
      kind: "breakdown",
      urgency: "machine-stopped",
      usageHours: 4210,
      location: "farm",
      callTime: "morning",
      machine: { codeFamille: "MACH", produit: "Farm machinery", ...TRACTOR },
      sms: true,
    });
    expect(body.machine.dateAchat).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.address).not.toBe("");
    expect(body.photos.map((p) => p.id)).toEqual(photos);

    // The same submission again: the same answer, nothing done twice.
    const again = await create({ ...REQUEST, photos }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(body);
    const count = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM service_requests WHERE reference = $1", [body.reference]);
    expect(count.rows[0]?.n).toBe(1);
    // The same key for another request: refused.
    await expectProblem(await create({ ...REQUEST, photos, kind: "question" }, key), 422);

    // The FRA network's after-sales service, in French, with the photos' signed links.
    const staff = await waitForMail(t.db, (m) => m.to === "sav@macc.fr" && (m.subject ?? "").includes(body.reference));
    expect(staff.subject).toBe(`[SAV] URGENT Demande d'intervention ${body.reference} – ${staff.subject!.split(" – ")[1]}`);
    expect(staff.text).toContain("Panne — Machine à l'arrêt");
    expect(staff.text).toContain("n° de série TR130-20-00391");
    expect(staff.text).toContain("Photos (2), liens valables 7 jours :");
    const link = /https?:\/\/\S+\/api\/service-request-photos\/\S+/.exec(staff.text)![0];
    // The company's adviser too, in French.
    const adviser = await t.db.query<{ email: string }>(
      "SELECT a.email FROM company_advisers ca JOIN advisers a ON a.id = ca.adviser_id WHERE ca.id_tier = $1",
      [FRA],
    );
    const advised = await waitForMail(t.db, (m) => m.to === adviser.rows[0]!.email && (m.subject ?? "").includes(body.reference));
    expect(advised.text).toContain("Photos (2), liens valables 7 jours :");
    // The customer, in the language of the request (English), by e-mail and SMS.
    const ack = await waitForMail(t.db, (m) => m.to === "multi@demo.macc.test" && (m.subject ?? "").includes(body.reference));
    expect(ack.subject).toBe(`We have received your service request ${body.reference}`);
    expect(ack.text).toContain("Breakdown — Machine stopped");
    const sms = (await outbox(t.db)).filter((m) => m.text.includes(body.reference) && m.to === "+33612345678");
    expect(sms.map((m) => m.text)).toEqual([
      `MACC: we have received your service request ${body.reference}. Our after-sales service will call you.`,
    ]);
    const mails = (await outbox(t.db)).filter((m) => (m.subject ?? "").includes(body.reference));
    expect(mails.length).toBe(3);

    // The staff's link opens the photo without a session; altered or expired, it is not found.
    const path = link.replace(/^https?:\/\/[^/]+/, "");
    const opened = await t.app.request(path);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("image/jpeg");
    // Its first character changed (the one it has is sometimes "A").
    const altered = path.replace(/signature=(.)/, (_, first: string) => `signature=${first === "A" ? "B" : "A"}`);
    await expectProblem(await t.app.request(altered), 404);
    await expectProblem(await t.app.request(path.replace(/expires=\d+/, "expires=1000")), 404);

    // The owner reads it and its photos; anyone else, even their own other company, finds nothing.
    const one = await t.app.request(`/api/me/service-requests/${body.reference}`, { headers: auth() });
    expect(one.status).toBe(200);
    const photo = await t.app.request(body.photos[0]!.url, { headers: auth() });
    expect(photo.status).toBe(200);
    for (const other of [auth(AGR), { Authorization: `Bearer ${ukToken}` }]) {
      await expectProblem(await t.app.request(`/api/me/service-requests/${body.reference}`, { headers: other }), 404);
      await expectProblem(await t.app.request(body.photos[0]!.url, { headers: other }), 404);
    }
    // A photo given to a request cannot be given to another.
    await expectProblem(await create({ ...REQUEST, photos: [photos[0]] }), 422);
  });

  it("asks for the other address when the machine is elsewhere, and keeps it", async () => {
    const refused = await expectProblem(await create({ ...REQUEST, location: "other" }), 422);
    expect(refused.errors?.map((e) => e.path)).toEqual(["otherAddress"]);
    const res = await create({ ...REQUEST, location: "other", otherAddress: "Parcelle des Trois Chênes, 49070 Beaucouzé" });
    expect(((await res.json()) as ServiceRequestAnswer).address).toBe("Parcelle des Trois Chênes, 49070 Beaucouzé");
  });

  it("takes a family without saying which machine, and names the machine when the family holds one", async () => {
    const { codeProduit: _p, numeroSerie: _s, ...familyOnly } = REQUEST;
    const res = await create({ ...familyOnly, kind: "question" });
    expect(((await res.json()) as ServiceRequestAnswer).machine).toMatchObject({
      codeFamille: "MACH",
      codeProduit: null,
      numeroSerie: null,
    });
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ["a family not in the fleet", { codeFamille: "NOPE" }, ["codeFamille"]],
    ["a serial not in the family", { numeroSerie: "XX-0000" }, ["numeroSerie"]],
    ["seven photos", { photos: Array.from({ length: 7 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`) }, ["photos"]],
    ["a photo twice", { photos: ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000001"] }, ["photos"]],
    ["a photo never uploaded", { photos: ["00000000-0000-4000-8000-000000000001"] }, ["photos"]],
    ["an unknown kind", { kind: "repair" }, ["kind"]],
    ["a short description", { description: "panne" }, ["description"]],
    ["hours as text", { usageHours: "4210" }, ["usageHours"]],
    ["negative hours", { usageHours: -1 }, ["usageHours"]],
    ["no urgency", { urgency: undefined }, ["urgency"]],
    ["a bad language", { langue: "xx" }, ["langue"]],
  ])("refuses %s (422 on its field)", async (_, change, paths) => {
    const problem = await expectProblem(await create({ ...REQUEST, ...change }), 422);
    expect(problem.errors?.map((e) => e.path)).toEqual(paths);
  });

  it("answers 400 without an Idempotency-Key or with malformed JSON, 415 for another type", async () => {
    await expectProblem(await create(REQUEST, null), 400);
    await expectProblem(
      await t.app.request("/api/me/service-requests", {
        method: "POST",
        body: "{",
        headers: { ...auth(), "Content-Type": "application/json", "Idempotency-Key": "malformed-json-1" },
      }),
      400,
    );
    await expectProblem(
      await t.app.request("/api/me/service-requests", {
        method: "POST",
        body: "x",
        headers: { ...auth(), "Content-Type": "text/plain", "Idempotency-Key": "plain-text-1" },
      }),
      415,
    );
  });
});

describe("the list", () => {
  it("is newest first, filtered open or closed, the owner's only", async () => {
    const made = (await (await create({ ...REQUEST, kind: "maintenance", urgency: "can-wait" })).json()) as ServiceRequestAnswer;
    await t.db.query("UPDATE service_requests SET status = 'done', created_at = created_at - interval '1 day' WHERE reference <> $1", [
      made.reference,
    ]);
    const read = async (query: string, idTier = FRA) =>
      (
        (await (await t.app.request(`/api/me/service-requests${query}`, { headers: auth(idTier) })).json()) as {
          requests: { reference: string; status: string }[];
        }
      ).requests;
    const all = await read("");
    expect(all[0]?.reference).toBe(made.reference);
    expect((await read("?state=open")).map((r) => r.reference)).toEqual([made.reference]);
    expect((await read("?state=closed")).every((r) => r.status === "done")).toBe(true);
    expect(await read("", AGR)).toEqual([]);
    await expectProblem(await t.app.request("/api/me/service-requests?state=late", { headers: auth() }), 400);
    await expectProblem(await t.app.request("/api/me/service-requests/NOT-A-REF", { headers: auth() }), 404);
  });
});

describe("retention", () => {
  it("forgets uploads no request named within a day, and the photos of old requests", async () => {
    const loose = await uploaded();
    await t.db.query(`UPDATE service_request_photos SET created_at = now() - make_interval(hours => $2::int + 1) WHERE id = $1`, [
      loose,
      UNATTACHED_PHOTO_HOURS,
    ]);
    const photo = await uploaded();
    const made = (await (await create({ ...REQUEST, photos: [photo] })).json()) as ServiceRequestAnswer;
    await t.db.query("UPDATE service_requests SET created_at = now() - interval '400 days' WHERE reference = $1", [made.reference]);
    await housekeeping(t.db);
    const { rows } = await t.db.query<{ id: string; purged: boolean }>(
      "SELECT id, bytes IS NULL AS purged FROM service_request_photos WHERE id = ANY($1::uuid[])",
      [[loose, photo]],
    );
    expect(rows).toEqual([{ id: photo, purged: true }]);
    await expectProblem(await t.app.request(made.photos[0]!.url, { headers: auth() }), 404);
    const kept = (await (
      await t.app.request(`/api/me/service-requests/${made.reference}`, { headers: auth() })
    ).json()) as ServiceRequestAnswer;
    expect(kept.photos).toEqual([]);
  });
});
