#!/usr/bin/env node
// `npm run soak` (issue 13, "load, with nothing lost"): simulated customers on loopback, each going
// through a whole visit again and again for a bounded time — proof of work solved and login, a
// company chosen, the invoice list, an invoice PDF, a contact message (every third one sent again
// with its Idempotency-Key after the answer), a basket validation (every third one sent twice with
// its Idempotency-Key: one after the other, or both at once), a service request with 2 photos (1 visit
// in 4, at most 18 a customer: the API's hourly limit is 20; every other one sent again with its key),
// logout —
// on PGlite and on PostgreSQL (DATABASE_URL, else a throw-away cluster as the benchmark starts,
// in a schema of its own dropped afterwards). Then it checks in the database that exactly the
// contact messages, basket requests, service requests and their photos acknowledged with 2xx are
// there, each once, and that the
// outbox holds one notification per acknowledged write; any 5xx, unexpected status or timeout
// fails it too (exit 1). Writes throughput and latency per step in BENCHMARKS.md, between the
// `<!-- soak -->` markers (the rest of the file is `npm run bench`'s).
//
// The customers' accounts are written in SQL before the server starts (same password hash, linked
// to four demo companies). The server runs with the benchmark's settings (demo data, a cheap proof
// of work: BOT_CHECK_MAX_NUMBER=1000), the outbox (DEMO_OUTBOX=1: e-mails through the in-process
// SMTP receiver), TRUST_PROXY=1 with one X-Forwarded-For address per customer (as customers come
// from their own addresses), and its hourly limits raised (LOGIN_MAX_PER_CLIENT,
// CONTACT_MAX_PER_ACCOUNT, BASKET_MAX_PER_CLIENT, SMS_MAX_PER_NUMBER_PER_DAY): the soak measures the writes, not the throttle.
//
// With SOAK_INSTANCES=N (N > 1), N servers share the PostgreSQL database behind the benchmark's
// round-robin proxy (scripts/bench-proxy.mjs), and what one instance did is checked on the others:
// every repeat with an Idempotency-Key goes to another instance than its first answer and must be
// answered the same; after each logout, the session is refused on every other instance (its access
// token and its refresh cookie); a burst of wrong current passwords spread over the instances is
// refused (429) past the per-account limit, counted in the shared database.
//
// Options (environment, or the same as arguments: `--instances 4` for SOAK_INSTANCES=4):
// SOAK_CUSTOMERS (100), SOAK_DURATION seconds of load (60), SOAK_ENGINES (pglite,postgres; postgres
// only with instances), SOAK_INSTANCES (1), SOAK_OUT file to write the section to (BENCHMARKS.md; "-": none).
// Run with `node --import tsx` (npm run soak does): it uses the server's own migrations and seed.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../server/auth/passwords.ts";
import { defaultConfig } from "../server/config.ts";
import { openPgliteDb, postgresDb } from "../server/db/db.ts";
import { migrate } from "../server/db/migrate.ts";
import { DEMO_PASSWORD, seedDemoIfEmpty } from "../server/demo/seed.ts";
import { localMailer } from "../server/mail/mailer.ts";
import { deliverPending } from "../server/mail/queue.ts";
import { botCheckProof } from "./bench-api.mjs";
import { onStop, startPostgres, startProxy, startServer, stopAll } from "./bench-processes.mjs";
import { soakSection, withSoakSection } from "./soak-section.mjs";

const ENGINES = ["pglite", "postgres"];
const STEPS = [
  ["challenge", "`GET /api/bot-check/challenge` (3 a visit, 4 when the message is sent again)"],
  ["login", "`POST /api/auth/login`"],
  ["company", "company chosen: `GET /api/me`"],
  ["notifications", "`GET /api/me/notifications` (the action banner and the header's count, every page)"],
  ["invoices", "`GET /api/me/invoices?page=1`"],
  ["pdf", "`GET /api/me/invoices/{id}/pdf`"],
  ["contact", "`POST /api/me/contact`"],
  ["contact again", "the same contact message, same key (1 visit in 3)"],
  ["basket", "`POST /api/basket/requests`"],
  ["basket again", "the same basket, same key (1 visit in 3)"],
  ["fleet", "`GET /api/me/products` (1 visit in 4)"],
  ["photo", "`POST /api/me/service-requests/photos`, 2 a service request"],
  ["service request", "`POST /api/me/service-requests` naming the 2 photos (1 visit in 4)"],
  ["service request again", "the same service request, same key (every other one)"],
  ["team member", "a team member's visit (1 customer in 5, the companies' accountant): `GET /api/me/security/activity` after the invoices"],
  ["logout", "`POST /api/auth/logout`"],
  ["logged out", "after the logout, its access token and refresh cookie (401 expected; on every other instance)"],
  ["wrong password", "wrong current passwords, one burst per run (`POST /api/me/password`, 422 then 429 past the limit)"],
];
/** Each customer's companies (demo data): two networks, from 2,150 invoices down to 25. */
const COMPANIES = ["1004217", "2000873", "1005530", "1006612"];
const RAISED = "1000000";
/** Wrong current passwords allowed per account in the window (not raised): the burst sends two more. */
const PASSWORD_FAILURES = defaultConfig().passwordMaxFailuresPerAccount;
/** A service request every SERVICE_REQUEST_EVERY visits, at most SERVICE_REQUESTS_MAX a customer (the API allows 20 an hour). */
const SERVICE_REQUEST_EVERY = 4;
const SERVICE_REQUESTS_MAX = 18;
/** A photo as small as a JPEG gets (start, JFIF header, a scan, end): the API checks it by its content. */
const PHOTO = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xda, 0x00,
  0x02, 0x11, 0x22, 0x33, 0xff, 0xd9,
]);
/** The longest any answer may take before it counts as a hang. */
const REQUEST_TIMEOUT_MS = 30_000;

