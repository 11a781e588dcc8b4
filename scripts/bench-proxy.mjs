#!/usr/bin/env node
// The benchmark's own load balancer: a round-robin HTTP proxy on loopback, in front of several API
// instances. `node scripts/bench-proxy.mjs <port> <backend port>…`; prints "listening" when ready.
// Not for production (no health checks): it only shows that any balancer will do, configured as one
// must be for kept-alive connections (below).
// A request may name its instance (`X-Bench-Instance: <index>`), as the soak does to prove that
// what one instance did holds on the others; every answer says which instance gave it.
import http from "node:http";

const [port, ...backends] = process.argv.slice(2).map(Number);
if (!Number.isInteger(port) || backends.length === 0 || !backends.every(Number.isInteger)) {
  console.error("usage: bench-proxy.mjs <port> <backend port>…");
  process.exit(2);
}

/**
 * Kept-alive connections to the instances, as a real balancer keeps them, each closed here after
 * 4 s idle: before the instance's own 5 s (SLOW_CLIENT_LIMITS.keepAliveTimeout, server/http/listen.ts)
 * closes it. The other way round, a request sent on a connection the instance was closing met
 * ECONNRESET: the 502s of the 4-instance soak under load.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });
let next = 0;

/** Sends the request to instance `index`; a GET or HEAD whose kept-alive connection was closed under it goes once more on a new one. */
function forward(request, response, index, retried = false) {
  const upstream = http.request(
    { host: "127.0.0.1", port: backends[index], method: request.method, path: request.url, headers: request.headers, agent },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-bench-instance": String(index) });
      answer.pipe(response);
    },
  );
  upstream.on("error", (err) => {
    // Nothing of a GET or HEAD was answered yet: sending it again changes nothing on the instance.
    if (upstream.reusedSocket && !retried && !response.headersSent && (request.method === "GET" || request.method === "HEAD"))
      return forward(request, response, index, true);
    // Whose 502 it is: the instance's connection's error, and whether it was a kept-alive one.
    const why = `${err.code ?? err.message} from instance ${index}${upstream.reusedSocket ? " (kept-alive connection)" : ""}`;
    console.error(`proxy: 502 for ${request.method} ${request.url.split("?")[0]}: ${why}`);
    if (!response.headersSent) response.writeHead(502, { "Content-Type": "text/plain", "x-bench-instance": String(index) });
    response.end(`bad gateway: ${why}`);
  });
  if (request.method === "GET" || request.method === "HEAD") upstream.end();
  else request.pipe(upstream);
}

const server = http.createServer((request, response) => {
  const pinned = Number(request.headers["x-bench-instance"] ?? NaN);
  const index = Number.isInteger(pinned) && pinned >= 0 && pinned < backends.length ? pinned : next;
  next = (next + 1) % backends.length;
  forward(request, response, index);
});

server.listen(port, "127.0.0.1", () => console.log(`listening on 127.0.0.1:${port} → ${backends.join(", ")}`));
// Nothing to save: stop at once, kept-alive connections included.
process.on("SIGTERM", () => process.exit(0));
