import { OFFLINE_QUEUE_MAX_AGE_DAYS } from "../contract/constants";
import { ApiError } from "./errors";

/*
 * Sending that survives the network: a submission that could not go out (no network) is kept on
 * the device with its idempotency key and sent later, from any element of the page, with that same
 * key, so the API records it once whatever happened to the first attempt. This module is the
 * queue's logic over a small storage interface (IndexedDB in a browser, memory in tests); the
 * page's wiring (senders, locks, events) is in `offline.ts`.
 */

export type SubmissionKind = "service-request" | "service-request-message" | "contact" | "basket";

/** Whose submission it is: an account and the company it wrote for; `account: null` is a visitor's basket, the browser's. */
export interface Owner {
  account: string | null;
  company: string | null;
}

/** A resized photo (or the video) of a service request or its message, with its upload's id once the API has it (the submission names it). */
export interface QueuedPhoto {
  blob: Blob;
  id: string | null;
}

/** What the API said of a submission it refused (4xx): shown on the form's screen. */
export interface QueuedProblem {
  status: number;
  type?: string;
  detail?: string;
  errors?: { path: string; message: string }[];
}

export interface QueuedSubmission {
  /** The Idempotency-Key, the record's id too. */
  key: string;
  kind: SubmissionKind;
  owner: Owner;
  /** ms since the epoch. */
  savedAt: number;
  /** The request's JSON body (never a token, nor a bot-check solution: those are made when it is sent). */
  body: unknown;
  photos?: QueuedPhoto[];
  /** A service request's (or its message's) video, sent as its photos are. */
  video?: QueuedPhoto | null;
  /** waiting: to send; refused: a 4xx, kept for its form to show; sent: its answer, until its form has shown it. */
  state: "waiting" | "refused" | "sent";
  problem?: QueuedProblem;
  answer?: unknown;
}

