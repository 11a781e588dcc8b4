/**
 * Hostile input over HTTP: property-based (fast-check) malformed requests to every operation of
 * the generated OpenAPI document, read at test time — wrong types, huge, unicode and control-character strings,
 * nulls, missing and extra fields, bad JSON, deep nesting, wrong content types, bad query, path and
 * header values — anonymous, with a valid company or account token, and with a broken one; with a
 * solved bot check where the operation asks for one, so that the body's validation is reached.
 * Every answer is below 500; an error is application/problem+json without any internal detail; a
 * 2xx matches its response schema in the document.
 *
 * Seeded, so a failure replays: FUZZ_SEED and FUZZ_RUNS (runs per operation) change the run.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES } from "../../src/contract/constants.ts";
import { TOO_DEEP } from "../http/schemas.ts";
import { createTestApp, expectProblem, fromAddress, settleMail, solveBotCheck, type TestContext } from "../test-support.ts";
import { accountId, contract, fillPath, LEAK, mintTokens, type Operation, type Parameter, type Schema } from "./contract.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const SECRET = "fuzz-token-secret-0123456789abcdef";

const { operations, checkResponse } = await contract();

let t: TestContext;
let uuidMulti: string;
/** Real ids of the demo data, offered to every path and query parameter beside generated ones. */
let knownIds: string[] = [];
let registrationId = "";

beforeAll(async () => {
  // Limits high enough that throttling does not hide validation (a 429 still counts as a good answer).
  t = await createTestApp({
    tokenSecret: SECRET,
    // A token proof of work: the check is the same, the solving nearly free.
    botCheckMaxNumber: 10,
    features: ["coordonnee-bancaire"],
    loginMaxAttemptsPerClient: 1_000_000,
    loginFailuresAtBaseCost: 1_000_000,
    forgotMaxPerClient: 1_000_000,
    forgotMaxPerEmail: 1_000_000,
    forgotMinDurationMs: 0,
    registrationIdentifyMaxPerClient: 1_000_000,
    registrationIdentifyMaxPerNumber: 1_000_000,
    registrationCodeMaxPerClient: 1_000_000,
    registrationVerifyMaxPerClient: 1_000_000,
  });
  uuidMulti = await accountId(t.db, "multi@demo.macc.test");
  const ids = async (sql: string) => (await t.db.query<{ id: string }>(sql)).rows.map((r) => r.id);
  knownIds = [
    ...(await ids("SELECT id::text AS id FROM invoices ORDER BY numero LIMIT 2")),
    ...(await ids("SELECT id::text AS id FROM product_documents ORDER BY id LIMIT 2")),
    ...(await ids("SELECT id::text AS id FROM advisers ORDER BY id LIMIT 1")),
    ...(await ids("SELECT id::text AS id FROM bank_details ORDER BY id LIMIT 1")),
    ...(await ids("SELECT code_famille AS id FROM products ORDER BY code_famille LIMIT 1")),
    ...(await ids("SELECT id FROM basket_items ORDER BY id LIMIT 1")),
    ...(await ids("SELECT to_char(max(date_facture), 'YYYY') AS id FROM invoices")),
    "FRA",
    "1004217",
  ];
  // A service request of multi@'s first company with a photo, so that its reads find something.
  const request = await t.db.query<{ id: string; reference: string }>(
    `INSERT INTO service_requests (reference, uuid_compte, id_tier, code_reseau, code_famille, kind, description, urgency, location, address, call_time, langue, recipients)
     VALUES ('D-2026-F2ZZ00', $1, '1004217', 'FRA', 'MACH', 'question', 'Une question.', 'can-wait', 'farm', 'Beaucouzé', 'any', 'fr-FR', '{sav@macc.fr}')
     RETURNING id, reference`,
    [uuidMulti],
  );
  const photo = await t.db.query<{ id: string }>(
    `INSERT INTO service_request_photos (uuid_compte, id_tier, request_id, position, type, size, bytes)
     VALUES ($1, '1004217', $2, 0, 'png', 8, '\\x89504e470d0a1a0a'::bytea) RETURNING id::text AS id`,
    [uuidMulti, request.rows[0]!.id],
  );
  knownIds.push(request.rows[0]!.reference, photo.rows[0]!.id);
  // A live registration, so that the steps' bodies are read (its id is the path parameter).
  const started = await t.app.request(
    "/api/registration",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Bot-Check": await solveBotCheck(t.app) },
      body: JSON.stringify({ pays: "FR", immatriculation: "552100554", email: "fuzz@example.test", mobile: "+33 6 12 34 56 78" }),
    },
    fromAddress("10.99.0.1"),
  );
  expect(started.status).toBe(201);
  registrationId = ((await started.json()) as { registrationId: string }).registrationId;
  knownIds.push(registrationId);
});
afterAll(async () => {
  await settleMail(t.db);
  await t.close();
});

