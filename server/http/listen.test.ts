import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { listen, type SlowClientLimits } from "./listen.ts";

/*
 * The server cuts slow clients off (issue 26 item 11): a request whose headers or body trickle in is
 * answered 408 and its connection closed at the limit, not after Node's 300 s. The limits are
 * shortened here so the test takes a second; production's are in listen.ts and SECURITY.md.
 */

const servers: Array<{ close(): void }> = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function start(limits: Partial<SlowClientLimits>): Promise<number> {
  return new Promise((resolve) => {
    const server = listen(
      async (request) => new Response(`read ${(await request.text()).length} bytes`),
      { hostname: "127.0.0.1", port: 0, limits },
      (info: AddressInfo) => resolve(info.port),
    );
    servers.push(server);
  });
}

/** Sends `head`, then one byte of `trickle` every `everyMs` while the connection is open; resolves with what the server said and when it closed. */
function slowClient(port: number, head: string, trickle: string, everyMs: number): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, "127.0.0.1", () => socket.write(head));
    let answer = "";
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < trickle.length && !socket.destroyed) socket.write(trickle[sent++]!);
    }, everyMs);
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe("slow clients", () => {
  it("a body sent a byte at a time is cut at the request limit with 408", async () => {
    const port = await start({ requestTimeout: 600, headersTimeout: 500, connectionsCheckingInterval: 50 });
    const head = "POST /x HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n";
    const { answer, closedAfterMs } = await slowClient(port, head, "x".repeat(1000), 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeGreaterThanOrEqual(500);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it("headers sent a byte at a time are cut at the headers limit with 408", async () => {
    const port = await start({ headersTimeout: 400, requestTimeout: 800, connectionsCheckingInterval: 50 });
    const { answer, closedAfterMs } = await slowClient(port, "GET /x HTTP/1.1\r\n", "X-Slow: " + "y".repeat(1000), 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).toBeLessThan(5_000);
  });

  it("a request in time is answered", async () => {
    const port = await start({});
    const answer = await (await fetch(`http://127.0.0.1:${port}/`)).text();
    expect(answer).toBe("read 0 bytes");
  });
});
