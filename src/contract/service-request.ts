/**
 * Service requests (`/api/me/service-requests`): a customer asks the network's after-sales service
 * about one machine of the product fleet, with photos. Kinds, urgencies, statuses, limits and the
 * photo types are declared here once: the form, the API client, the server's validators and the
 * OpenAPI document read them.
 *
 * Photos are sent one by one before the request (`POST /api/me/service-requests/photos`, the raw
 * image as the body, so the browser can show each file's upload progress); the request then names
 * the photos it keeps, and is recorded exactly once per `Idempotency-Key`.
 */
import * as v from "valibot";
import { boundedText, choice, locale, optionalText, requestObject, rule } from "./rules";

export const SERVICE_REQUEST_KINDS = ["breakdown", "maintenance", "spare-part", "question"] as const;
export type ServiceRequestKind = (typeof SERVICE_REQUEST_KINDS)[number];

export const SERVICE_REQUEST_URGENCIES = ["machine-stopped", "can-wait"] as const;
export type ServiceRequestUrgency = (typeof SERVICE_REQUEST_URGENCIES)[number];

/** Where the machine is: at the company's address (its farm) or somewhere the customer writes down. */
export const SERVICE_REQUEST_LOCATIONS = ["farm", "other"] as const;
export type ServiceRequestLocation = (typeof SERVICE_REQUEST_LOCATIONS)[number];

export const CALL_TIMES = ["any", "morning", "midday", "afternoon", "evening"] as const;
export type CallTime = (typeof CALL_TIMES)[number];

/**
 * Every state of a request, in the order it lives them. A new request is `received`; the others
 * come from the after-sales system (issue 28, step 2).
 */
export const SERVICE_REQUEST_STATUSES = ["received", "assigned", "scheduled", "waiting-for-parts", "done", "cancelled"] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];
/** A closed request has nothing left to happen to it. */
export const CLOSED_STATUSES: readonly ServiceRequestStatus[] = ["done", "cancelled"];
export const isOpenStatus = (status: ServiceRequestStatus) => !CLOSED_STATUSES.includes(status);

export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 4000;
export const OTHER_ADDRESS_MAX = 300;
/** More hours than a machine lives (a tractor's engine runs about 15,000). */
export const USAGE_HOURS_MAX = 99_999;

/** Photos of one request. */
export const PHOTO_MAX_COUNT = 6;
/** The longest side of a photo the browser sends (resized as JPEG). */
export const PHOTO_MAX_EDGE = 1600;
/** What the browser keeps a resized photo within (issue 28, measured in `npm run bench`): 300 kB. */
export const PHOTO_TARGET_BYTES = 300 * 1024;
/**
 * The largest photo the API accepts: the browser sends about 300 kB, another client may send a
 * camera's original. A larger one is refused with 422 (413 ends the customer's session, SPEC §4).
 */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Photos uploaded but not (yet) named by a request are forgotten after this many hours. */
export const UNATTACHED_PHOTO_HOURS = 24;
/** A request's photos are purged this many days after the request was made (the request stays). */
export const PHOTO_RETENTION_DAYS = 365;
/** Staff open photos through signed links valid this many days. */
export const STAFF_LINK_DAYS = 7;

