/**
 * The RIB upload's edges (issue 26 item 10): the per-account change limit and the body limit refuse
 * before the body is read; superseded versions' documents are purged after the retention period.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig, StartupError } from "../config.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { makePdf } from "../demo/seed-helpers.ts";
import { housekeeping } from "../jobs/housekeeping.ts";
import { validatePendingBankDetails } from "../queries/bank-details.ts";
import { createTestApp, expectProblem, fromAddress, json, withBotCheck, type TestContext } from "../test-support.ts";

const AGR = "2000873"; // details in force and a change being validated
const BLG = "3000452"; // no details
const CHANGES_PER_ACCOUNT = 10;

let t: TestContext;
let small: TestContext;
let token: Record<string, string> = {};
let uuidCompte = "";

beforeAll(async () => {
  t = await createTestApp({ features: ["coordonnee-bancaire"] });
  small = await createTestApp({ features: ["coordonnee-bancaire"], ribMaxBytes: 2048 }, t.db);
  const res = await t.app.request(
    "/api/auth/login",
    await withBotCheck(t.app, json({ email: "multi@demo.macc.test", password: DEMO_PASSWORD })),
    fromAddress("10.78.0.1"),
  );
  const body = (await res.json()) as { user: { uuidCompte: string; entreprises: { idTier: string; token: string }[] } };
  uuidCompte = body.user.uuidCompte;
  token = Object.fromEntries(body.user.entreprises.map((e) => [e.idTier, e.token]));
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("DELETE FROM rate_limits WHERE key LIKE 'bank-details:%'");
});

/** The account's count of changes in the window. */
const changesCounted = async () =>
  (await t.db.query<{ count: number }>("SELECT count FROM rate_limits WHERE key = $1", [`bank-details:account:${uuidCompte}`])).rows[0]
    ?.count ?? 0;

/** A change's multipart body, as bytes, with a document of `size` bytes. */
async function changeBody(intitule: string, size = 2048): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string }> {
  const pdf = new Uint8Array(size);
  pdf.set(makePdf("RIB", intitule).subarray(0, Math.min(size, 64)));
  const form = new FormData();
  form.set("iban", "FR76 3000 4000 0312 3456 7890 143");
  form.set("intitule", intitule);
  form.set("rib", new File([pdf], "rib.pdf", { type: "application/pdf" }));
  const res = new Response(form);
  return { bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get("content-type")! };
}

/**
 * A body that the server must ask for: nothing is produced before the server reads (no read-ahead),
 * and nothing at all until `gate` resolves. `read` counts the bytes the server took.
 */
function meteredBody(bytes: Uint8Array, gate: Promise<void> = Promise.resolve(), chunk = 16 * 1024) {
  const meter = { read: 0, asked: false };
  let offset = 0;
  let askedResolve: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (askedResolve = resolve));
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        meter.asked = true;
        askedResolve();
        await gate;
        if (offset >= bytes.length) return controller.close();
        const part = bytes.subarray(offset, offset + chunk);
        offset += part.length;
        meter.read += part.length;
        controller.enqueue(part);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, meter, asked };
}

/** Resolves once `n` of `promises` have resolved. */
function whenCount(promises: Promise<unknown>[], n: number): Promise<void> {
  let done = 0;
  return new Promise((resolve) => promises.forEach((p) => void p.then(() => ++done === n && resolve())));
}

