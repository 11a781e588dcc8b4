import type { ApiClient } from "./api";
import { BOT_CHECK_HEADER, proveHuman } from "./bot-check";
import { ApiError } from "./errors";
import { IDEMPOTENCY_KEY_HEADER, sendWhileInProgress } from "./idempotency";
import type { Core } from "./index";
import {
  createOfflineQueue,
  indexedDbStorage,
  memoryStorage,
  type OfflineQueue,
  type Owner,
  type QueuedPhoto,
  type QueuedSubmission,
  type QueueStorage,
  type Sender,
  type SubmissionKind,
} from "./offline-queue";
import { OFFLINE_QUEUE_FLAG } from "../contract/constants";
import { browserStorage } from "./storage";
import { isLogged, type MaccState } from "./store";

export type { OfflineQueue, Owner, QueuedSubmission, SubmissionKind } from "./offline-queue";
export { isNetworkFailure } from "./offline-queue";

/*
 * The page's offline queue (see offline-queue.ts): the same for every element of the page (and
 * every copy of the bundle), sent on page load, on `online` and at login, one sender at a time
 * across tabs (Web Locks, as the session's refresh), emptied of an account's submissions when it
 * logs out.
 */

/** The API paths the queue sends to; the areas' API modules send to the same. */
export const SUBMISSION_PATHS = {
  "service-request": "/me/service-requests",
  "service-request-photo": "/me/service-requests/photos",
  "service-request-video": "/me/service-requests/videos",
  contact: "/me/contact",
  basket: "/basket/requests",
} as const;

/** A message on a service request is sent to the request's own path. */
export const serviceRequestMessagePath = (reference: string) => `/me/service-requests/${encodeURIComponent(reference)}/messages`;

const LOCK_NAME = "macc-offline-queue";
const CHANNEL_NAME = "macc-offline-queue";

/** Who fills and sends the queue on this page now. */
export function ownerOf(state: Pick<MaccState, "auth">): Owner {
  return { account: state.auth.user?.uuidCompte ?? null, company: state.auth.user ? state.auth.companyId : null };
}

/** A photo or a video that expired on the server (unnamed for a day) is uploaded again: the request is not recorded yet. */
function expiredPhotos(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 422) return [];
  const unknown = error.problem.unknown;
  return Array.isArray(unknown) ? unknown.filter((id): id is string => typeof id === "string") : [];
}

/** The id of an uploaded photo or video (PhotoUploadAnswer; read by hand so the contact and basket forms, which load this module, do not load the service request's contract). */
function uploadedId(answer: unknown): string {
  const id = (answer as { id?: unknown } | null)?.id;
  if (typeof id !== "string" || !id) throw new Error("The upload answered no id");
  return id;
}

