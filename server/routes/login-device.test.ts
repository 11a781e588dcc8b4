/**
 * The device cookie `macc_device` (issue 26 item 9): failures made elsewhere raise the login cost of
 * unknown devices only; a browser that logged in to the account before keeps the base cost.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deviceCookieValue, DEVICE_COOKIE_MAX_AGE_SECONDS } from "../auth/device-cookie.ts";
import { loadConfig } from "../config.ts";
import { DEMO_PASSWORD } from "../demo/seed.ts";
import { createTestApp, expectProblem, fromAddress, json, withBotCheck, type TestContext } from "../test-support.ts";

const OWNER = "welcome@demo.macc.test";
const SECRET = "device-cookie-secret-for-tests";
/** Two failures at the base cost, then twice, then four times the base (the highest). */
const LADDER = { loginFailuresAtBaseCost: 2, loginMaxCostDoublings: 2, deviceCookieSecret: SECRET } as const;

let t: TestContext;
let base: number;
let addressCounter = 0;
/** Each attempt from its own address: the per-address limit stays out of the way. */
const nextAddress = () => fromAddress(`10.9.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`);

beforeAll(async () => {
  t = await createTestApp(LADDER);
  base = t.config.botCheckMaxNumber;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.query("DELETE FROM rate_limits WHERE key LIKE 'login:%'");
});

/** A login attempt paying `maxnumber` of work (the base when omitted), with `device` as its device cookie. */
async function attempt(
  email: string,
  password: string,
  { device, maxnumber, app = t.app }: { device?: string; maxnumber?: number; app?: TestContext["app"] } = {},
) {
  const init = json({ email, password }, device ? { Cookie: `macc_device=${device}` } : {});
  return app.request("/api/auth/login", await withBotCheck(app, init, maxnumber), nextAddress());
}

/** The `macc_device` Set-Cookie header of an answer. */
function deviceSetCookie(res: Response): string {
  const header = res.headers.getSetCookie().find((c) => c.startsWith("macc_device="));
  expect(header).toBeDefined();
  return header!;
}
const cookieValue = (setCookie: string) => /^macc_device=([^;]*)/.exec(setCookie)![1]!;

/** Logs in to `email` with the right password → the device cookie it was given. */
async function knownDevice(email: string, device?: string): Promise<string> {
  const res = await attempt(email, DEMO_PASSWORD, { device });
  expect(res.status).toBe(200);
  return cookieValue(deviceSetCookie(res));
}

/** What an attacker without the owner's cookie does: enough failures, paid for, to put the account at the highest cost. */
async function raiseTheCost(email: string) {
  for (const maxnumber of [undefined, undefined, 2 * base, 4 * base]) {
    await expectProblem(await attempt(email, "Wrong-guess-1", { maxnumber }), 401);
  }
  const refused = (await expectProblem(await attempt(email, DEMO_PASSWORD), 403)) as unknown as { type: string; maxnumber: number };
  expect(refused).toMatchObject({ type: "urn:macc:problem:bot-check-cost", maxnumber: 4 * base });
}

const uuidOf = async (email: string) =>
  (await t.db.query<{ uuid_compte: string }>("SELECT uuid_compte FROM accounts WHERE email = $1", [email])).rows[0]!.uuid_compte;

