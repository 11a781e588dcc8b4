// Types of bench-processes.mjs, for its TypeScript callers (e2e/servers.ts).
export interface StartedServer {
  port: number;
  origin: string;
  stop(): Promise<void>;
}
export function onStop(stop: () => unknown): () => Promise<void>;
export function stopAll(): Promise<void>;
export function freePort(): Promise<number>;
export function startServer(
  database?: { url?: string; dataDir?: string },
  env?: Record<string, string>,
  options?: { port?: number },
): Promise<StartedServer>;
export function startProxy(backendPorts: number[]): Promise<StartedServer>;
export function startTlsFront(backendPort: number): Promise<StartedServer>;
export function startPostgres(): Promise<{ url: string; throwAway: boolean } | null>;
