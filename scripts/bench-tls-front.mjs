#!/usr/bin/env node
// The benchmark's stand-in for what serves the portal in production, a CDN or a reverse proxy:
// HTTPS with HTTP/2, in front of the reference server's plain HTTP/1.1 on loopback.
// `node scripts/bench-tls-front.mjs <port> <server port> <key file> <certificate file>`; prints
// "listening" when ready. Not for production: it forwards every request as it is, nothing more.
// Why it matters to Lighthouse: over HTTP/1.1 the browser opens six connections to the origin, each
// with its own handshake and slow start, and Lighthouse's simulation of a slow line charges them;
// over HTTP/2 every file of the page shares one connection.
import http from "node:http";
import http2 from "node:http2";
import { readFileSync } from "node:fs";

const [port, target, keyFile, certFile] = process.argv.slice(2);
if (!Number(port) || !Number(target) || !keyFile || !certFile) {
  console.error("usage: bench-tls-front.mjs <port> <server port> <key file> <certificate file>");
  process.exit(2);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4_000 });
/** Headers HTTP/2 forbids, or that describe one hop only. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "host"]);
const withoutHopHeaders = (headers) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(":") && !HOP_BY_HOP.has(name)));

const server = http2.createSecureServer(
  { key: readFileSync(keyFile), cert: readFileSync(certFile), allowHTTP1: true },
  (request, response) => {
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: Number(target),
        method: request.method,
        path: request.url,
        headers: { ...withoutHopHeaders(request.headers), host: request.headers[":authority"] ?? request.headers.host },
        agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, withoutHopHeaders(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on("error", (err) => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
      response.end(`bad gateway: ${err.code ?? err.message}`);
    });
    request.pipe(upstream);
  },
);
server.listen(Number(port), "127.0.0.1", () => console.log(`bench TLS front listening on https://127.0.0.1:${port}`));