export const PHOTO_TYPES = ["jpeg", "png", "webp"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
export const PHOTO_MEDIA_TYPES: Readonly<Record<PhotoType, string>> = { jpeg: "image/jpeg", png: "image/png", webp: "image/webp" };

/** How many first bytes `photoTypeOf` needs. */
export const PHOTO_SIGNATURE_BYTES = 12;

/** A photo's type from its first bytes (never its name or declared type), or null when it is none of PHOTO_TYPES. */
export function photoTypeOf(head: Uint8Array): PhotoType | null {
  const starts = (bytes: readonly number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "webp"; // RIFF....WEBP
  return null;
}

/** One short video of a request, besides its photos (issue 28, step 4). */
export const VIDEO_MAX_SECONDS = 30;
/**
 * The largest video the API accepts: 30 s filmed by a phone. A larger one is refused with 422 (413
 * ends the customer's session, SPEC §4), before its body is read when it announces its length.
 */
export const VIDEO_MAX_BYTES = 30 * 1024 * 1024;
export const VIDEO_TYPES = ["mp4", "quicktime", "webm"] as const;
export type VideoType = (typeof VIDEO_TYPES)[number];
export const VIDEO_MEDIA_TYPES: Readonly<Record<VideoType, string>> = {
  mp4: "video/mp4",
  quicktime: "video/quicktime",
  webm: "video/webm",
};

/**
 * A video's type from its first bytes (never its name or declared type): an ISO media file's `ftyp`
 * box (QuickTime's brand `qt  `, MP4 otherwise), or WebM's EBML header; null when it is neither.
 */
export function videoTypeOf(head: Uint8Array): VideoType | null {
  const starts = (bytes: readonly number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  if (starts([0x66, 0x74, 0x79, 0x70], 4)) return starts([0x71, 0x74, 0x20, 0x20], 8) ? "quicktime" : "mp4"; // ....ftyp
  if (starts([0x1a, 0x45, 0xdf, 0xa3])) return "webm";
  return null;
}

/** The API's words for the rules only service requests have (the form has its own, in the user's language). */
export const SERVICE_REQUEST_MESSAGES = {
  usageHours: `Indiquez un nombre d'heures entier entre 0 et ${USAGE_HOURS_MAX}.`,
  family: "Choisissez une machine de votre parc.",
  machine: "Cette machine n'est pas dans votre parc.",
  photos: `${PHOTO_MAX_COUNT} photos au maximum, chacune une seule fois.`,
  unknownPhotos: "Certaines photos n'ont pas été reçues : ajoutez-les de nouveau.",
  photoType: "Ce type de fichier n'est pas accepté : envoyez une photo JPEG, PNG ou WebP.",
  photoRequired: "Le corps de la requête doit être la photo.",
  video: "Une vidéo au plus, déjà envoyée.",
  unknownVideo: "La vidéo n'a pas été reçue : ajoutez-la de nouveau.",
  videoType: "Ce type de fichier n'est pas accepté : envoyez une vidéo MP4, QuickTime ou WebM.",
  videoRequired: "Le corps de la requête doit être la vidéo.",
  messageEmpty: "Écrivez un message ou ajoutez une photo ou une vidéo.",
} as const;
const M = SERVICE_REQUEST_MESSAGES;

/** A product family's code, as the fleet names it (answered upper-case). */
const FAMILY_CODE = /^[A-Za-z0-9_-]{1,32}$/;
/** A product code or a serial number: printed on the machine's plate. */
const MACHINE_CODE = /^[\p{L}\p{N} ._/-]{1,64}$/u;

const optionalCode = () => v.optional(v.nullable(v.pipe(v.string(M.machine), v.trim(), v.regex(MACHINE_CODE, M.machine))), null);

/** Ids of photos uploaded first, in the order shown: a request's, or a message's. */
const photoIds = () =>
  v.optional(
    v.pipe(
      v.array(v.pipe(v.string(M.photos), v.uuid(M.photos)), M.photos),
      v.maxLength(PHOTO_MAX_COUNT, M.photos),
      v.check((ids) => new Set(ids).size === ids.length, M.photos),
    ),
    [],
  );
/** The id of a video uploaded first (VIDEO_MAX_SECONDS at most), or null. */
const videoId = () => v.optional(v.nullable(v.pipe(v.string(M.video), v.uuid(M.video))), null);

/** The machine of a request: its family in the fleet and, when the family has several, which one. */
const MachineFields = {
  codeFamille: v.pipe(v.string(M.family), v.regex(FAMILY_CODE, M.family), v.toUpperCase()),
  codeProduit: optionalCode(),
  numeroSerie: optionalCode(),
};

const ServiceRequestFields = requestObject({
  ...MachineFields,
  kind: choice(SERVICE_REQUEST_KINDS),
  /** Multi-line. */
  description: boundedText(DESCRIPTION_MIN, DESCRIPTION_MAX),
  usageHours: v.optional(
    v.nullable(
      v.pipe(v.number(M.usageHours), v.integer(M.usageHours), v.minValue(0, M.usageHours), v.maxValue(USAGE_HOURS_MAX, M.usageHours)),
    ),
    null,
  ),
  urgency: choice(SERVICE_REQUEST_URGENCIES),
  location: choice(SERVICE_REQUEST_LOCATIONS),
  /** Required when `location` is `other`; ignored otherwise. */
  otherAddress: optionalText(OTHER_ADDRESS_MAX),
  callTime: choice(CALL_TIMES),
  photos: photoIds(),
  video: videoId(),
  /** The customer's language: their acknowledgement (mail and SMS) is written in it. */
  langue: locale(),
});

/** A new request. */
export const ServiceRequest = v.pipe(
  ServiceRequestFields,
  v.forward(
    v.partialCheck([["location"], ["otherAddress"]], (r) => r.location !== "other" || r.otherAddress.length > 0, rule("required")),
    ["otherAddress"],
  ),
);
export type ServiceRequest = v.InferInput<typeof ServiceRequest>;
export type ServiceRequestInput = v.InferOutput<typeof ServiceRequest>;

export const ServiceRequestPhoto = v.object({
  id: v.string(),
  /** The photo's address from the API's origin, opened with the customer's session. */
  url: v.string(),
  type: v.picklist(PHOTO_TYPES),
  size: v.number(),
});
export type ServiceRequestPhoto = v.InferOutput<typeof ServiceRequestPhoto>;

/** A photo just uploaded: kept for a request to name within UNATTACHED_PHOTO_HOURS. */
export const PhotoUploadAnswer = v.object({ id: v.string(), type: v.picklist(PHOTO_TYPES), size: v.number() });

/** A request's video, played with the customer's session (its address answers range requests). */
export const ServiceRequestVideo = v.object({ id: v.string(), url: v.string(), type: v.picklist(VIDEO_TYPES), size: v.number() });
export type ServiceRequestVideo = v.InferOutput<typeof ServiceRequestVideo>;

/** A video just uploaded: kept for a request to name within UNATTACHED_PHOTO_HOURS, as a photo. */
export const VideoUploadAnswer = v.object({ id: v.string(), type: v.picklist(VIDEO_TYPES), size: v.number() });

const Machine = v.object({
  codeFamille: v.string(),
  /** The family's name in the answer's language. */
  produit: v.string(),
  codeProduit: v.nullable(v.string()),
  numeroSerie: v.nullable(v.string()),
  /** ISO date of the machine's purchase, when the request names one. */
  dateAchat: v.nullable(v.string()),
});

const StatusField = v.picklist(SERVICE_REQUEST_STATUSES);

/** What the list shows of a request. */
const SummaryFields = {
  reference: v.string(),
  createdAt: v.string(),
  status: StatusField,
  kind: v.picklist(SERVICE_REQUEST_KINDS),
  urgency: v.picklist(SERVICE_REQUEST_URGENCIES),
  machine: Machine,
};

/** A recorded request, as its owner reads it. `sms` is false when the acknowledgement SMS was not sent. */
export const ServiceRequestAnswer = v.object({
  ...SummaryFields,
  description: v.string(),
  usageHours: v.nullable(v.number()),
  location: v.picklist(SERVICE_REQUEST_LOCATIONS),
  /** The address the machine is at: the company's, or the one the customer wrote. */
  address: v.string(),
  callTime: v.picklist(CALL_TIMES),
  photos: v.array(ServiceRequestPhoto),
  /** Absent from answers recorded before videos (a replayed idempotent answer). */
  video: v.optional(v.nullable(ServiceRequestVideo), null),
  sms: v.optional(v.boolean(), false),
});
export type ServiceRequestAnswer = v.InferOutput<typeof ServiceRequestAnswer>;

const ServiceRequestSummary = v.object({ ...SummaryFields, photoCount: v.number() });
export type ServiceRequestSummary = v.InferOutput<typeof ServiceRequestSummary>;

/** The company's requests made by the account, newest first. */
export const ServiceRequestList = v.object({ requests: v.array(ServiceRequestSummary) });
export type ServiceRequestList = v.InferOutput<typeof ServiceRequestList>;

export const SERVICE_REQUEST_FILTERS = ["all", "open", "closed"] as const;
/** `?state=open|closed` (default all). */
export const ServiceRequestListQuery = v.object({
  state: v.optional(v.picklist(SERVICE_REQUEST_FILTERS, "Filtre invalide : open, closed ou all."), "all"),
});

/** A reference as the API draws them: D-<year>-<6 characters of Crockford's base 32>. */
export const ServiceRequestParams = v.object({
  reference: v.pipe(v.string(), v.toUpperCase(), v.regex(/^D-\d{4}-[0-9A-HJKMNP-TV-Z]{6}$/)),
});
export const PhotoParams = v.object({ ...ServiceRequestParams.entries, photo: v.pipe(v.string(), v.uuid()) });
export const VideoParams = v.object({ ...ServiceRequestParams.entries, video: v.pipe(v.string(), v.uuid()) });

/*
 * Status timeline (issue 28, step 2): the after-sales system reports each change of a request's
 * state through the signed integration endpoint
 * (`POST /api/integrations/service-requests/{reference}/events`); the customer reads the timeline,
 * writes a message on an open request and cancels one not yet scheduled.
 */

/**
 * The changes the after-sales system may report, from each state: the one table the endpoint, its
 * tests and the demo outbox's buttons read. A request may be assigned again (another technician)
 * and scheduled again (another date); a closed one changes no more.
 */
export const SERVICE_REQUEST_TRANSITIONS: Readonly<Record<ServiceRequestStatus, readonly ServiceRequestStatus[]>> = {
  received: ["assigned", "scheduled", "waiting-for-parts", "done", "cancelled"],
  assigned: ["assigned", "scheduled", "waiting-for-parts", "done", "cancelled"],
  scheduled: ["assigned", "scheduled", "waiting-for-parts", "done", "cancelled"],
  "waiting-for-parts": ["assigned", "scheduled", "done", "cancelled"],
  done: [],
  cancelled: [],
};

/** Whether the after-sales system may take a request from `from` to `to`. */
export const canTransition = (from: ServiceRequestStatus, to: ServiceRequestStatus) => SERVICE_REQUEST_TRANSITIONS[from].includes(to);

/** The customer cancels a request while it is open and not scheduled (a technician's visit is booked then: they phone). */
export const CUSTOMER_CANCELLABLE: readonly ServiceRequestStatus[] = ["received", "assigned", "waiting-for-parts"];
export const canCustomerCancel = (status: ServiceRequestStatus) => CUSTOMER_CANCELLABLE.includes(status);

/** The integration's headers: the signature is HMAC-SHA256(INTEGRATION_SECRET, `${timestamp}.${body}`), hex, after `sha256=`. */
export const INTEGRATION_SIGNATURE_HEADER = "X-Signature";
export const INTEGRATION_TIMESTAMP_HEADER = "X-Signature-Timestamp";
/** A signature's timestamp (Unix seconds) more than this far from the server's clock is refused. */
export const INTEGRATION_MAX_SKEW_SECONDS = 5 * 60;

export const TECHNICIAN_MAX = 120;
export const EVENT_MESSAGE_MAX = 2000;
export const CUSTOMER_MESSAGE_MIN = 2;
export const CUSTOMER_MESSAGE_MAX = 2000;
/** The API's words for a message's text shorter than CUSTOMER_MESSAGE_MIN (the form has its own). */
export const MESSAGE_TOO_SHORT = `${CUSTOMER_MESSAGE_MIN} caractères au minimum.`;

const EVENT_ID = /^[A-Za-z0-9._:-]{1,100}$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A visit's day and its time window, in the machine's local time (as the after-sales system books it). */
export const VisitWindow = v.pipe(
  v.object({
    date: v.pipe(v.string(), v.regex(DATE, "Date invalide : AAAA-MM-JJ.")),
    from: v.pipe(v.string(), v.regex(TIME, "Heure invalide : HH:MM.")),
    to: v.pipe(v.string(), v.regex(TIME, "Heure invalide : HH:MM.")),
  }),
  v.forward(
    v.check((w) => w.from < w.to, "La fin du créneau doit suivre son début."),
    ["to"],
  ),
);
export type VisitWindow = v.InferOutput<typeof VisitWindow>;

/** What a change of state needs besides the state: a name when assigned, a window when scheduled. */
export const STATUS_NEEDS: Readonly<Partial<Record<ServiceRequestStatus, "technician" | "window">>> = {
  assigned: "technician",
  scheduled: "window",
};

/** The after-sales system's event: `{ eventId, type: "status", status, at, technician?, window?, message? }`. */
export const ServiceRequestEvent = v.pipe(
  requestObject({
    /** The sender's id of the event: the same id is answered as the first time, never applied twice. */
    eventId: v.pipe(
      v.string("Identifiant d'événement requis."),
      v.regex(EVENT_ID, "Identifiant d'événement invalide (1 à 100 caractères A-Z a-z 0-9 . _ : -)."),
    ),
    type: v.literal("status", "Type d'événement non géré : status."),
    /** `received` is where every request starts: never reported. */
    status: v.picklist(
      SERVICE_REQUEST_STATUSES.filter((s) => s !== "received") as [ServiceRequestStatus, ...ServiceRequestStatus[]],
      "Statut inconnu.",
    ),
    /** When the change happened in the after-sales system (ISO 8601 with offset). */
    at: v.pipe(v.string("Date requise."), v.isoTimestamp("Date invalide : ISO 8601 avec fuseau.")),
    technician: v.optional(
      v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(TECHNICIAN_MAX, `${TECHNICIAN_MAX} caractères au maximum.`))),
      null,
    ),
    window: v.optional(v.nullable(VisitWindow), null),
    /** A word to the customer, shown in the timeline and its messages. */
    message: v.optional(
      v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(EVENT_MESSAGE_MAX, `${EVENT_MESSAGE_MAX} caractères au maximum.`))),
      null,
    ),
  }),
  v.forward(
    v.check((e) => STATUS_NEEDS[e.status] !== "technician" || !!e.technician, "Le nom du technicien ou du service est requis."),
    ["technician"],
  ),
  v.forward(
    v.check((e) => STATUS_NEEDS[e.status] !== "window" || !!e.window, "La date et le créneau de l'intervention sont requis."),
    ["window"],
  ),
);
export type ServiceRequestEvent = v.InferInput<typeof ServiceRequestEvent>;
export type ServiceRequestEventInput = v.InferOutput<typeof ServiceRequestEvent>;