async function upload(ctx: TestContext, body: ReadableStream<Uint8Array>, headers: Record<string, string>): Promise<Response> {
  return ctx.app.request("/api/me/bank-details", {
    method: "POST",
    headers: { Authorization: `Bearer ${token[BLG]}`, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("the change limit is checked before the body is read", () => {
  it("16 concurrent uploads: the 6 over the limit are answered 429 without a byte read, the 10 within it are read and recorded", async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const body = await changeBody("Concurrent", 256 * 1024);
    const uploads = Array.from({ length: 16 }, () => {
      const metered = meteredBody(body.bytes, gate);
      const answer = upload(t, metered.stream, { "Content-Type": body.type, "Content-Length": String(body.bytes.length) });
      const upload_ = { ...metered, answer, answered: null as Response | null };
      void answer.then((res) => (upload_.answered = res));
      return upload_;
    });
    // With the bodies held back, only the refusals can be answered; a server reading every body
    // first would instead ask for all 16 and answer none.
    const refused = whenCount(
      uploads.map((u) => u.answer),
      16 - CHANGES_PER_ACCOUNT,
    ).then(() => "refused before reading" as const);
    const allAsked = Promise.all(uploads.map((u) => u.asked)).then(() => "every body was asked for" as const);
    expect(await Promise.race([refused, allAsked])).toBe("refused before reading");
    await whenCount(
      uploads.map((u) => u.asked),
      CHANGES_PER_ACCOUNT,
    );

    const early = uploads.filter((u) => u.answered);
    expect(early).toHaveLength(16 - CHANGES_PER_ACCOUNT);
    for (const u of early) {
      expect((await expectProblem(u.answered!, 429)).type).toBe("urn:macc:problem:too-many-requests");
      expect(u.meter).toEqual({ read: 0, asked: false });
    }
    expect(uploads.filter((u) => u.meter.asked)).toHaveLength(CHANGES_PER_ACCOUNT);
    expect(await changesCounted()).toBe(CHANGES_PER_ACCOUNT);

    open();
    const statuses = await Promise.all(uploads.map(async (u) => (await u.answer).status));
    expect(statuses.filter((s) => s === 202)).toHaveLength(CHANGES_PER_ACCOUNT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16 - CHANGES_PER_ACCOUNT);
    // Once the limit is reached, the next one is refused at once too.
    const next = meteredBody(body.bytes);
    await expectProblem(await upload(t, next.stream, { "Content-Type": body.type, "Content-Length": String(body.bytes.length) }), 429);
    expect(next.meter.read).toBe(0);
  });

  it("a change that is refused (422) or cannot be read (400) gives its count back: the limit counts recorded changes", async () => {
    const invalid = new FormData();
    invalid.set("iban", "FR00");
    const refused = await t.app.request("/api/me/bank-details", {
      method: "POST",
      headers: { Authorization: `Bearer ${token[BLG]}` },
      body: invalid,
    });
    await expectProblem(refused, 422);
    const broken = await t.app.request("/api/me/bank-details", {
      method: "POST",
      headers: { Authorization: `Bearer ${token[BLG]}`, "Content-Type": "multipart/form-data; boundary=x" },
      body: "--x\r\nnonsense",
    });
    await expectProblem(broken, 400);
    expect(await changesCounted()).toBe(0);
    const body = await changeBody("Counted");
    expect((await upload(t, meteredBody(body.bytes).stream, { "Content-Type": body.type })).status).toBe(202);
    expect(await changesCounted()).toBe(1);
  });
});

describe("the body limit", () => {
  it("a Content-Length over the limit → 413 problem+json before a byte is read, and nothing counted", async () => {
    const body = await changeBody("Announced");
    const metered = meteredBody(body.bytes);
    const limit = 2048 + 16 * 1024; // the document's limit and the form's fields
    const res = await upload(small, metered.stream, { "Content-Type": body.type, "Content-Length": String(limit + 1) });
    const problem = await expectProblem(res, 413);
    expect(problem).toMatchObject({ type: "urn:macc:problem:too-large", detail: "Le fichier est trop volumineux : 2\u202fko au maximum." });
    expect(metered.meter.read).toBe(0);
    expect(await changesCounted()).toBe(0);
  });

  it("without a Content-Length (chunked) → 413 as soon as the body passes the limit, read no further, and its count given back", async () => {
    const body = await changeBody("Streamed", 256 * 1024);
    const metered = meteredBody(body.bytes);
    await expectProblem(await upload(small, metered.stream, { "Content-Type": body.type }), 413);
    expect(metered.meter.read).toBeLessThanOrEqual(2048 + 16 * 1024 + 16 * 1024);
    expect(await changesCounted()).toBe(0);
  });
});

describe("superseded RIB documents are purged after RIB_RETENTION_DAYS", () => {
  const versions = async () =>
    (
      await t.db.query<{ status: string; has_bytes: boolean; rib_type: string | null; rib_name: string | null; purged: boolean }>(
        `SELECT status, rib_bytes IS NOT NULL AS has_bytes, rib_type, rib_name, rib_purged_at IS NOT NULL AS purged
         FROM bank_details WHERE id_tier = $1 ORDER BY submitted_at, status`,
        [AGR],
      )
    ).rows;
  const post = async (intitule: string) => {
    const body = await changeBody(intitule);
    const res = await t.app.request("/api/me/bank-details", {
      method: "POST",
      headers: { Authorization: `Bearer ${token[AGR]}`, "Content-Type": body.type },
      body: body.bytes,
    });
    expect(res.status).toBe(202);
  };
  const supersededDaysAgo = (status: string, days: number) =>
    t.db.query(`UPDATE bank_details SET superseded_at = now() - make_interval(days => $2) WHERE id_tier = $1 AND status = $3`, [
      AGR,
      days,
      status,
    ]);

  it("keeps the current and pending versions' documents and every row; purges the others' bytes once past the period", async () => {
    // AGR: its change being validated is withdrawn by a new one, which comes into force (the old
    // details replaced), then a new change is sent: one version of each status.
    await post("Withdrawn");
    expect(await validatePendingBankDetails(t.db, AGR)).toBe(true);
    await post("Pending");
    const before = await versions();
    expect(before.map((v) => v.status).sort()).toEqual(["in-force", "pending", "replaced", "withdrawn"]);
    expect(before.every((v) => v.has_bytes)).toBe(true);

    await supersededDaysAgo("replaced", 31);
    await supersededDaysAgo("withdrawn", 29);
    await housekeeping(t.db, { ribRetentionDays: 30 });
    const after = await versions();
    expect(after).toHaveLength(before.length);
    const of = (status: string) => after.find((v) => v.status === status)!;
    expect(of("replaced")).toMatchObject({ has_bytes: false, purged: true, rib_type: "pdf" });
    expect(of("replaced").rib_name).toBeTruthy();
    for (const status of ["withdrawn", "in-force", "pending"]) expect(of(status), status).toMatchObject({ has_bytes: true, purged: false });

    // A shorter period (0: at the next housekeeping) purges the withdrawn one too, never the current ones.
    await housekeeping(t.db, { ribRetentionDays: 0 });
    const last = await versions();
    expect(last).toHaveLength(before.length);
    expect(
      last
        .filter((v) => v.has_bytes)
        .map((v) => v.status)
        .sort(),
    ).toEqual(["in-force", "pending"]);
    // The current documents are still served.
    const current = await t.app.request("/api/me/bank-details", { headers: { Authorization: `Bearer ${token[AGR]}` } });
    const { inForce, pending } = (await current.json()) as { inForce: { id: string }; pending: { id: string } };
    for (const id of [inForce.id, pending.id]) {
      expect((await t.app.request(`/api/me/bank-details/${id}/rib`, { headers: { Authorization: `Bearer ${token[AGR]}` } })).status).toBe(
        200,
      );
    }
  });

  it("RIB_RETENTION_DAYS: 30 by default, 0 or more days; anything else stops the server", () => {
    expect(loadConfig({}).ribRetentionDays).toBe(30);
    expect(loadConfig({ RIB_RETENTION_DAYS: "90" }).ribRetentionDays).toBe(90);
    expect(loadConfig({ RIB_RETENTION_DAYS: "0" }).ribRetentionDays).toBe(0);
    for (const bad of ["-1", "thirty", "1.5"]) expect(() => loadConfig({ RIB_RETENTION_DAYS: bad })).toThrow(StartupError);
  });
});
