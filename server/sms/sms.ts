import type { Config } from "../config.ts";
import type { Queryable } from "../db/db.ts";
import { storeInOutbox } from "../mail/outbox.ts";

/** One text message; `to` is an international number (E.164, e.g. "+33611223344"). */
export interface SmsMessage {
  to: string;
  text: string;
}

/** Sends SMS. A real gateway implements `send`; the demo one keeps the messages in the outbox. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Development and demo: the message lands in the `outbox` table (channel `sms`), shown at /demo/outbox. */
export function outboxSmsProvider(db: Queryable): SmsProvider {
  return {
    async send(message) {
      await storeInOutbox(db, { channel: "sms", to: message.to, text: message.text });
    },
  };
}

/** Production without a gateway: nothing can be sent, and every attempt says so (the caller reports it). */
export function disabledSmsProvider(): SmsProvider {
  return {
    send() {
      return Promise.reject(new Error("no SMS gateway is configured"));
    },
  };
}

export function createSmsProvider(config: Config, db: Queryable): SmsProvider {
  return config.demoOutbox ? outboxSmsProvider(db) : disabledSmsProvider();
}

/** Sends without making the caller wait or fail. */
export function sendSmsInBackground(sms: SmsProvider, message: SmsMessage): void {
  sms.send(message).catch((err: unknown) => {
    console.error("[sms] sending failed:", err instanceof Error ? err.message : err);
  });
}

/** How long an answer waits for the SMS provider to accept a confirmation. */
export const SMS_WAIT_MS = 5_000;

/**
 * Sends and waits at most `waitMs` for the provider: true when it accepted in time. `onSent` runs
 * once it accepts, even late (the answer has gone, the record is still made).
 */
export async function sentWithin(sms: SmsProvider, message: SmsMessage, waitMs: number, onSent: () => Promise<void>): Promise<boolean> {
  const sent = sms.send(message).then(
    async () => {
      await onSent();
      return true;
    },
    (err: unknown) => {
      console.error("[sms] not sent:", err instanceof Error ? err.message : err);
      return false;
    },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  try {
    return await Promise.race([sent, late]);
  } finally {
    clearTimeout(timer);
  }
}