/** `--name value` arguments as their SOAK_NAME variables. */
function argumentsAsEnv(args) {
  const env = {};
  for (let i = 0; i < args.length; i += 2) {
    const name = /^--([a-z]+)$/.exec(args[i] ?? "")?.[1];
    if (!name || args[i + 1] === undefined) throw new Error(`expected --name value arguments, got ${args.slice(i).join(" ")}`);
    env[`SOAK_${name.toUpperCase()}`] = args[i + 1];
  }
  return env;
}

function readOptions(env = { ...process.env, ...argumentsAsEnv(process.argv.slice(2)) }) {
  const positive = (name, fallback) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name}: expected a whole positive number, got ${env[name]}`);
    return value;
  };
  const instances = positive("SOAK_INSTANCES", 1);
  const engines = (env.SOAK_ENGINES ?? (instances > 1 ? "postgres" : ENGINES.join(","))).split(",").map((e) => e.trim());
  const unknown = engines.filter((e) => !ENGINES.includes(e));
  if (unknown.length > 0) throw new Error(`SOAK_ENGINES: unknown ${unknown.join(", ")} (expected ${ENGINES.join(", ")})`);
  // PGlite's folder is opened by one process at a time.
  if (instances > 1 && engines.includes("pglite"))
    throw new Error("SOAK_INSTANCES: several instances need PostgreSQL (SOAK_ENGINES=postgres)");
  const out = env.SOAK_OUT ?? "BENCHMARKS.md";
  return {
    customers: positive("SOAK_CUSTOMERS", 100),
    duration: positive("SOAK_DURATION", 60),
    engines,
    instances,
    out: out === "-" ? undefined : out,
  };
}

const emailOf = (run, i) => `soak-${run}-${i}@soak.macc.test`;
/** One customer in TEAM_MEMBER_EVERY is the companies' accountant (issue 29): invoices and activity, nothing to send. */
const TEAM_MEMBER_EVERY = 5;
const isTeamMember = (i) => i % TEAM_MEMBER_EVERY === 0;

/** Migrations, demo data, and the customers' accounts, each linked to the four companies. */
async function prepare(db, run, customers) {
  await migrate(db);
  await seedDemoIfEmpty(db);
  const hash = await hashPassword(DEMO_PASSWORD);
  await db.query(
    `INSERT INTO accounts (email, password_hash, civilite, prenom, nom, mobile, pays, langue)
     SELECT 'soak-' || $1 || '-' || i || '@soak.macc.test', $2, 'M.', 'Client', 'Soak ' || i, '+33 6 12 34 56 78', 'FR', 'fr-FR'
     FROM generate_series(1, $3::int) AS i`,
    [run, hash, customers],
  );
  await db.query(
    `INSERT INTO account_companies (uuid_compte, id_tier, position, role)
     SELECT a.uuid_compte, c.id_tier, c.position - 1, CASE WHEN a.email = ANY($3::text[]) THEN 'accountant' ELSE 'owner' END
     FROM accounts a CROSS JOIN unnest($2::text[]) WITH ORDINALITY AS c(id_tier, position)
     WHERE a.email LIKE 'soak-' || $1 || '-%'`,
    [
      run,
      COMPANIES,
      Array.from({ length: customers }, (_, k) => k + 1)
        .filter(isTeamMember)
        .map((i) => emailOf(run, i)),
    ],
  );
  // The contact form's service per company: its network's first sub-service, by its French name.
  const { rows } = await db.query(
    `SELECT DISTINCT ON (c.id_tier) c.id_tier, n.nom
     FROM companies c JOIN footer_sub_services s ON s.code_reseau = c.code_reseau
     JOIN footer_sub_service_names n ON n.sub_service_id = s.id AND n.langue = 'fr'
     WHERE c.id_tier = ANY($1::text[]) ORDER BY c.id_tier, s.position`,
    [COMPANIES],
  );
  return Object.fromEntries(rows.map((r) => [r.id_tier, r.nom]));
}

/** Latencies and statuses per step, and what went wrong. */
function createRecorder() {
  const steps = new Map(STEPS.map(([key]) => [key, { ms: [], statuses: new Map() }]));
  const problems = [];
  return {
    steps,
    problems,
    record(step, status, ms) {
      const s = steps.get(step);
      s.ms.push(ms);
      s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
    },
    problem(text) {
      problems.push(text);
      if (problems.length <= 10) console.error(`soak: ${text}`);
    },
  };
}

/**
 * A timed request of one step: its answer with the body read (JSON, or bytes for a PDF). A status
 * other than `expect` (or an error, a timeout) is a problem; null is then returned.
 */
async function call(rec, step, url, init, expect) {
  const started = performance.now();
  let status = 0;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    status = res.status;
    const body = res.headers.get("content-type")?.startsWith("application/pdf")
      ? Buffer.from(await res.arrayBuffer())
      : await res.text().then((t) => (t ? JSON.parse(t) : null));
    rec.record(step, status, performance.now() - started);
    if (!expect.includes(status)) {
      rec.problem(`${step}: HTTP ${status} ${JSON.stringify(body).slice(0, 200)}`);
      return null;
    }
    return { status, body, headers: res.headers, instance: Number(res.headers.get("x-bench-instance") ?? 0) };
  } catch (err) {
    rec.record(step, status, performance.now() - started);
    rec.problem(`${step}: ${reason(err)}`);
    return null;
  }
}

/** Why a request got no answer: a timeout, or the connection's error. */
const reason = (err) =>
  err.name === "TimeoutError"
    ? `no answer after ${REQUEST_TIMEOUT_MS / 1000} s`
    : `${err.message}${err.cause ? ` (${err.cause.code ?? err.cause.message})` : ""}`;

/** One customer's visits until the deadline; what the API acknowledged goes into `acks`. */
async function customer(ctx, i) {
  const { origin, rec, deadline } = ctx;
  const address = `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`; // RFC 2544's benchmark range
  const base = { "X-Forwarded-For": address };
  const timedGet = (url) => {
    const started = performance.now();
    return fetch(url, { headers: base, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(
      (res) => {
        rec.record("challenge", res.status, performance.now() - started);
        return res;
      },
      (err) => {
        rec.record("challenge", 0, performance.now() - started);
        throw err;
      },
    );
  };
  const proof = () => botCheckProof(origin, timedGet);
  for (let visit = 1; Date.now() < deadline; visit++) {
    ctx.visits += 1;
    // A challenge that could not be had ends the visit (`call` catches the other failures).
    await visitOnce(ctx, i, visit, base, proof).catch((err) => rec.problem(`challenge: ${reason(err)}`));
  }
}

/** Headers sending a request to instance `index` (any whole number, taken modulo their count); none with one instance. */
const toInstance = (ctx, index) => (ctx.instances > 1 ? { "X-Bench-Instance": String(index % ctx.instances) } : {});

/** One visit of customer `i`, from login to logout. */
async function visitOnce(ctx, i, visit, base, proof) {
  const { origin, run, services, rec, acks } = ctx;
  const login = await call(
    rec,
    "login",
    `${origin}/api/auth/login`,
    {
      method: "POST",
      headers: { ...base, "Content-Type": "application/json", "X-Bot-Check": await proof() },
      body: JSON.stringify({ email: emailOf(run, i), password: DEMO_PASSWORD }),
    },
    [200],
  );
  if (!login) return;
  const refresh = /macc_refresh=[^;]*/.exec(login.headers.get("set-cookie") ?? "")?.[0] ?? "";
  const company = login.body.user.entreprises[(i + visit) % login.body.user.entreprises.length];
  const auth = { ...base, Authorization: `Bearer ${company.token}` };
  const steps = async () => {
    if (!(await call(rec, "company", `${origin}/api/me`, { headers: auth }, [200]))) return;
    // Every page of a logged-in customer reads what needs them (the action banner and the header's count): once.
    if (!(await call(rec, "notifications", `${origin}/api/me/notifications`, { headers: auth }, [200]))) return;
    const page = await call(rec, "invoices", `${origin}/api/me/invoices?page=1`, { headers: auth }, [200]);
    const invoice = page?.body.items[visit % page.body.items.length];
    if (!invoice) return;
    const pdf = await call(rec, "pdf", `${origin}/api/me/invoices/${invoice.id}/pdf`, { headers: auth }, [200]);
    if (pdf && pdf.body.subarray(0, 5).toString() !== "%PDF-") rec.problem("pdf: not a PDF");
    // A team member reads the invoices and the account's activity; basket and service requests are not theirs to send.
    if (isTeamMember(i)) {
      await call(rec, "team member", `${origin}/api/me/security/activity`, { headers: auth }, [200]);
      return;
    }
    const token = `SOAK-${run}-${i}-${visit}`;
    // With its key, as the form sends it; one visit in three sends it again after the answer (a
    // retry), to another instance than the one that answered.
    const sendContact = async (step, instance = {}) =>
      call(
        rec,
        step,
        `${origin}/api/me/contact`,
        {
          method: "POST",
          headers: {
            ...auth,
            ...instance,
            "Content-Type": "application/json",
            "Idempotency-Key": `soak-contact-${run}-${i}-${visit}`,
            "X-Bot-Check": await proof(),
          },
          body: JSON.stringify({ service: services[company.idTier], subject: token, message: `Message de charge ${token}, merci.` }),
        },
        [201],
      );
    const contact = await sendContact("contact");
    if (contact) acks.contacts.set(contact.body.id, token);
    if (contact && (i + visit) % 3 === 1) {
      const again = await sendContact("contact again", toInstance(ctx, contact.instance + 1));
      if (again && (again.body.id !== contact.body.id || again.headers.get("idempotent-replayed") !== "true"))
        rec.problem("contact: a repeat with its key was not answered with the first answer");
      if (again) ctx.cross.replays += Number(again.instance !== contact.instance);
    }
    await basket(ctx, {
      auth,
      proof: await proof(),
      key: `soak-${run}-${i}-${visit}`,
      first: i + visit,
      twice: (i + visit) % 3 === 0 ? ((i + visit) % 6 === 0 ? "after" : "together") : null,
    });
    if (visit % SERVICE_REQUEST_EVERY === 1 && visit <= SERVICE_REQUEST_EVERY * SERVICE_REQUESTS_MAX) {
      await serviceRequest(ctx, { auth, key: `soak-service-${run}-${i}-${visit}`, first: i + visit, twice: (i + visit) % 2 === 0 });
    }
  };
  await steps();
  const logout = await call(
    rec,
    "logout",
    `${origin}/api/auth/logout`,
    {
      method: "POST",
      headers: { ...base, "X-Requested-With": "macc", Cookie: refresh, Authorization: `Bearer ${login.body.accessToken}` },
    },
    [204],
  );
  if (logout) await loggedOut(ctx, logout.instance, { base, auth, refresh });
}

/**
 * The session ended by the logout that instance `by` answered is refused everywhere else: its
 * company token on every other instance (or the same one when alone), its refresh cookie on the next.
 */
async function loggedOut(ctx, by, { base, auth, refresh }) {
  const { origin, rec } = ctx;
  const others = ctx.instances > 1 ? Array.from({ length: ctx.instances - 1 }, (_, k) => by + 1 + k) : [by];
  for (const other of others) {
    const answer = await call(rec, "logged out", `${origin}/api/me`, { headers: { ...auth, ...toInstance(ctx, other) } }, [401]);
    ctx.cross.refused += Number(answer !== null && answer.instance !== by);
  }
  const renewed = await call(
    rec,
    "logged out",
    `${origin}/api/auth/refresh`,
    { method: "POST", headers: { ...base, ...toInstance(ctx, by + 1), "X-Requested-With": "macc", Cookie: refresh } },
    [401],
  );
  ctx.cross.refused += Number(renewed !== null && renewed.instance !== by);
}

/**
 * A burst of wrong current passwords from one logged-in customer, each to the next instance: the
 * first PASSWORD_FAILURES are answered 422, the rest 429, as the count is kept in the database.
 * The statuses in order, or null when the login failed.
 */
async function wrongPasswords(ctx, i) {
  const { origin, run, rec } = ctx;
  const base = { "X-Forwarded-For": "198.19.0.1" };
  const login = await call(
    rec,
    "login",
    `${origin}/api/auth/login`,
    {
      method: "POST",
      headers: {
        ...base,
        "Content-Type": "application/json",
        "X-Bot-Check": await botCheckProof(origin, (url) => fetch(url, { headers: base })),
      },
      body: JSON.stringify({ email: emailOf(run, i), password: DEMO_PASSWORD }),
    },
    [200],
  );
  if (!login) return null;
  const statuses = [];
  for (let k = 0; k < PASSWORD_FAILURES + 2; k++) {
    const answer = await call(
      rec,
      "wrong password",
      `${origin}/api/me/password`,
      {
        method: "POST",
        headers: { ...base, ...toInstance(ctx, k), "Content-Type": "application/json", Authorization: `Bearer ${login.body.accessToken}` },
        body: JSON.stringify({
          ancienMotDePasse: "Pas le bon 2026!",
          nouveauMotDePasse: "Nouveau2026!",
          confirmerMotDePasse: "Nouveau2026!",
        }),
      },
      k < PASSWORD_FAILURES ? [422] : [429],
    );
    statuses.push(answer?.status ?? 0);
  }
  return statuses;
}

const BASKET = {
  items: ["1001", "1007"],
  nom: "Client Soak",
  societe: "GAEC de la Charge",
  mobile: "06 12 34 56 78",
  immat: "552 100 554",
  pays: "FR",
  langue: "fr-FR",
};

/**
 * A basket validation; `twice`: sent again with the same key and proof after the answer
 * ("after", a retry) or at the same moment ("together", a double click). A copy still in progress
 * (409) is sent again after its Retry-After, as the elements do.
 */
async function basket(ctx, { auth, proof, key, twice, first }) {
  const { origin, rec, acks } = ctx;
  const send = async (step, instance = {}) => {
    for (let attempt = 0; ; attempt++) {
      const answer = await call(
        rec,
        step,
        `${origin}/api/basket/requests`,
        {
          method: "POST",
          headers: { ...auth, ...instance, "Content-Type": "application/json", "Idempotency-Key": key, "X-Bot-Check": proof },
          body: JSON.stringify(BASKET),
        },
        step === "basket" && !twice ? [201] : [201, 409],
      );
      if (answer?.status !== 409 || attempt >= 5) return answer?.status === 201 ? answer : null;
      await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get("retry-after") ?? 1) * 1000));
    }
  };
  // The copy goes to another instance than the first: after its answer, or at the same moment.
  let answers;
  if (twice === "together")
    answers = await Promise.all([send("basket", toInstance(ctx, first)), send("basket again", toInstance(ctx, first + 1))]);
  else if (twice === "after") {
    const one = await send("basket");
    answers = [one, await send("basket again", toInstance(ctx, (one?.instance ?? first) + 1))];
  } else answers = [await send("basket")];
  const done = answers.filter(Boolean);
  if (done.length === 0) return;
  const ids = new Set(done.map((a) => a.body.id));
  if (ids.size > 1) rec.problem(`basket: one key, ${ids.size} requests (${key})`);
  if (done.length === 2) ctx.cross.replays += Number(done[0].instance !== done[1].instance);
  const replayed = done.filter((a) => a.headers.get("idempotent-replayed") === "true").length;
  if (done.length === 2 && replayed !== 1) rec.problem(`basket: the same key twice, ${replayed} replayed answer(s) (${key})`);
  for (const a of done) acks.baskets.set(a.body.id, { reference: a.body.reference, sms: a.body.sms });
}

/**
 * A service request about the company's first family of the fleet, with 2 photos uploaded first;
 * `twice`: sent again with its key after the answer, to another instance, and answered the same.
 */
async function serviceRequest(ctx, { auth, key, first, twice }) {
  const { origin, rec, acks } = ctx;
  const fleet = await call(rec, "fleet", `${origin}/api/me/products?langue=fr-FR`, { headers: auth }, [200]);
  const family = fleet?.body.items[0]?.codeFamille;
  if (!family) return;
  const photos = [];
  for (let k = 0; k < 2; k++) {
    const init = { method: "POST", headers: { ...auth, "Content-Type": "image/jpeg" }, body: PHOTO };
    const photo = await call(rec, "photo", `${origin}/api/me/service-requests/photos`, init, [201]);
    if (!photo) return;
    photos.push(photo.body.id);
  }
  const body = JSON.stringify({
    codeFamille: family,
    kind: "question",
    description: `Demande de charge ${key}, deux photos jointes.`,
    urgency: "can-wait",
    location: "farm",
    callTime: "any",
    photos,
    langue: "fr-FR",
  });
  const send = (step, instance) =>
    call(
      rec,
      step,
      `${origin}/api/me/service-requests`,
      { method: "POST", headers: { ...auth, ...instance, "Content-Type": "application/json", "Idempotency-Key": key }, body },
      [201],
    );
  const made = await send("service request", toInstance(ctx, first));
  if (!made) return;
  acks.serviceRequests.set(made.body.reference, photos);
  if (made.body.photos.map((p) => p.id).join() !== photos.join()) rec.problem(`service request: its photos not as sent (${key})`);
  if (!twice) return;
  const again = await send("service request again", toInstance(ctx, made.instance + 1));
  if (again && (again.body.reference !== made.body.reference || again.headers.get("idempotent-replayed") !== "true"))
    rec.problem(`service request: a repeat with its key was not answered with the first answer (${key})`);
  if (again) ctx.cross.replays += Number(again.instance !== made.instance);
}

/** Waits until the outbox stops changing (the last deliveries after the load), at most a minute. */
async function settleOutbox(origin) {
  const until = Date.now() + 60_000;
  let last = "";
  let stableSince = Date.now();
  while (Date.now() < until) {
    const now = await (await fetch(`${origin}/demo/outbox.json`)).text();
    if (now !== last) [last, stableSince] = [now, Date.now()];
    else if (Date.now() - stableSince >= 3_000) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * E-mails whose delivery failed during the load (the in-process receiver of a saturated server
 * not greeting within 5 s) are still queued: sent now as the server's queue would send them a
 * minute later (`deliverPending`, made due at once), through the same kind of receiver. How many.
 */
async function retryQueue(db) {
  await db.query("UPDATE mail_queue SET next_attempt_at = now() WHERE sent_at IS NULL");
  const mailer = localMailer(db, defaultConfig().mailFrom);
  let sent = 0;
  try {
    for (let batch; (batch = await deliverPending(db, mailer)) > 0;) sent += batch;
  } finally {
    await mailer.close();
  }
  return sent;
}

/** The database's account of the run, checked against what was acknowledged: the failed checks. */
async function verify(db, run, acks) {
  const failures = [];
  const expectSame = (what, stored, acknowledged) => {
    const missing = [...acknowledged].filter((id) => !stored.includes(id));
    const extra = stored.filter((id) => !acknowledged.has(id));
    const twice = stored.length - new Set(stored).size;
    if (missing.length + extra.length + twice > 0)
      failures.push(
        `${what}: ${missing.length} acknowledged but missing, ${extra.length} stored but not acknowledged, ${twice} stored twice`,
      );
  };
  const mine = `(SELECT uuid_compte FROM accounts WHERE email LIKE 'soak-' || $1 || '-%')`;
  const contacts = await db.query(`SELECT id FROM contact_messages WHERE uuid_compte IN ${mine}`, [run]);
  expectSame(
    "contact messages",
    contacts.rows.map((r) => r.id),
    new Set(acks.contacts.keys()),
  );
  const baskets = await db.query(`SELECT id FROM basket_requests WHERE uuid_compte IN ${mine}`, [run]);
  expectSame(
    "basket requests",
    baskets.rows.map((r) => r.id),
    new Set(acks.baskets.keys()),
  );
  const serviceRequests = await db.query(`SELECT reference FROM service_requests WHERE uuid_compte IN ${mine}`, [run]);
  expectSame(
    "service requests",
    serviceRequests.rows.map((r) => r.reference),
    new Set(acks.serviceRequests.keys()),
  );
  // Each photo named by an acknowledged request, once, with its bytes (an upload whose request was
  // not acknowledged stays unnamed until the purge).
  const photos = await db.query(
    `SELECT p.id FROM service_request_photos p JOIN service_requests r ON r.id = p.request_id
     WHERE r.uuid_compte IN ${mine} AND p.bytes IS NOT NULL`,
    [run],
  );
  expectSame(
    "service request photos",
    photos.rows.map((r) => r.id),
    new Set([...acks.serviceRequests.values()].flat()),
  );

  // One notification per write: the service's e-mail and the customer's acknowledgement for a
  // message, the adviser's e-mail for a basket (and its SMS when the answer said it was sent).
  const { rows: outbox } = await db.query(`SELECT channel, subject, body FROM outbox`);
  const count = (pick) => {
    const counts = new Map();
    for (const row of outbox) {
      const key = pick(row);
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };
  const tokenIn = (text) => /SOAK-[0-9a-f]+-\d+-\d+/.exec(text ?? "")?.[0];
  const referenceIn = (text) => /P-\d{4}-[0-9A-HJKMNP-TV-Z]{6}/.exec(text ?? "")?.[0];
  const serviceMails = count((r) => r.channel === "email" && r.subject?.startsWith("[Formulaire de contact]") && tokenIn(r.subject));
  const receipts = count((r) => r.channel === "email" && !r.subject?.startsWith("[Formulaire de contact]") && tokenIn(r.body));
  const basketMails = count((r) => r.channel === "email" && r.subject?.startsWith("[Panier]") && referenceIn(r.subject));
  const texts = count((r) => r.channel === "sms" && referenceIn(r.body));
  /** One each for `keys` (at most one where `exactly` says no), none for anything else. */
  const expectOnce = (what, counts, keys, exactly = () => true) => {
    const wrong = keys.filter((k) => (exactly(k) ? counts.get(k) !== 1 : (counts.get(k) ?? 0) > 1)).length;
    const stray = [...counts.keys()].filter((k) => !keys.includes(k)).length;
    if (wrong + stray > 0) failures.push(`${what}: ${wrong} write(s) without exactly one, ${stray} for no acknowledged write`);
  };
  const tokens = [...acks.contacts.values()];
  const references = [...acks.baskets.values()].map((b) => b.reference);
  expectOnce("contact e-mails to the service", serviceMails, tokens);
  expectOnce("contact acknowledgements to the customer", receipts, tokens);
  expectOnce("basket e-mails to the adviser or service", basketMails, references);
  // An SMS the provider had not accepted within 5 s (`sms: false` in the answer) may still arrive.
  const smsSent = new Set([...acks.baskets.values()].filter((b) => b.sms).map((b) => b.reference));
  expectOnce("basket confirmation SMS", texts, references, (reference) => smsSent.has(reference));
  const { rows: queued } = await db.query(`SELECT count(*)::int AS n FROM mail_queue WHERE sent_at IS NULL`);
  if (queued[0].n > 0) failures.push(`mail queue: ${queued[0].n} e-mail(s) not delivered`);
  return {
    failures,
    stored: {
      contacts: contacts.rows.length,
      baskets: baskets.rows.length,
      serviceRequests: serviceRequests.rows.length,
      photos: photos.rows.length,
      outbox: outbox.length,
    },
  };
}

const percentile = (sorted, p) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);

/** Load, settle, stop the server, and check: one engine's results. */
async function soakEngine(engine, options) {
  const run = randomBytes(4).toString("hex");
  const env = {
    DEMO_OUTBOX: "1",
    TRUST_PROXY: "1",
    LOGIN_MAX_PER_CLIENT: RAISED,
    CONTACT_MAX_PER_ACCOUNT: RAISED,
    BASKET_MAX_PER_CLIENT: RAISED,
    SMS_MAX_PER_NUMBER_PER_DAY: RAISED,
  };
  let database;
  let openDb;
  if (engine === "pglite") {
    const dataDir = mkdtempSync(join(tmpdir(), "macc-soak-"));
    onStop(() => rmSync(dataDir, { recursive: true, force: true }));
    database = { dataDir };
    openDb = () => openPgliteDb(dataDir);
  } else {
    const postgres = await startPostgres();
    if (!postgres) return { engine, skipped: "no DATABASE_URL and no PostgreSQL server installed" };
    // A schema of its own (search_path in the URL), so that a DATABASE_URL's data is not touched.
    const schema = `macc_soak_${run}`;
    const admin = postgresDb(postgres.url);
    await admin.exec(`CREATE SCHEMA ${schema}`);
    onStop(async () => {
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    });
    const url = new URL(postgres.url);
    url.searchParams.set("options", `-c search_path=${schema}`);
    database = { url: url.toString() };
    openDb = () => postgresDb(database.url);
  }
  const t0 = performance.now();
  const since = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  let db = await openDb();
  const services = await prepare(db, run, options.customers);
  console.log(`soak: ${engine}: database and ${options.customers} accounts ready (${since()})`);
  // PGlite: one process at a time on its folder.
  if (engine === "pglite") await db.close();

  const servers = [];
  for (let k = 0; k < options.instances; k++) servers.push(await startServer(database, env));
  // One instance is asked directly; several through the benchmark's proxy.
  const front = servers.length > 1 ? await startProxy(servers.map((s) => s.port)) : servers[0];
  const rec = createRecorder();
  const acks = { contacts: new Map(), baskets: new Map(), serviceRequests: new Map() };
  const started = performance.now();
  const ctx = {
    origin: front.origin,
    instances: options.instances,
    run,
    services,
    rec,
    acks,
    deadline: Date.now() + options.duration * 1000,
    visits: 0,
    cross: { replays: 0, refused: 0 },
  };
  console.log(`soak: ${engine}, ${options.customers} customers for ${options.duration} s…`);
  // Started a few milliseconds apart, as customers arrive, not all in the same instant.
  await Promise.all(
    Array.from({ length: options.customers }, (_, i) =>
      new Promise((resolve) => setTimeout(resolve, i * 10)).then(() => customer(ctx, i + 1)),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const load = loadavg()[0];
  console.log(`soak: ${engine}: load done (${since()}), waiting for the last e-mails…`);
  // The last account: its visits are over, its wrong passwords count from zero.
  const burst = await wrongPasswords(ctx, options.customers);
  await settleOutbox(front.origin);
  for (const stop of [front, ...servers].map((s) => s.stop)) await stop();
  if (engine === "pglite") db = await openDb();
  const retried = await retryQueue(db);
  const checked = await verify(db, run, acks);
  await db.close();
  console.log(`soak: ${engine}: checked (${since()})`);
  return {
    engine,
    instances: options.instances,
    customers: options.customers,
    seconds,
    load,
    retried,
    visits: ctx.visits,
    cross: ctx.cross,
    burst,
    rec,
    problems: rec.problems,
    acks,
    ...checked,
  };
}

const row = (cells) => `| ${cells.join(" | ")} |`;
const n = (value) => Math.round(value).toLocaleString("en-GB");

/** A part's title: what ran (the key an earlier part of the same setup is replaced by), then for how long. */
function partTitle(r, options) {
  const engine = r.engine === "pglite" ? "PGlite (embedded)" : "PostgreSQL";
  const what = r.instances > 1 ? `${engine}, ${r.instances} instances behind the proxy` : engine;
  return { key: what, title: `${what}: ${options.customers} customers for ${options.duration} s` };
}

function renderEngine(r, options, started) {
  const { title } = partTitle(r, options);
  if (r.skipped) return [`### ${title}`, "", `Not run: ${r.skipped}.`, ""].join("\n");
  const requests = [...r.rec.steps.values()].reduce((sum, s) => sum + s.ms.length, 0);
  const fivexx = [...r.rec.steps.values()].reduce(
    (sum, s) => sum + [...s.statuses].filter(([st]) => st >= 500).reduce((a, [, c]) => a + c, 0),
    0,
  );
  const lines = [
    `### ${title}`,
    "",
    `Run on ${started.toISOString().slice(0, 16).replace("T", " ")} UTC. ` +
      `${n(r.visits)} visits in ${r.seconds.toFixed(1)} s (${(r.visits / r.seconds).toFixed(1)} a second), ${n(requests)} requests (${n(requests / r.seconds)} a second), ` +
      `${fivexx} answered 5xx, ${r.problems.length} unexpected answer(s) or timeout(s). ` +
      `Acknowledged: ${n(r.acks.contacts.size)} contact messages, ${n(r.acks.baskets.size)} basket requests, ${n(r.acks.serviceRequests.size)} service requests with ${n([...r.acks.serviceRequests.values()].flat().length)} photos; ` +
      `stored: ${n(r.stored.contacts)}, ${n(r.stored.baskets)}, ${n(r.stored.serviceRequests)} and ${n(r.stored.photos)}; ${n(r.stored.outbox)} outbox messages. ` +
      `${r.retried === 0 ? "Every e-mail was delivered at its first attempt." : `${n(r.retried)} e-mail(s) whose first delivery failed (the in-process receiver too slow under the load) were delivered by the queue's retry after the load.`} ` +
      `Load average at the end of the load: ${r.load.toFixed(1)} (other work on the machine counts in it).`,
    "",
    ...(r.instances > 1
      ? [
          `Across the ${r.instances} instances: ${n(r.cross.replays)} repeats with an \`Idempotency-Key\` answered by another instance than the first answer, ` +
            `each the same request (marked replayed); ${n(r.cross.refused)} uses of a logged-out session on another instance than its logout's, each refused (401); ` +
            `wrong current passwords sent to the instances in turn answered ${r.burst ? r.burst.join(", ") : "— (no login)"} (the limit is ${PASSWORD_FAILURES} an account).`,
          "",
        ]
      : []),
    row(["step", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "statuses"]),
    row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---"]),
  ];
  for (const [key, label] of STEPS) {
    const s = r.rec.steps.get(key);
    const sorted = [...s.ms].sort((a, b) => a - b);
    const statuses = [...s.statuses].map(([st, c]) => `${st || "none"} × ${n(c)}`).join(", ");
    lines.push(
      row([label, n(sorted.length), n(sorted.length / r.seconds), ...[50, 95, 99, 100].map((p) => n(percentile(sorted, p))), statuses]),
    );
  }
  lines.push(
    "",
    r.ok ? "**Nothing lost**: every check above holds." : `**Failed**: ${[...r.failures, ...r.problems.slice(0, 5)].join("; ")}.`,
    "",
  );
  return lines.join("\n");
}

