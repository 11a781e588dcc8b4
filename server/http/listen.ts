import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { ServerOptions } from "node:http";

/**
 * What a slow client may take, set explicitly: Node's defaults let a request whose body comes a byte
 * every few seconds hold a connection for 300 s. A request's headers must all arrive within 15 s and
 * the whole request within 120 s (a 5 MB RIB over a 400 kbit/s rural uplink); an idle kept-alive
 * connection closes after 5 s. Node checks these every 2 s, not its default 30. SECURITY.md says what
 * a front proxy should still enforce.
 */
export type SlowClientLimits = Required<
  Pick<ServerOptions, "headersTimeout" | "requestTimeout" | "keepAliveTimeout" | "connectionsCheckingInterval">
>;
export const SLOW_CLIENT_LIMITS: Readonly<SlowClientLimits> = {
  headersTimeout: 15_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 5_000,
  connectionsCheckingInterval: 2_000,
};

/** Serves `fetch` on `hostname:port` (0: a free port) with the slow-client limits; `limits` replaces some (tests). */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  { hostname, port, limits }: { hostname: string; port: number; limits?: Partial<SlowClientLimits> },
  onListening?: (info: AddressInfo) => void,
): ServerType {
  return serve({ fetch, hostname, port, serverOptions: { ...SLOW_CLIENT_LIMITS, ...limits } }, onListening);
}