export interface QueueStorage {
  all(): Promise<QueuedSubmission[]>;
  put(entry: QueuedSubmission): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * Sends one submission with its key; throws the API's failure. `save` keeps a change of the entry
 * made on the way (a photo's id once uploaded), so a later attempt sends the same request.
 */
export type Sender = (entry: QueuedSubmission, save: (entry: QueuedSubmission) => Promise<void>) => Promise<unknown>;

/** How long a device keeps a submission: below the API's key retention (IDEMPOTENCY_KEY_RETENTION_DAYS). */
export const QUEUE_MAX_AGE_MS = OFFLINE_QUEUE_MAX_AGE_DAYS * 24 * 60 * 60 * 1000;

/** The browser says it is offline, or the request got no answer at all (a fetch TypeError, status 0). */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  return error instanceof TypeError || (error instanceof ApiError && error.status === 0);
}

/**
 * A refusal the customer has to act on (invalid data, unknown item): kept with its problem. Not
 * 401 (the session ended: the submission waits for the account to log in again), nor 408/409/425/
 * 429 (try again later), nor a refused bot-check solution (a new one is made at the next attempt).
 */
export function isRefusal(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return false;
  if ([401, 408, 409, 425, 429].includes(error.status)) return false;
  return !(error.status === 403 && /bot-check(-cost)?$/.test(error.problem.type ?? ""));
}

const sameOwner = (a: Owner, b: Owner) => a.account === b.account && a.company === b.company;

/** An entry its owner may see and send now: a visitor's basket on any page, an account's for that account and company. */
export function belongsTo(entry: QueuedSubmission, current: Owner): boolean {
  return entry.owner.account === null || sameOwner(entry.owner, current);
}

export interface OfflineQueue {
  /** Keeps a submission that could not go out. */
  save(entry: Pick<QueuedSubmission, "key" | "kind" | "owner" | "body" | "photos" | "video">): Promise<void>;
  /** The submissions of `kind` the current owner sees, oldest first (what its form shows). */
  list(kind: SubmissionKind): Promise<QueuedSubmission[]>;
  /** Its form has shown it sent, or the customer sends a refused one again. */
  remove(key: string): Promise<void>;
  /** Sends what waits and belongs to the current owner, oldest first; stops at the first network failure. */
  flush(): Promise<void>;
  /** Logout: the account's submissions are deleted (a visitor's basket stays, it is the browser's). */
  forgetAccount(account: string): Promise<void>;
  /** Called after each change (this tab's; `offline.ts` relays other tabs'). */
  subscribe(listener: () => void): () => void;
  /** Tells the listeners (a change made by another tab). */
  changed(): void;
}

export interface QueueDeps {
  storage: QueueStorage;
  senders: Record<SubmissionKind, Sender>;
  current: () => Owner;
  now?: () => number;
  /** One sender at a time (across tabs in a browser: Web Locks). */
  exclusive?: <T>(run: () => Promise<T>) => Promise<T>;
}

export function createOfflineQueue({ storage, senders, current, now = Date.now, exclusive = (run) => run() }: QueueDeps): OfflineQueue {
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((listener) => listener());
  const fresh = (entry: QueuedSubmission) => now() - entry.savedAt < QUEUE_MAX_AGE_MS;

  async function put(entry: QueuedSubmission) {
    await storage.put(entry);
    changed();
  }

  async function sendOne(entry: QueuedSubmission): Promise<"sent" | "offline" | "later"> {
    try {
      const answer = await senders[entry.kind](entry, (updated) => storage.put(updated));
      // The photos go: nothing left to send, only a success to show (the body says which form's it is).
      await put({ key: entry.key, kind: entry.kind, owner: entry.owner, savedAt: entry.savedAt, body: entry.body, state: "sent", answer });
      return "sent";
    } catch (error) {
      if (isNetworkFailure(error)) return "offline";
      if (isRefusal(error)) {
        const { type, detail, errors } = error.problem;
        const problem: QueuedProblem = { status: error.status, type, detail, errors: Array.isArray(errors) ? errors : undefined };
        await put({ ...entry, state: "refused", problem });
      }
      // A 5xx, a 409 still in progress, a lapsed session: kept as it is, for the next attempt.
      return "later";
    }
  }

  async function flushNow(): Promise<void> {
    const entries = (await storage.all()).sort((a, b) => a.savedAt - b.savedAt);
    for (const entry of entries) {
      // Past its age the API may no longer know its key: dropped rather than risk a second record.
      if (!fresh(entry)) {
        await storage.delete(entry.key);
        changed();
        continue;
      }
      if (entry.state !== "waiting" || !belongsTo(entry, current())) continue;
      if ((await sendOne(entry)) === "offline") return;
    }
  }

  let running: Promise<void> | null = null;
  return {
    async save({ key, kind, owner, body, photos, video }) {
      await put({ key, kind, owner, body, photos, ...(video ? { video } : {}), savedAt: now(), state: "waiting" });
    },
    async list(kind) {
      const owner = current();
      return (await storage.all()).filter((e) => e.kind === kind && fresh(e) && belongsTo(e, owner)).sort((a, b) => a.savedAt - b.savedAt);
    },
    async remove(key) {
      await storage.delete(key);
      changed();
    },
    flush() {
      // One run at a time in this page; `exclusive` keeps other tabs out.
      return (running ??= exclusive(flushNow).finally(() => {
        running = null;
      }));
    },
    async forgetAccount(account) {
      for (const entry of await storage.all()) if (entry.owner.account === account) await storage.delete(entry.key);
      changed();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed,
  };
}

/** For tests and for browsers without IndexedDB (the page's life only). */
export function memoryStorage(): QueueStorage {
  const entries = new Map<string, QueuedSubmission>();
  return {
    all: async () => [...entries.values()].map((e) => ({ ...e })),
    put: async (entry) => void entries.set(entry.key, { ...entry }),
    delete: async (key) => void entries.delete(key),
  };
}

const DB_NAME = "macc-offline";
const STORE = "submissions";

/** The queue in IndexedDB (Blobs are stored as they are), or null where there is none. */
export function indexedDbStorage(idb: IDBFactory | undefined = globalThis.indexedDB): QueueStorage | null {
  if (!idb) return null;
  let opened: Promise<IDBDatabase> | null = null;
  const open = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = idb.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "key" });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opened = null;
        reject(request.error ?? new Error("IndexedDB cannot be opened"));
      };
    }));
  const run = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const db = await open();
    return new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error("IndexedDB transaction failed"));
      tx.onabort = () => reject(tx.error ?? new Error("IndexedDB transaction aborted"));
    });
  };
  return {
    all: () => run("readonly", (store) => store.getAll() as IDBRequest<QueuedSubmission[]>),
    put: async (entry) => void (await run("readwrite", (store) => store.put(entry))),
    delete: async (key) => void (await run("readwrite", (store) => store.delete(key))),
  };
}