// ---- Values -------------------------------------------------------------------------------------

const CONTROL = fc.string({ unit: fc.integer({ min: 0, max: 0x9f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 8 });
const NASTY = fc.constantFrom(
  "",
  " ",
  "null",
  "-1",
  "0",
  "1e999",
  "NaN",
  "../../../etc/passwd",
  "..%2F..%2F",
  "' OR '1'='1' --",
  "<script>alert(1)</script>",
  "${7*7}{{7*7}}",
  "__proto__",
  "constructor",
  "\u202eevil",
  "\ufeffbom",
  "\ud800",
  "\udfff\ud800",
  "🙂👨‍👩‍👧",
  "é".repeat(300),
  "a".repeat(5_000),
  "\u0000",
  "line\r\nbreak",
  "\u2028",
  "9".repeat(400),
  "00000000-0000-0000-0000-000000000000",
);
/** Strings a parser should refuse or store safely. */
const hostileString = fc.oneof(
  NASTY,
  CONTROL,
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }), // every code point, lone surrogates included
  fc.integer().map(String),
);
const deep = (n: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
/** JSON values of the wrong type, size or depth. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.constantFrom(-0, 1e308, -1e308, 2 ** 53 + 1, 0.5, Number.MIN_VALUE),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.integer({ min: 10, max: 1_500 }).map((n) => deep(n, "x")),
  fc.constant("x".repeat(20_000)),
);

/** Values that satisfy `schema` (as far as a JSON Schema says: the server may still refuse them). */
function valid(schema: Schema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 1 });
  if ("const" in schema) return fc.constant(schema.const);
  const examples = [schema.example, ...((schema.examples as unknown[] | undefined) ?? [])].filter((e) => e !== undefined);
  if (examples.length > 0) return fc.oneof(fc.constantFrom(...examples), valid({ ...schema, example: undefined, examples: undefined }));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map(valid));
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  return fc.oneof(...types.map((type) => validOfType(type, schema)));
}

function validOfType(type: string | undefined, schema: Schema): fc.Arbitrary<unknown> {
  const max = typeof schema.maxLength === "number" ? schema.maxLength : 60;
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: (schema.minimum as number | undefined) ?? -10, max: (schema.maximum as number | undefined) ?? 3000 });
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "array":
      return fc.array(valid(schema.items as Schema | undefined), {
        minLength: (schema.minItems as number | undefined) ?? 0,
        maxLength: Math.min((schema.maxItems as number | undefined) ?? 4, 4),
      });
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return fc.record(Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valid(s)])), {
        requiredKeys: (schema.required as string[] | undefined) ?? [],
      });
    }
    default:
      if (schema.format === "email") return fc.emailAddress().filter((e) => e.length <= max);
      if (schema.format === "uuid") return fc.uuid();
      if (typeof schema.pattern === "string") return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ maxLength: max });
  }
}

