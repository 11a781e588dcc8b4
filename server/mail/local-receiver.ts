import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";
import type { Queryable } from "../db/db.ts";
import { storeInOutbox } from "./outbox.ts";

export interface LocalReceiver {
  host: string;
  port: number;
  close(): Promise<void>;
}

const MAX_SIZE = 2 * 1024 * 1024;

/**
 * A development SMTP server on the loopback interface (no authentication, no TLS): every message it
 * receives is parsed and stored in the `outbox` table, where the demo pages show it.
 */
export function startLocalReceiver(db: Queryable, port = 0, host = "127.0.0.1"): Promise<LocalReceiver> {
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    size: MAX_SIZE,
    banner: "MACC development mail receiver",
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (err) => callback(err));
      stream.on("end", () => {
        if (stream.sizeExceeded) {
          callback(Object.assign(new Error("Message too large"), { responseCode: 552 }));
          return;
        }
        (async () => {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          const headerTo = (parsed.to ?? []).flatMap((a) => (a.address ? [a.address] : []));
          await storeInOutbox(db, {
            channel: "email",
            to: (envelopeTo.length > 0 ? envelopeTo : headerTo).join(", "),
            subject: parsed.subject ?? null,
            text: parsed.text ?? "",
            html: parsed.html ?? null,
            // A notification's one-click unsubscribe (RFC 8058), kept to be seen and tested.
            headers: listHeaders(parsed.headers),
          });
        })().then(
          () => callback(),
          (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
        );
      });
    },
  });
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      server.on("error", (err) => console.error("[mail] local receiver error:", err.message));
      server.server.unref(); // never the reason the process stays alive
      const address = server.server.address() as AddressInfo;
      resolve({
        host,
        port: address.port,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

/** The message's `List-*` headers, or null when it has none. */
function listHeaders(headers: readonly { key: string; value: string }[]): Record<string, string> | null {
  const list = headers.filter((h) => h.key.toLowerCase().startsWith("list-"));
  return list.length ? Object.fromEntries(list.map((h) => [h.key.toLowerCase(), h.value])) : null;
}