describe("the device cookie macc_device", () => {
  it("is set by a successful login: HttpOnly, Secure, the refresh cookie's path and SameSite, one year, naming the account", async () => {
    const res = await attempt(OWNER, DEMO_PASSWORD);
    expect(res.status).toBe(200);
    const setCookie = deviceSetCookie(res);
    expect(setCookie.split("; ").slice(1).sort()).toEqual(
      ["HttpOnly", "Max-Age=31536000", "Path=/api/auth", "SameSite=Lax", "Secure"].sort(),
    );
    expect(DEVICE_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
    expect(cookieValue(setCookie).split(".")[0]).toBe(await uuidOf(OWNER));
    // A failed login leaves no cookie.
    expect((await attempt(OWNER, "Wrong-guess-1")).headers.getSetCookie().some((c) => c.startsWith("macc_device="))).toBe(false);
  });

  it("follows COOKIE_SAMESITE, so that it works with an API on another origin", async () => {
    const crossSite = await createTestApp({ ...LADDER, cookieSameSite: "None" }, t.db);
    const res = await attempt(OWNER, DEMO_PASSWORD, { app: crossSite.app });
    expect(res.status).toBe(200);
    expect(deviceSetCookie(res)).toMatch(/; SameSite=None(;|$)/);
    expect(deviceSetCookie(res)).toMatch(/; Secure(;|$)/);
  });

  it("an attacker raises the cost; the owner's known device still logs in at the base cost, a new device pays the raised one", async () => {
    const device = await knownDevice(OWNER);
    await raiseTheCost(OWNER);

    const owner = await attempt(OWNER, DEMO_PASSWORD, { device });
    expect(owner.status).toBe(200);
    // Re-issued for the same device (its id kept), a year from now.
    const reissued = deviceSetCookie(owner);
    expect(reissued).toMatch(/Max-Age=31536000/);
    expect(cookieValue(reissued).split(".").slice(0, 2)).toEqual(device.split(".").slice(0, 2));

    // The owner's success gave the guesser nothing: a new device still pays the raised cost.
    const newDevice = (await expectProblem(await attempt(OWNER, DEMO_PASSWORD), 403)) as unknown as { maxnumber: number };
    expect(newDevice.maxnumber).toBe(4 * base);
    expect((await attempt(OWNER, DEMO_PASSWORD, { maxnumber: 4 * base })).status).toBe(200);
  });

  it("a tampered cookie, one issued for another account, one signed with another key or over a year old count as unknown", async () => {
    const device = await knownDevice(OWNER);
    const otherAccount = await knownDevice("uk@demo.macc.test");
    await raiseTheCost(OWNER);

    const [uuid, id, issuedAt, signature] = device.split(".") as [string, string, string, string];
    const flip = (s: string) => (s.endsWith("A") ? `${s.slice(0, -1)}B` : `${s.slice(0, -1)}A`);
    const owner = await uuidOf(OWNER);
    const unknown = [
      [`${uuid}.${id}.${issuedAt}.${flip(signature)}`, "signature changed"],
      [`${uuid}.${flip(id)}.${issuedAt}.${signature}`, "device id changed"],
      [`${uuid}.${id}.${Number(issuedAt) + 1}.${signature}`, "issue time changed"],
      [`${await uuidOf("uk@demo.macc.test")}.${id}.${issuedAt}.${signature}`, "account changed"],
      [otherAccount, "issued for another account"],
      [deviceCookieValue("another-key", owner), "signed with another key"],
      [deviceCookieValue(SECRET, owner, id, Date.now() - (DEVICE_COOKIE_MAX_AGE_SECONDS + 60) * 1000), "over a year old"],
      ["garbage", "not a device cookie"],
    ];
    for (const [cookie, label] of unknown) {
      const refused = await attempt(OWNER, DEMO_PASSWORD, { device: cookie });
      expect(refused.status, label).toBe(403);
      expect(((await refused.json()) as { maxnumber: number }).maxnumber, label).toBe(4 * base);
    }
    // The genuine one, signed with DEVICE_COOKIE_SECRET, still logs in at the base cost.
    expect((await attempt(OWNER, DEMO_PASSWORD, { device })).status).toBe(200);
    // A cookie issued for another account names a new device when it logs in here.
    const replaced = await attempt(OWNER, DEMO_PASSWORD, { device: otherAccount, maxnumber: 4 * base });
    expect(replaced.status).toBe(200);
    const [newUuid, newId] = cookieValue(deviceSetCookie(replaced)).split(".");
    expect(newUuid).toBe(owner);
    expect(newId).not.toBe(otherAccount.split(".")[1]);
  });

  it("the owner mistyping on a known device is throttled on that device's own ladder, which nobody else can raise or use", async () => {
    const device = await knownDevice(OWNER);
    await expectProblem(await attempt(OWNER, "Typo-1", { device }), 401);
    await expectProblem(await attempt(OWNER, "Typo-2", { device }), 401);
    const slowed = (await expectProblem(await attempt(OWNER, DEMO_PASSWORD, { device }), 403)) as unknown as { maxnumber: number };
    expect(slowed.maxnumber).toBe(2 * base);
    // The device's failures are its own: a new device is not slowed by them…
    await expectProblem(await attempt(OWNER, "Wrong-guess-1"), 401);
    // …and the guesser's failures do not slow the device further.
    await expectProblem(await attempt(OWNER, "Wrong-guess-2"), 401);
    expect((await attempt(OWNER, DEMO_PASSWORD, { device, maxnumber: 2 * base })).status).toBe(200);
    // Its success resets its own count only: the base cost again for the device, not for the guesser.
    expect((await attempt(OWNER, DEMO_PASSWORD, { device })).status).toBe(200);
    expect(((await expectProblem(await attempt(OWNER, DEMO_PASSWORD), 403)) as unknown as { maxnumber: number }).maxnumber).toBe(2 * base);
  });

  it("without BOT_CHECK the known device keeps logging in while the account's plain limit refuses the others", async () => {
    const plain = await createTestApp({ ...LADDER, botCheck: false }, t.db);
    const send = (password: string, device?: string) =>
      plain.app.request(
        "/api/auth/login",
        json({ email: OWNER, password }, device ? { Cookie: `macc_device=${device}` } : {}),
        nextAddress(),
      );
    const device = await knownDevice(OWNER);
    await expectProblem(await send("Wrong-guess-1"), 401);
    await expectProblem(await send("Wrong-guess-2"), 401);
    await expectProblem(await send(DEMO_PASSWORD), 429);
    expect((await send(DEMO_PASSWORD, device)).status).toBe(200);
  });

  it("instances sharing the database agree on the key when DEVICE_COOKIE_SECRET is unset (one generated and stored)", async () => {
    const first = await createTestApp({ loginFailuresAtBaseCost: 2, loginMaxCostDoublings: 2 }, t.db);
    const second = await createTestApp({ loginFailuresAtBaseCost: 2, loginMaxCostDoublings: 2 }, t.db);
    const res = await attempt(OWNER, DEMO_PASSWORD, { app: first.app });
    const device = cookieValue(deviceSetCookie(res));
    await raiseTheCost(OWNER);
    expect((await attempt(OWNER, DEMO_PASSWORD, { device, app: second.app })).status).toBe(200);
    // Not the configured secret's signature: the stored key is another one.
    expect((await attempt(OWNER, DEMO_PASSWORD, { device })).status).toBe(403);
  });

  it("DEVICE_COOKIE_SECRET is read from the environment", () => {
    expect(loadConfig({ DEVICE_COOKIE_SECRET: ` ${SECRET} ` }).deviceCookieSecret).toBe(SECRET);
    expect(loadConfig({}).deviceCookieSecret).toBeUndefined();
  });

  it("the API document names the cookies the login sets", async () => {
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as {
      paths: Record<string, { post: { responses: Record<string, { headers?: Record<string, { description: string }> }> } }>;
    };
    const setCookie = doc.paths["/api/auth/login"]!.post.responses["200"]!.headers?.["Set-Cookie"];
    expect(setCookie?.description).toMatch(/macc_device/);
    expect(setCookie?.description).toMatch(/macc_refresh/);
  });
});