/** A request body: the schema's fields, each valid, hostile or missing, plus stray fields. */
function bodyValue(schema: Schema): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  if (schema.type !== "object" || Object.keys(properties).length === 0) return fc.oneof(valid(schema), hostileValue);
  const fields = Object.fromEntries(
    Object.entries(properties).map(([k, s]) => [k, fc.oneof({ weight: 3, arbitrary: valid(s) }, { weight: 2, arbitrary: hostileValue })]),
  );
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(fc.oneof(hostileString, fc.constantFrom("__proto__", "constructor", "prototype")), hostileValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => Object.assign(JSON.parse(JSON.stringify(extra)) as object, known));
}

/** The raw text of a body: JSON of the schema's shape, of another shape, or not JSON at all. */
function bodyText(schema: Schema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: bodyValue(schema).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "",
        "{",
        "nul",
        '{"a":}',
        "[1,2",
        "'single'",
        '{"a":1}trailing',
        "\u0000",
        '{"__proto__":{"isAdmin":true}}',
        "[".repeat(5_000) + "]".repeat(5_000),
        '{"a":'.repeat(2_000) + "1" + "}".repeat(2_000),
        JSON.stringify({ big: "x".repeat(20_000) }),
        '"\\ud800"',
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 200 }) },
  );
}

/** A header value the HTTP client accepts (latin-1, no line break or NUL). */
const headerValue = fc.oneof(
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength: 60,
  }),
  fc.constantFrom("", "x".repeat(4_000), "null", "fr-FR, en-GB", "*"),
);

/** Percent-encodes `s`, lone surrogates included (as the replacement character). */
function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...Buffer.from(s, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
  }
}
/** Broken percent-encodings and raw characters sent as they are. */
const rawJunk = fc.constantFrom("%", "%zz", "%FF", "%C0%AF", "%E0%A4%A", "%00", "%2e%2e", "..", "a%2Fb", "%u0041");

const paramValue = (p: Parameter) =>
  fc.oneof(
    { weight: 2, arbitrary: valid(p.schema).map((v) => encode(String(v))) },
    { weight: 2, arbitrary: fc.constantFrom(...knownIds).map(encode) },
    { weight: 3, arbitrary: hostileString.map(encode) },
    { weight: 1, arbitrary: rawJunk },
  );

// ---- Requests -----------------------------------------------------------------------------------

type Auth = "none" | "company" | "account" | "forged" | "malformed";

interface FuzzRequest {
  path: string;
  query: string;
  auth: Auth;
  botCheck: "solved" | "none" | { junk: string };
  headers: [string, string][];
  body?: { type: string | null; text: string } | { form: [string, string | { name: string; bytes: number[] }][] };
}

const CONTENT_TYPES = fc.oneof(
  { weight: 6, arbitrary: fc.constant("application/json") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      null,
      "application/json; charset=utf-8",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/merge-patch+json",
      "application/json; charset=latin1",
      "APPLICATION/JSON",
      "application/jsonx",
    ),
  },
  { weight: 1, arbitrary: headerValue },
);

