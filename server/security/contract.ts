/**
 * The security tests' view of the API's generated OpenAPI document (not a test file itself): its
 * operations, read from the document the routes declare (`GET /api/openapi.json`), and a check of
 * an answer against the document's response schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1 has it;
 * the document dereferenced by @readme/openapi-parser).
 */
import { dereference, validate } from "@readme/openapi-parser";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { createSession } from "../auth/sessions.ts";
import { signAccessToken } from "../auth/tokens.ts";
import type { Db } from "../db/db.ts";
import { createTestApp } from "../test-support.ts";

/** The generated document, as an app with every feature on serves it. */
export async function generatedDocument(): Promise<Record<string, unknown>> {
  const t = await createTestApp({ features: ["coordonnee-bancaire"], demoOutbox: true }, undefined, { seed: false });
  try {
    return (await (await t.app.request("/api/openapi.json")).json()) as Record<string, unknown>;
  } finally {
    await t.close();
  }
}

/** The parts of an OpenAPI 3.1 document these tests read (after dereferencing: no `$ref` left). */
export interface Schema {
  [keyword: string]: unknown;
}
export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Schema;
}
interface MediaType {
  schema?: Schema;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface OperationObject {
  operationId: string;
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}

export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path template, e.g. `/api/me/invoices/{id}/pdf`. */
  path: string;
  id: string;
  parameters: Parameter[];
  /** A bearer token is required (security lists only `bearer`). */
  protected: boolean;
  /** A bearer token is optional (security lists `{}` and `bearer`). */
  optionalBearer: boolean;
  /** The operation takes an `X-Bot-Check` header. */
  botCheck: boolean;
  /** The JSON (or multipart) request body's schema, when the operation takes a body. */
  body?: { mediaType: string; schema: Schema };
  responses: Record<string, ResponseObject>;
}

export interface Contract {
  operations: Operation[];
  /** Fails the test when `res` (a 2xx or an error) does not match what `op` documents; returns the parsed body. */
  checkResponse(op: Operation, res: Response): Promise<unknown>;
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

let loaded: Promise<Contract> | undefined;

/** The document's operations and its response check (loaded once per worker). */
export function contract(): Promise<Contract> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<Contract> {
  const document = await generatedDocument();
  const validity = await validate(structuredClone(document) as never);
  if (!validity.valid) throw new Error(`the generated document is not valid OpenAPI: ${JSON.stringify(validity.errors)}`);
  const doc = (await dereference(structuredClone(document) as never)) as unknown as {
    paths: Record<string, Partial<Record<string, OperationObject>>>;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters = op.parameters ?? [];
      const security = op.security ?? [];
      const bearer = security.some((s) => "bearer" in s);
      const anonymous = security.length === 0 || security.some((s) => Object.keys(s).length === 0);
      const bodyType = op.requestBody && Object.keys(op.requestBody.content)[0];
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        id: op.operationId,
        parameters,
        protected: bearer && !anonymous,
        optionalBearer: bearer && anonymous,
        botCheck: parameters.some((p) => p.in === "header" && p.name === "X-Bot-Check"),
        body: bodyType ? { mediaType: bodyType, schema: op.requestBody!.content[bodyType]!.schema ?? {} } : undefined,
        responses: op.responses,
      });
    }
  }

  // OpenAPI 3.1 schemas are JSON Schema 2020-12; `example` and the like are annotations.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addFormat("binary", true);
  const compiled = new WeakMap<Schema, ValidateFunction>();
  const validator = (schema: Schema) => {
    let fn = compiled.get(schema);
    if (!fn) compiled.set(schema, (fn = ajv.compile(schema)));
    return fn;
  };

  async function checkResponse(op: Operation, res: Response): Promise<unknown> {
    const where = `${op.method} ${op.path} → ${res.status}`;
    const documented = op.responses[String(res.status)] ?? op.responses.default;
    const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (res.status >= 200 && res.status < 300) {
      expect(documented, `${where}: status not in the document`).toBeDefined();
    }
    if (!documented?.content || res.status === 204 || res.status === 304) return undefined;
    const media = Object.keys(documented.content).find((m) => m === type || (m.endsWith("/*") && type.startsWith(m.slice(0, -1))));
    expect(media, `${where}: Content-Type ${type} not in the document (${Object.keys(documented.content).join(", ")})`).toBeDefined();
    if (!/json$/.test(type)) return undefined;
    const body: unknown = await res.clone().json();
    const schema = documented.content[media!]!.schema;
    if (schema) {
      const check = validator(schema);
      expect(
        check(body),
        `${where}: body does not match the document: ${ajv.errorsText(check.errors)}\n${JSON.stringify(body).slice(0, 500)}`,
      ).toBe(true);
    }
    return body;
  }

  return { operations, checkResponse };
}

/** A concrete path of `op` with its path parameters replaced (values are encoded here). */
export function fillPath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ""));
}

/**
 * A new session of the account `uuidCompte` and its tokens, signed with `secret` (the tests set
 * TOKEN_SECRET): the account-level token and one per company. Cheaper than a login (no password
 * hash, no bot check), so each check can have a session of its own to revoke.
 */
export async function mintTokens(
  db: Db,
  secret: string,
  uuidCompte: string,
  expiresInSeconds = 900,
): Promise<{ sid: string; account: string; companies: Record<string, string> }> {
  const { sid } = await createSession(db, uuidCompte, 30);
  const { rows } = await db.query<{ id_tier: string }>("SELECT id_tier FROM account_companies WHERE uuid_compte = $1 ORDER BY position", [
    uuidCompte,
  ]);
  const key = Buffer.from(secret, "utf8");
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  const sign = (tier: string | null) => signAccessToken(key, { sid, sub: uuidCompte, tier, exp });
  return { sid, account: sign(null), companies: Object.fromEntries(rows.map((r) => [r.id_tier, sign(r.id_tier)])) };
}

/** uuidCompte of the account with this e-mail. */
export async function accountId(db: Db, email: string): Promise<string> {
  const { rows } = await db.query<{ uuid_compte: string }>("SELECT uuid_compte FROM accounts WHERE email = $1", [email]);
  if (!rows[0]) throw new Error(`no account ${email}`);
  return rows[0].uuid_compte;
}

/** A valid bank-details change: the multipart form with `intitule` and a PDF RIB. */
export function bankDetailsForm(intitule: string): FormData {
  const form = new FormData();
  form.append("iban", "FR76 3000 6000 0112 3456 7890 189");
  form.append("intitule", intitule);
  form.append("rib", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "rib.pdf"));
  return form;
}

/** Text an error answer must never hold: stack frames, engine or driver messages, file paths. */
export const LEAK =
  /\bat \S+ \(|node_modules|\.ts:\d+|\bError:|TypeError|SyntaxError|RangeError|postgres|pglite|SQLSTATE|violates|relation "|syntax error|column "/i;
