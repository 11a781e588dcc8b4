#!/usr/bin/env node
// The benchmark's own load balancer: a round-robin HTTP proxy on loopback, in front of several API
// instances. `node scripts/bench-proxy.mjs <port> <backend port>…`; prints "listening" when ready.
// Not for production (no health checks, no retries): it only shows that any balancer will do.
// A request may name its instance (`X-Bench-Instance: <index>`), as the soak does to prove that
// what one instance did holds on the others; every answer says which instance gave it.
import http from "node:http";

const [port, ...backends] = process.argv.slice(2).map(Number);
if (!Number.isInteger(port) || backends.length === 0 || !backends.every(Number.isInteger)) {
  console.error("usage: bench-proxy.mjs <port> <backend port>…");
  process.exit(2);
}

// Kept-alive connections to the instances, as a real balancer keeps them.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let next = 0;

const server = http.createServer((request, response) => {
  const pinned = Number(request.headers["x-bench-instance"] ?? NaN);
  const index = Number.isInteger(pinned) && pinned >= 0 && pinned < backends.length ? pinned : next;
  next = (next + 1) % backends.length;
  const upstream = http.request(
    { host: "127.0.0.1", port: backends[index], method: request.method, path: request.url, headers: request.headers, agent },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...answer.headers, "x-bench-instance": String(index) });
      answer.pipe(response);
    },
  );
  upstream.on("error", () => {
    if (!response.headersSent) response.writeHead(502, { "Content-Type": "text/plain" });
    response.end("bad gateway");
  });
  request.pipe(upstream);
});

server.listen(port, "127.0.0.1", () => console.log(`listening on 127.0.0.1:${port} → ${backends.join(", ")}`));
// Nothing to save: stop at once, kept-alive connections included.
process.on("SIGTERM", () => process.exit(0));