/** File contents: the magic bytes of an accepted type or not, then noise. */
const fileBytes = fc
  .tuple(
    fc.constantFrom([], [0x25, 0x50, 0x44, 0x46, 0x2d], [0xff, 0xd8, 0xff], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    fc.array(fc.nat(255), { maxLength: 64 }),
  )
  .map(([magic, rest]) => [...magic, ...rest]);

/** A multipart form of `schema`'s fields: strings valid or hostile, files of any content, fields missing or extra. */
function formBody(schema: Schema) {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const field = ([name, s]: [string, Schema]) =>
    s.format === "binary"
      ? fc.record({ name: hostileString, bytes: fileBytes }).map((file) => [name, file] as [string, { name: string; bytes: number[] }])
      : fc.oneof(valid(s).map(String), hostileString).map((v) => [name, v] as [string, string]);
  return fc
    .tuple(
      fc.subarray(Object.entries(properties)).chain((ps) => fc.tuple(...ps.map(field))),
      fc.array(fc.tuple(hostileString, hostileString), { maxLength: 2 }),
    )
    .map(([known, extra]) => ({ form: [...known, ...extra] }));
}

function request(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const headerParams = op.parameters.filter((p) => p.in === "header" && p.name !== "X-Bot-Check");
  const values = (ps: Parameter[]) => fc.tuple(...ps.map((p) => paramValue(p).map((v) => [p.name, v] as const)));
  const path = values(pathParams).map((pairs) => op.path.replace(/\{(\w+)\}/g, (_, n: string) => pairs.find(([k]) => k === n)?.[1] ?? ""));
  const query = fc
    .tuple(
      fc.subarray(queryParams).chain(values),
      fc.array(fc.tuple(fc.oneof(hostileString.map(encode), rawJunk), fc.oneof(hostileString.map(encode), rawJunk)), { maxLength: 2 }),
    )
    .map(([declared, extra]) => {
      const pairs = [...declared, ...extra].map(([k, v]) => `${k}=${v}`);
      return pairs.length ? `?${pairs.join("&")}` : "";
    });
  // The operation's own headers, mostly valid (so that the rest of the request is read), and stray ones.
  const declaredHeaders = fc.tuple(
    ...headerParams.map((p) =>
      fc
        .option(
          fc.oneof(
            {
              weight: 3,
              arbitrary: valid(p.schema)
                .map(String)
                .filter((v) => /^[\x20-\x7e]*$/.test(v)),
            },
            { weight: 1, arbitrary: headerValue },
          ),
          { nil: undefined, freq: 5 },
        )
        .map((v) => [p.name, v] as const),
    ),
  );
  const strayHeaders = fc.array(
    fc.tuple(
      fc.constantFrom("X-langue", "If-None-Match", "Cookie", "X-Requested-With", "Accept", "X-Forwarded-For", "Content-Length"),
      fc.oneof(
        headerValue,
        fc.constantFrom(...LOCALES),
        headerValue.map((v) => `macc_refresh=${v}`),
      ),
    ),
    { maxLength: 2 },
  );
  const headers = fc
    .tuple(declaredHeaders, strayHeaders)
    .map(
      ([declared, stray]) =>
        [...declared.filter((h): h is readonly [string, string] => h[1] !== undefined), ...stray] as [string, string][],
    );
  const body = !op.body
    ? fc.constant(undefined)
    : fc.option(
        op.body.mediaType === "multipart/form-data"
          ? fc.oneof({ weight: 3, arbitrary: formBody(op.body.schema) }, fc.record({ type: CONTENT_TYPES, text: bodyText(op.body.schema) }))
          : fc.record({ type: CONTENT_TYPES, text: bodyText(op.body.schema) }),
        { nil: undefined, freq: 8 },
      );
  return fc.record({
    path,
    query,
    auth: fc.constantFrom<Auth>("none", "company", "company", "company", "account", "forged", "malformed"),
    botCheck: op.botCheck
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constant("solved" as const) },
          fc.constant("none" as const),
          headerValue.map((junk) => ({ junk })),
        )
      : fc.constant("none" as const),
    headers,
    body,
  });
}

let client = 0;
/** Tokens of a session of multi@demo.macc.test, replaced after each accepted write (which may end it: logout, password change). */
let tokens: Awaited<ReturnType<typeof mintTokens>> | undefined;

async function send(op: Operation, r: FuzzRequest): Promise<Response> {
  const headers = new Headers();
  for (const [k, v] of r.headers) headers.set(k, v);
  if (r.auth === "company" || r.auth === "account") {
    tokens ??= await mintTokens(t.db, SECRET, uuidMulti);
    headers.set("Authorization", `Bearer ${r.auth === "account" ? tokens.account : tokens.companies["1004217"]}`);
  } else if (r.auth === "forged") {
    // A well-formed token of a live session, signed with another key.
    tokens ??= await mintTokens(t.db, SECRET, uuidMulti);
    const [payload] = tokens.account.split(".");
    headers.set("Authorization", `Bearer ${payload}.${Buffer.from("forged-signature-of-32-bytes-len").toString("base64url")}`);
  } else if (r.auth === "malformed") {
    headers.set("Authorization", "Bearer a.b.c");
  }
  if (r.botCheck === "solved") headers.set("X-Bot-Check", await solveBotCheck(t.app));
  else if (r.botCheck !== "none") headers.set("X-Bot-Check", r.botCheck.junk);
  const init: RequestInit = { method: op.method, headers };
  if (r.body && "form" in r.body) {
    const form = new FormData();
    for (const [k, v] of r.body.form) form.append(k, typeof v === "string" ? v : new File([new Uint8Array(v.bytes)], v.name));
    init.body = form;
  } else if (r.body) {
    if (r.body.type) headers.set("Content-Type", r.body.type);
    init.body = r.body.text;
  }
  client++;
  const res = await t.app.request(
    `${r.path}${r.query}`,
    init,
    fromAddress(`10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`),
  );
  if (op.method !== "GET" && res.status < 300) tokens = undefined;
  return res;
}