/** The endpoint's answer: the request's state after the event (the same, with `Idempotent-Replayed: true`, for an event id already seen). */
export const ServiceRequestEventAnswer = v.object({
  reference: v.string(),
  eventId: v.string(),
  status: StatusField,
});
export type ServiceRequestEventAnswer = v.InferOutput<typeof ServiceRequestEventAnswer>;

export const TIMELINE_AUTHORS = ["after-sales", "customer"] as const;

/** A visit's day and time window as the answers give it (`from`, `to`: HH:MM, the machine's local time). */
const WindowAnswer = v.object({ date: v.string(), from: v.string(), to: v.string() });

/**
 * A machine's open request, on its line of the product fleet (inside `GET /me/products`, so the
 * fleet stays one request): the account's newest for the family not done nor cancelled, its state,
 * and the visit's window while scheduled. Its timeline opens at SERVICE_REQUESTS with `?ref=`.
 */
export const OpenServiceRequest = v.object({
  reference: v.string(),
  status: StatusField,
  window: v.nullable(WindowAnswer),
});
export type OpenServiceRequest = v.InferOutput<typeof OpenServiceRequest>;

/** One line of a request's timeline: a change of state, or a message from either side (the customer's with its photos and video). */
export const TimelineEntry = v.object({
  kind: v.picklist(["status", "message"]),
  at: v.string(),
  author: v.picklist(TIMELINE_AUTHORS),
  status: v.nullable(StatusField),
  technician: v.nullable(v.string()),
  window: v.nullable(WindowAnswer),
  /** Null for a status without a word, and for a message of photos only. */
  message: v.nullable(v.string()),
  photos: v.optional(v.array(ServiceRequestPhoto), []),
  video: v.optional(v.nullable(ServiceRequestVideo), null),
});
export type TimelineEntry = v.InferOutput<typeof TimelineEntry>;