export function senders(api: ApiClient): Record<SubmissionKind, Sender> {
  const upload = async (path: string, blob: Blob) =>
    uploadedId(await api.request<unknown>(path, { method: "POST", body: blob, errors: "inline" }));
  /**
   * A submission with photos and a video (a service request, a message on one): each not yet
   * uploaded is uploaded and its id kept at once, then the submission names them all.
   */
  const withMedia =
    (to: (body: Record<string, unknown>) => { path: string; body: Record<string, unknown> }): Sender =>
    async (entry, save) => {
      let current = entry;
      for (let attempt = 0; ; attempt++) {
        const photos = [...(current.photos ?? [])];
        for (const [i, photo] of photos.entries()) {
          if (photo.id) continue;
          photos[i] = { ...photo, id: await upload(SUBMISSION_PATHS["service-request-photo"], photo.blob) };
          // Kept at once: a later attempt names the same photos, so its submission is the same one.
          current = { ...current, photos };
          await save(current);
        }
        if (current.video && !current.video.id) {
          current = {
            ...current,
            video: { ...current.video, id: await upload(SUBMISSION_PATHS["service-request-video"], current.video.blob) },
          };
          await save(current);
        }
        const video = current.video ? { video: current.video.id } : {};
        const { path, body } = to(current.body as Record<string, unknown>);
        try {
          return await sendWhileInProgress(() =>
            api.request<unknown>(path, {
              method: "POST",
              body: { ...body, photos: photos.map((p) => p.id), ...video },
              headers: { [IDEMPOTENCY_KEY_HEADER]: current.key },
              errors: "inline",
            }),
          );
        } catch (error) {
          const expired = expiredPhotos(error);
          if (!expired.length || attempt > 0) throw error;
          const again = (media: QueuedPhoto) => (media.id && expired.includes(media.id) ? { ...media, id: null } : media);
          current = { ...current, photos: photos.map(again), video: current.video && again(current.video) };
          await save(current);
        }
      }
    };
  const serviceRequest = withMedia((body) => ({ path: SUBMISSION_PATHS["service-request"], body }));
  // The message's request is named in the saved body, not sent in it.
  const serviceRequestMessage = withMedia(({ reference, ...body }) => ({ path: serviceRequestMessagePath(String(reference)), body }));
  const contact: Sender = (entry) =>
    sendWhileInProgress(async () =>
      api.request<unknown>(SUBMISSION_PATHS.contact, {
        method: "POST",
        body: entry.body as Record<string, unknown>,
        headers: { [IDEMPOTENCY_KEY_HEADER]: entry.key, [BOT_CHECK_HEADER]: await proveHuman(api) },
        errors: "inline",
      }),
    );
  const basket: Sender = (entry) =>
    sendWhileInProgress(async () =>
      api.request<unknown>(SUBMISSION_PATHS.basket, {
        method: "POST",
        body: entry.body as Record<string, unknown>,
        headers: { [IDEMPOTENCY_KEY_HEADER]: entry.key, [BOT_CHECK_HEADER]: await proveHuman(api) },
        errors: "inline",
        optional: true,
        // A visitor's basket goes as a visitor's, whoever is logged in when it is sent.
        anonymous: entry.owner.account === null,
      }),
    );
  return { "service-request": serviceRequest, "service-request-message": serviceRequestMessage, contact, basket };
}

/**
 * Tells the other tabs of a change (their forms read the queue again), and keeps OFFLINE_QUEUE_FLAG
 * set while anything is queued (the next page loads the queue only then).
 */
function broadcasting(storage: QueueStorage, channel: BroadcastChannel | null): QueueStorage {
  const flags = browserStorage("local");
  const tell = () => channel?.postMessage("changed");
  return {
    all: () => storage.all(),
    put: async (entry) => {
      await storage.put(entry);
      flags?.setItem(OFFLINE_QUEUE_FLAG, "1");
      tell();
    },
    delete: async (key) => {
      await storage.delete(key);
      if (!(await storage.all()).length) flags?.removeItem(OFFLINE_QUEUE_FLAG);
      tell();
    },
  };
}

const REGISTRY = Symbol.for("macc.offline");
type Registry = typeof globalThis & { [REGISTRY]?: WeakMap<Core, OfflineQueue> };

/** The page's queue, started with the page's first element (and shared by every copy of the bundle). */
export function offlineQueueOf(core: Core): OfflineQueue {
  const registry = globalThis as Registry;
  const queues = (registry[REGISTRY] ??= new WeakMap());
  let queue = queues.get(core);
  if (!queue) {
    queue = startQueue(core);
    queues.set(core, queue);
  }
  return queue;
}

function startQueue({ api, store, ready }: Core): OfflineQueue {
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL_NAME) : null;
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  const queue = createOfflineQueue({
    storage: broadcasting(indexedDbStorage() ?? memoryStorage(), channel),
    senders: senders(api),
    current: () => ownerOf(store.getState()),
    exclusive: locks ? (run) => locks.request(LOCK_NAME, run) : undefined,
  });
  channel?.addEventListener("message", () => queue.changed());

  const flush = () => void queue.flush().catch((error: unknown) => console.error("[macc] offline queue:", error));
  // After the session's restore, so that an account's submissions go with its token.
  void ready.then(flush);
  if (typeof window !== "undefined") window.addEventListener("online", flush);
  store.subscribe((state, previous) => {
    const was = ownerOf(previous);
    const now = ownerOf(state);
    // A logout (the customer's, or for inactivity) deletes the account's submissions; a session
    // that merely lapsed keeps them until the account logs in again.
    if (isLogged(previous) && !isLogged(state) && was.account && (state.logoutReason === "user" || state.logoutReason === "idle")) {
      void queue.forgetAccount(was.account);
    } else if (isLogged(state) && (now.account !== was.account || now.company !== was.company)) {
      flush();
    }
  });
  return queue;
}

/** Whether a queued submission is still to be sent, refused (with its problem), or sent. */
export type QueuedState = QueuedSubmission["state"];
