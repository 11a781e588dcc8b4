/**
 * The generated OpenAPI document (server/openapi.ts): valid OpenAPI 3.1, one operation per route the
 * API serves, and every operation with the schemas of what it takes and what it answers, so that a
 * route added without declaring its contract fails here.
 */
import { validate } from "@readme/openapi-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { createTestApp, type TestContext } from "./test-support.ts";

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string; schema?: unknown }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  "x-no-request-body"?: boolean;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** The routes that serve the document and its reader: not operations of the API. */
const DOCUMENT_ROUTES = ["GET /api/openapi.json", "GET /api/openapi.yaml", "GET /api/docs", "GET /api/docs/reference.js"];

let t: TestContext;
let document: Document;
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

beforeAll(async () => {
  t = await createTestApp({ features: ["coordonnee-bancaire"], demoOutbox: true }, undefined, { seed: false });
  document = (await (await t.app.request("/api/openapi.json")).json()) as Document;
});
afterAll(() => t.close());

describe("GET /api/openapi.json, generated from the routes", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result.valid ? [] : result.errors)).toBe(true);
  });

  it("has one operation per route the API serves, each with its own operationId", () => {
    const hono = (path: string) => path.replace(/:(\w+)(?:\{[^}]*\})?/g, "{$1}");
    const served = t.app.routes
      .filter((r) => r.method !== "ALL" && /^\/(api|demo)\//.test(r.path))
      .map((r) => `${r.method} ${hono(r.path)}`)
      .filter((route) => !DOCUMENT_ROUTES.includes(route));
    const documented = operations().map(({ method, path }) => `${method} ${path}`);
    expect([...new Set(served)].sort()).toEqual(documented.sort());
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("declares what every operation takes: each parameter's schema, and a body unless it takes none", () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      for (const parameter of op.parameters ?? []) if (!parameter.schema) missing.push(`${method} ${path}: parameter ${parameter.name}`);
      for (const name of path.match(/\{\w+\}/g) ?? []) {
        if (!op.parameters?.some((p) => p.in === "path" && `{${p.name}}` === name))
          missing.push(`${method} ${path}: path parameter ${name}`);
      }
      if (["POST", "PUT", "PATCH"].includes(method)) {
        const bodies = Object.values(op.requestBody?.content ?? {});
        if (op["x-no-request-body"]) continue;
        if (bodies.length === 0 || bodies.some((media) => !media.schema)) missing.push(`${method} ${path}: request body`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("declares what every operation answers: a schema for each answer with a body, problem+json for each error", () => {
    const missing: string[] = [];
    for (const { method, path, op } of operations()) {
      const statuses = Object.keys(op.responses);
      if (!statuses.some((status) => status.startsWith("2"))) missing.push(`${method} ${path}: no success answer`);
      for (const status of statuses) {
        const content = op.responses[status]!.content;
        if (status === "204" || status === "304") continue;
        if (!content || Object.values(content).some((media) => !media.schema)) missing.push(`${method} ${path} ${status}: answer schema`);
        // Every API error is a problem; the demo outbox's pages answer their own HTML, and the health
        // check its status ({ status: "maintenance" }) for load balancers.
        const plain = path === "/api/health" || !path.startsWith("/api/");
        if (Number(status) >= 400 && !plain && !content?.["application/problem+json"]) {
          missing.push(`${method} ${path} ${status}: not problem+json`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("states the maintenance answer's expectedEnd, from the contract, on every operation's 503 and on the health check's", () => {
    const expectedEnd = (op: Operation) => {
      const media = Object.values(op.responses["503"]?.content ?? {})[0];
      return (media?.schema as { properties?: Record<string, { format?: string }> } | undefined)?.properties?.expectedEnd;
    };
    const without = operations()
      .filter(({ op }) => expectedEnd(op)?.format !== "date-time")
      .map(({ method, path }) => `${method} ${path}`);
    expect(without).toEqual([]);
  });

  it("declares the Idempotency-Key of the writes sent once (required for a basket, a service request and its messages, optional for the contact form), with the format the API accepts", () => {
    const declared = Object.fromEntries(
      operations().flatMap(({ op }) =>
        (op.parameters ?? [])
          .filter((p) => p.in === "header" && p.name === "Idempotency-Key")
          .map((p) => [
            op.operationId,
            { required: (p as { required?: boolean }).required, pattern: (p.schema as { pattern?: string }).pattern },
          ]),
      ),
    );
    const format = { pattern: "^[A-Za-z0-9_-]{8,128}$" };
    expect(declared).toEqual({
      postBasketRequest: { required: true, ...format },
      postContact: { required: false, ...format },
      postServiceRequest: { required: true, ...format },
      postServiceRequestMessage: { required: true, ...format },
    });
  });

  it("is the same document as YAML at /api/openapi.yaml", async () => {
    const res = await t.app.request("/api/openapi.yaml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/yaml/);
    expect(parse(await res.text())).toEqual(document);
  });
});