/** What every answer to a hostile request must be. */
async function expectSafeAnswer(op: Operation, res: Response, what: string): Promise<void> {
  expect(res.status, `${what} → ${res.status}: ${await res.clone().text()}`).toBeLessThan(500);
  if (res.status < 400) {
    await checkResponse(op, res);
    return;
  }
  if (!op.path.startsWith("/api/")) return; // the demo pages answer HTML
  const text = await res.clone().text();
  expect(res.headers.get("content-type"), `${what} → ${res.status}`).toMatch(/^application\/problem\+json/);
  expect(text, `${what} → ${res.status}: internal detail in ${text}`).not.toMatch(LEAK);
  const problem = JSON.parse(text) as Record<string, unknown>;
  expect(problem).toMatchObject({ status: res.status, type: expect.stringMatching(/^urn:macc:problem:[a-z-]+$/) });
  expect(typeof problem.title === "string" && typeof problem.detail === "string", `${what}: ${text}`).toBe(true);
  if (op.responses[String(res.status)]) await checkResponse(op, res);
}

describe("fuzz: every operation of the generated document", () => {
  it("reads the document's operations", () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(10);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(request(op), async (r) => {
          const res = await send(op, r);
          await expectSafeAnswer(op, res, `${op.method} ${r.path}${r.query} (${r.auth}) ${JSON.stringify(r.body)?.slice(0, 300) ?? ""}`);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    }, 120_000);
  }

  it("a JSON body nested thousands of levels deep → 4xx on every operation, 422 where the body is read first (was a 500: stack overflow)", async () => {
    const bodies = ['{"a":'.repeat(2_000) + "1" + "}".repeat(2_000), "[".repeat(5_000) + "]".repeat(5_000)];
    for (const op of operations.filter((o) => o.body?.mediaType === "application/json")) {
      for (const text of bodies) {
        const r: FuzzRequest = {
          path: fillPath(op, { id: registrationId }),
          query: "",
          auth: "company",
          botCheck: op.botCheck ? "solved" : "none",
          headers: [["Idempotency-Key", "deep-nesting-key"]],
          body: { type: "application/json", text },
        };
        await expectSafeAnswer(op, await send(op, r), `${op.method} ${op.path} nested`);
      }
    }
    const login = operations.find((o) => o.id === "login")!;
    const res = await send(login, {
      path: login.path,
      query: "",
      auth: "none",
      botCheck: "solved",
      headers: [],
      body: { type: "application/json", text: bodies[0]! },
    });
    const problem = await expectProblem(res, 422);
    expect(problem.errors?.[0]?.message).toBe(TOO_DEEP);
  });

  it("any other method on a documented path → 404 or 405 problem", async () => {
    const paths = [...new Set(operations.map((o) => o.path))];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths.filter((p) => p.startsWith("/api/"))),
        fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
        async (path, method) => {
          if (operations.some((o) => o.path === path && o.method === method)) return;
          const res = await t.app.request(path.replace(/\{\w+\}/g, "x"), { method }, fromAddress("10.98.0.1"));
          expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
          expect(res.headers.get("content-type"), `${method} ${path}`).toMatch(/^application\/problem\+json/);
        },
      ),
      { seed: SEED, numRuns: 60 },
    );
  });
});