/**
 * The section: its introduction, this run's parts, and the parts of earlier runs of another setup
 * (engine and instances, the title before its colon), kept as they were.
 */
function renderSection(results, options, started, previous) {
  const keys = results.map((r) => partTitle(r, options).key);
  const kept = previous
    .replace(/<!-- \/?soak -->/g, "")
    .split(/^(?=### )/m)
    .slice(1)
    .filter((part) => !keys.includes(/^### ([^:\n]*)/.exec(part)[1]))
    .map((part) => `${part.trim()}\n`);
  return [
    "## Soak: nothing lost",
    "",
    `Written by \`npm run soak\` (scripts/soak.mjs), ${cpus().length} cores, each part by the last run of its setup (\`--instances N\`: N servers on one PostgreSQL behind scripts/bench-proxy.mjs); ` +
      "client, servers and database on this machine. Each simulated customer repeats a whole visit until the time is up: proof of work " +
      "(solved as the elements solve it) and login, a company chosen (one of four, in turn), the invoice list, an invoice PDF, a contact " +
      "message with its `Idempotency-Key` (one visit in three sends it again after the answer), a basket validation (one visit in three sends it twice with the same `Idempotency-Key`, alternately after the answer and at " +
      "the same moment), logout. The server runs with `TRUST_PROXY=1` and one `X-Forwarded-For` address per customer, and its hourly limits " +
      "raised (`LOGIN_MAX_PER_CLIENT`, `CONTACT_MAX_PER_ACCOUNT`, `BASKET_MAX_PER_CLIENT`, `SMS_MAX_PER_NUMBER_PER_DAY`: the soak measures the writes, not the throttle), " +
      "`BOT_CHECK_MAX_NUMBER=1000` and the outbox (`DEMO_OUTBOX=1`). Afterwards, in the database: the contact messages and basket requests " +
      "stored are exactly those acknowledged with 2xx, each once; the outbox holds one e-mail to the service and one acknowledgement per " +
      "message, one e-mail per basket request and its SMS; the mail queue is empty. After each logout its session is refused (401). " +
      "Latencies are measured by the client, body read.",
    "",
    ...results.map((r) => renderEngine(r, options, started)),
    ...kept,
  ].join("\n");
}

async function main() {
  const options = readOptions();
  const started = new Date();
  const results = [];
  for (const engine of options.engines) {
    const r = await soakEngine(engine, options);
    r.ok = !r.skipped && r.failures.length === 0 && r.problems.length === 0;
    results.push(r);
    if (!r.skipped) console.log(renderEngine(r, options, started));
  }
  if (options.out) {
    const current = readFileSync(options.out, "utf8");
    writeFileSync(options.out, withSoakSection(current, renderSection(results, options, started, soakSection(options.out))));
    console.log(`soak: ${options.out} written.`);
  }
  return results.every((r) => r.ok || r.skipped);
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`soak: ${signal}, stopping what it started…`);
    stopAll().finally(() => process.exit(130));
  });
}

let ok = false;
try {
  ok = await main();
} catch (err) {
  console.error("soak:", err);
} finally {
  await stopAll();
}
process.exit(ok ? 0 : 1);