/** A request's timeline, oldest first (its first line is its receipt). */
export const ServiceRequestTimeline = v.object({
  reference: v.string(),
  status: StatusField,
  technician: v.nullable(v.string()),
  window: v.nullable(WindowAnswer),
  cancellable: v.boolean(),
  entries: v.array(TimelineEntry),
});
export type ServiceRequestTimeline = v.InferOutput<typeof ServiceRequestTimeline>;

/**
 * The customer's message on an open request: text, photos (uploaded first, as a request's), a video,
 * or any of them together; neither text nor photo nor video is refused on `message`. Recorded
 * exactly once per `Idempotency-Key`.
 */
export const ServiceRequestMessage = v.pipe(
  requestObject({
    /** Multi-line; may be empty when photos or a video go. */
    message: optionalText(CUSTOMER_MESSAGE_MAX),
    photos: photoIds(),
    video: videoId(),
  }),
  v.forward(
    v.partialCheck([["message"]], (m) => m.message.length === 0 || m.message.length >= CUSTOMER_MESSAGE_MIN, MESSAGE_TOO_SHORT),
    ["message"],
  ),
  v.forward(
    v.check((m) => m.message.length > 0 || m.photos.length > 0 || m.video !== null, M.messageEmpty),
    ["message"],
  ),
);
export type ServiceRequestMessage = v.InferInput<typeof ServiceRequestMessage>;
export type ServiceRequestMessageInput = v.InferOutput<typeof ServiceRequestMessage>;
