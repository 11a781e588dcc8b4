import { createHmac, timingSafeEqual } from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describeRoute } from "hono-openapi";
import * as v from "valibot";
import { fileSize, problemDetail } from "../../src/contract/problem-details.ts";
import { DEFAULT_LOCALE, type Locale } from "../../src/contract/constants.ts";
import { checkMobile } from "../../src/contract/phone-rules.ts";
import {
  CLOSED_STATUSES,
  PHOTO_MAX_BYTES,
  PHOTO_MEDIA_TYPES,
  PHOTO_TYPES,
  PhotoParams,
  PhotoUploadAnswer,
  SERVICE_REQUEST_MESSAGES as M,
  STAFF_LINK_DAYS,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
  VIDEO_MEDIA_TYPES,
  VIDEO_TYPES,
  VideoParams,
  VideoUploadAnswer,
  videoTypeOf,
  type VideoType,
  ServiceRequest,
  ServiceRequestAnswer,
  ServiceRequestList,
  ServiceRequestListQuery,
  ServiceRequestMessage,
  ServiceRequestParams,
  ServiceRequestTimeline,
  canCustomerCancel,
  isOpenStatus,
  photoTypeOf,
  type PhotoType,
} from "../../src/contract/service-request.ts";
import { formatCompanyName } from "../../src/core/company-name.ts";
import { languageOf } from "../../src/core/locale.ts";
import { brandName, themeOfNetwork } from "../../src/core/theme.ts";
import { configuredOrStoredSecret } from "../auth/tokens.ts";
import type { Queryable } from "../db/db.ts";
import type { AppEnv, CompanyScope, Deps } from "../http/context.ts";
import { idempotencyKey, requestHash, runOnce, sendAnswer, type IdempotentAnswer } from "../http/idempotency.ts";
import { answerLanguage } from "../http/locale.ts";
import { jsonBody, operation, paramsOf, protectedOperation, queryOf } from "../http/operation.ts";
import { ProblemError, tooManyRequests, validationProblem } from "../http/problem.ts";
import { deliverInBackground, enqueueMail } from "../mail/queue.ts";
import { serviceRequestAcknowledgementMail, serviceRequestSmsText, serviceRequestStaffMail } from "../mail/service-request-templates.ts";
import { staffLanguage } from "../mail/staff-language.ts";
import { mailLanguage } from "../mail/templates.ts";
import { stripLocation } from "../media/strip-location.ts";
import { companyAdviser } from "../queries/advisers.ts";
import { storeIdempotentAnswer } from "../queries/idempotency.ts";
import { countWithin, hit, release } from "../queries/rate-limits.ts";
import { noticeOfChange, noticeToStaff, sendNotice } from "./service-request-events.ts";
import {
  addMessage,
  applyStatus,
  lockOwnedRequest,
  ownsRequest,
  timelineOf,
  attachPhotos,
  attachVideo,
  fleetMachines,
  insertPhoto,
  insertVideo,
  insertServiceRequest,
  markServiceRequestSmsSent,
  ownedPhoto,
  requestAuthor,
  requestPhoto,
  requestVideo,
  serviceRequestOf,
  serviceRequestsOf,
  subServiceOfKind,
} from "../queries/service-requests.ts";
import { SMS_WAIT_MS, sentWithin } from "../sms/sms.ts";
import { recordActivity } from "../queries/security.ts";
import { drawBasketReference } from "./basket.ts";

/**
 * The timeline's refusals, in the request's language: said by the server only (the browser shows the
 * answer's `detail`), so they stay out of the contract's sentences every page downloads.
 */
const TIMELINE_PROBLEMS = {
  serviceRequestNotCancellable: {
    fr: "Cette demande ne peut plus être annulée ici : l'intervention est planifiée ou la demande est close. Appelez votre service après-vente.",
    en: "This request can no longer be cancelled here: the visit is scheduled or the request is closed. Please call your after-sales service.",
    nl: "Deze aanvraag kan hier niet meer worden geannuleerd: de interventie is gepland of de aanvraag is afgesloten. Bel uw aftersalesdienst.",
    de: "Diese Anfrage kann hier nicht mehr storniert werden: Der Einsatz ist geplant oder die Anfrage ist abgeschlossen. Bitte rufen Sie Ihren Kundendienst an.",
    es: "Esta solicitud ya no se puede cancelar aquí: la intervención está programada o la solicitud está cerrada. Llame a su servicio posventa.",
    it: "Questa richiesta non può più essere annullata qui: l'intervento è programmato o la richiesta è chiusa. Chiami il Suo servizio di assistenza.",
  },
  serviceRequestClosed: {
    fr: "Cette demande est close : faites une nouvelle demande pour écrire au service après-vente.",
    en: "This request is closed: make a new request to write to the after-sales service.",
    nl: "Deze aanvraag is afgesloten: doe een nieuwe aanvraag om de aftersalesdienst te schrijven.",
    de: "Diese Anfrage ist abgeschlossen: Stellen Sie eine neue Anfrage, um dem Kundendienst zu schreiben.",
    es: "Esta solicitud está cerrada: haga una nueva solicitud para escribir al servicio posventa.",
    it: "Questa richiesta è chiusa: faccia una nuova richiesta per scrivere al servizio di assistenza.",
  },
} as const satisfies Record<string, Record<"fr" | "en" | "nl" | "de" | "es" | "it", string>>;
const timelineProblem = (key: keyof typeof TIMELINE_PROBLEMS) => (locale: Locale) =>
  TIMELINE_PROBLEMS[key][locale.slice(0, 2) as keyof (typeof TIMELINE_PROBLEMS)[typeof key]];

/** The uploads' paths: they set their own body limits (a photo, a video), not the API's 16 KB (app.ts). */
export const SERVICE_REQUEST_PHOTO_PATH = "/api/me/service-requests/photos";
export const SERVICE_REQUEST_VIDEO_PATH = "/api/me/service-requests/videos";

/** Per account and hour: a form, not a way to fill the database (six photos and a video to each request). */
const REQUESTS_PER_HOUR = 20;
const PHOTOS_PER_HOUR = REQUESTS_PER_HOUR * 6;
const VIDEOS_PER_HOUR = REQUESTS_PER_HOUR;
const HOUR_SECONDS = 3600;
const IDEMPOTENCY_SCOPE = "service-request";
const MESSAGE_IDEMPOTENCY_SCOPE = "service-request-message";
/** Requests listed: the newest ones. */
const LIST_MAX = 100;

/** The random part of a reference: drawn as a basket's (6 characters nobody misreads on the phone). */
const drawReference = drawBasketReference;

/**
 * A photo or a video over its limit, said on the field whether the body announced its length or
 * streamed past it: 422, never 413, which the elements treat as the end of the session (SPEC §4).
 */
function fileTooLarge(path: "photo" | "video", maxBytes: number) {
  const detail = (locale: Locale) => problemDetail("fileTooLarge", locale, { size: fileSize(maxBytes, locale) });
  return new ProblemError(422, "file-too-large", detail, { errors: [{ path, message: detail(DEFAULT_LOCALE) }] });
}

/**
 * An upload of one photo or video, the raw file as the body: refused before a byte of the body is
 * read when its announced length is too large, and while it streams in without one (chunked);
 * within the account's hourly count (a refused upload does not count); its type read from its content.
 */
function uploadHandlers<T extends string>(
  deps: Deps,
  {
    path,
    maxBytes,
    perHour,
    typeOf,
    store,
  }: {
    path: "photo" | "video";
    maxBytes: number;
    perHour: number;
    typeOf: (bytes: Uint8Array) => T | null;
    store: (owner: CompanyScope, type: T, bytes: Uint8Array) => Promise<unknown>;
  },
) {
  const required = path === "photo" ? M.photoRequired : M.videoRequired;
  const wrongType = path === "photo" ? M.photoType : M.videoType;
  return [
    async (c: Context<AppEnv>, next: () => Promise<void>) => {
      c.header("Cache-Control", "no-store");
      if (Number(c.req.header("content-length")) > maxBytes) throw fileTooLarge(path, maxBytes);
      const key = `service-request-${path}s:account:${c.get("company").uuidCompte}`;
      const slot = await countWithin(deps.db, key, HOUR_SECONDS, perHour);
      if (!slot.counted) throw tooManyRequests("tooManyRequests", slot.retryAfter);
      await next();
      if (c.res.status !== 201) await release(deps.db, key);
    },
    bodyLimit({
      maxSize: maxBytes,
      onError: () => {
        throw fileTooLarge(path, maxBytes);
      },
    }),
    async (c: Context<AppEnv>) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.byteLength === 0) throw validationProblem([{ path, message: required }]);
      const type = typeOf(bytes);
      if (!type) throw validationProblem([{ path, message: wrongType }]);
      return c.json(await store(c.get("company"), type, bytes), 201);
    },
  ] as const;
}

/** The OpenAPI document's request body of an upload: the raw file, of one of `mediaTypes`. */
const rawBody = (description: string, mediaTypes: readonly string[]) =>
  describeRoute({
    requestBody: {
      required: true,
      description,
      content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: { type: "string", format: "binary" } }])),
    },
  });

/** `Range: bytes=a-b` (one range: what a `<video>` asks for) within `size`; null for the whole, "bad" when unsatisfiable. */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | "bad" {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (!from && !to) return "bad";
  const start = from ? Number(from) : Math.max(0, size - Number(to));
  const end = from && to ? Math.min(Number(to), size - 1) : size - 1;
  return start > end || start >= size ? "bad" : { start, end };
}

/** A video, or the range of it asked for (206), from the database's bytes. */
async function sendVideo(
  c: Context,
  read: (range: (size: number) => { start: number; end: number } | null) => ReturnType<typeof requestVideo>,
  cache: string,
  notFound: () => never,
): Promise<Response> {
  let unsatisfiable: number | null = null;
  const found = await read((size) => {
    const range = byteRange(c.req.header("range"), size);
    if (range !== "bad") return range;
    unsatisfiable = size;
    return { start: 0, end: -1 };
  });
  if (unsatisfiable !== null) return c.body(null, 416, { "Content-Range": `bytes */${unsatisfiable}`, "Cache-Control": cache });
  if (!found) notFound();
  const { type, size, start, bytes } = found;
  const partial = bytes.byteLength < size;
  return c.body(bytes as Uint8Array<ArrayBuffer>, partial ? 206 : 200, {
    "Content-Type": VIDEO_MEDIA_TYPES[type],
    "Content-Length": String(bytes.byteLength),
    "Accept-Ranges": "bytes",
    ...(partial ? { "Content-Range": `bytes ${start}-${start + bytes.byteLength - 1}/${size}` } : {}),
    "Cache-Control": cache,
    "Content-Security-Policy": "default-src 'none'; media-src 'self'; sandbox",
  });
}

const DAY_SECONDS = 24 * 60 * 60;

/** The staff's links: the photo's id and its expiry, signed with a key of their own. */
const linkKey = (deps: Deps) => configuredOrStoredSecret(deps.db, undefined, "service_request_photo_link_hmac");
const sign = (key: string, id: string, expires: number) => createHmac("sha256", key).update(`${id}.${expires}`).digest("base64url");

async function staffLink(deps: Deps, media: "photos" | "videos", id: string): Promise<string> {
  const expires = Math.floor(Date.now() / 1000) + STAFF_LINK_DAYS * DAY_SECONDS;
  const base = deps.config.publicUrl.replace(/\/$/, "");
  return `${base}/api/service-request-${media}/${id}?expires=${expires}&signature=${sign(await linkKey(deps), id, expires)}`;
}

/** The staff's signed links to the photos and video a request or a message names, made before its transaction. */
async function staffLinks(deps: Deps, media: { photos: readonly string[]; video: string | null }) {
  const photoLinks: string[] = [];
  for (const id of media.photos) photoLinks.push(await staffLink(deps, "photos", id));
  return { photoLinks, videoLink: media.video && (await staffLink(deps, "videos", media.video)) };
}

/**
 * Gives a request (or its message `eventId`) the photos and video it names; 422 with the ids not
 * found (expired, another's, already used), which the offline queue uploads again.
 */
async function attachMedia(
  tx: Queryable,
  owner: CompanyScope,
  requestId: string,
  media: { photos: readonly string[]; video: string | null },
  eventId: string | null = null,
) {
  const refused = await attachPhotos(tx, owner, requestId, media.photos, eventId);
  if (refused.length > 0) throw validationProblem([{ path: "photos", message: M.unknownPhotos }], { unknown: refused });
  if (media.video && !(await attachVideo(tx, owner, requestId, media.video, eventId))) {
    throw validationProblem([{ path: "video", message: M.unknownVideo }], { unknown: [media.video] });
  }
}

function sendPhoto(c: Context, photo: { type: PhotoType; bytes: Uint8Array }, cache: string): Response {
  return c.body(photo.bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": PHOTO_MEDIA_TYPES[photo.type],
    "Content-Length": String(photo.bytes.byteLength),
    "Cache-Control": cache,
    "Content-Security-Policy": "default-src 'none'; sandbox",
  });
}

/** `/me/service-requests`: the photos, the requests, and what the owner reads of them. */
export function serviceRequestRoutes(deps: Deps) {
  const { db, config, mailer } = deps;
  const app = new Hono<AppEnv>();

  app.post(
    "/photos",
    ...protectedOperation(deps, {
      operationId: "postServiceRequestPhoto",
      summary: "Upload one photo for a service request (the raw image as the body)",
      tags: ["service-requests"],
      auth: "company",
      answers: {
        201: { description: "Kept for a request to name within 24 hours; location metadata removed.", schema: PhotoUploadAnswer },
      },
      problems: [401, 403, 422, 429],
    }),
    rawBody(
      `A JPEG, PNG or WebP photo of at most ${PHOTO_MAX_BYTES} bytes, recognised by its content. One request per photo, so a browser can show each one's progress.`,
      PHOTO_TYPES.map((t) => PHOTO_MEDIA_TYPES[t]),
    ),
    ...uploadHandlers<PhotoType>(deps, {
      path: "photo",
      maxBytes: PHOTO_MAX_BYTES,
      perHour: PHOTOS_PER_HOUR,
      typeOf: photoTypeOf,
      store: async (owner, type, bytes) => {
        const stripped = stripLocation(type, bytes);
        if (!stripped) throw validationProblem([{ path: "photo", message: M.photoType }]);
        return insertPhoto(db, owner, { type, bytes: stripped });
      },
    }),
  );

  app.post(
    "/videos",
    ...protectedOperation(deps, {
      operationId: "postServiceRequestVideo",
      summary: "Upload the video of a service request (the raw video as the body)",
      tags: ["service-requests"],
      auth: "company",
      answers: { 201: { description: "Kept for a request to name within 24 hours.", schema: VideoUploadAnswer } },
      problems: [401, 403, 422, 429],
    }),
    rawBody(
      `An MP4, QuickTime or WebM video of at most ${VIDEO_MAX_BYTES} bytes (a larger one: 422, never 413), recognised by its content. Its length (at most ${VIDEO_MAX_SECONDS} s) is checked by the browser.`,
      VIDEO_TYPES.map((t) => VIDEO_MEDIA_TYPES[t]),
    ),
    ...uploadHandlers<VideoType>(deps, {
      path: "video",
      maxBytes: VIDEO_MAX_BYTES,
      perHour: VIDEOS_PER_HOUR,
      typeOf: videoTypeOf,
      store: (owner, type, bytes) => insertVideo(db, owner, { type, bytes }),
    }),
  );

  // A request: stored once per Idempotency-Key with its photos, the after-sales service and the
  // adviser told by e-mail in their language and the customer in theirs (queued in the
  // transaction), the customer's SMS after the commit.
  app.post(
    "/",
    ...protectedOperation(deps, {
      operationId: "postServiceRequest",
      summary: "Make a service request about a machine of the fleet",
      tags: ["service-requests"],
      auth: "company",
      idempotencyKey: "required",
      answers: { 201: { description: "Recorded (or the answer recorded for this Idempotency-Key).", schema: ServiceRequestAnswer } },
      problems: [400, 401, 403, 409, 415, 422, 429],
    }),
    ...jsonBody(ServiceRequest, { multiline: ["description", "otherAddress"] }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const key = idempotencyKey(c);
      const company = c.get("company");
      const input = c.req.valid("json");
      const hash = requestHash({ owner: [company.uuidCompte, company.idTier], ...input });
      const language = languageOf(input.langue);
      const { photoLinks, videoLink } = await staffLinks(deps, input);
      const outcome = await runOnce(db, IDEMPOTENCY_SCOPE, key, hash, async (tx) => {
        const state = await hit(tx, `service-requests:account:${company.uuidCompte}`, HOUR_SECONDS);
        if (state.count > REQUESTS_PER_HOUR) throw tooManyRequests("tooManyRequests", state.retryAfter);
        const machine = await machineOf(tx, company, input, language);
        const author = await requestAuthor(tx, company);
        if (!author) throw new ProblemError(404, "not-found", "notFound");
        const adviser = await companyAdviser(tx, company.idTier, "fr");
        // The after-sales service of the network; a network without one (EXP) has its customer service read it.
        const service =
          (await subServiceOfKind(tx, company.codeReseau, "after-sales")) ??
          (await subServiceOfKind(tx, company.codeReseau, "customer-service"));
        if (!service) throw new Error(`network ${company.codeReseau} has no service to send a service request to`);
        const recipients = [service, ...(adviser ? [adviser.email] : [])];
        const address = input.location === "farm" ? author.address : input.otherAddress;
        const saved = await insertServiceRequest(
          tx,
          { ...company, ...input, ...machine, codeFamille: input.codeFamille, address, recipients },
          drawReference,
        );
        const detail = { reference: saved.reference, change: "sent" };
        await recordActivity(tx, { uuidCompte: company.uuidCompte, idTier: company.idTier, kind: "service-request", detail });
        await attachMedia(tx, company, saved.id, input);

        const details = { ...input, reference: saved.reference, address };
        const staff = staffLanguage(company.codeReseau, input.langue);
        const staffMachine = {
          ...machine,
          produit: (await fleetMachines(tx, company.idTier, input.codeFamille, staff))[0]?.produit ?? machine.produit,
        };
        const customer = {
          name: [author.civilite, author.prenom, author.nom].filter(Boolean).join(" ") || author.email,
          email: author.email,
          phone: author.mobile ?? author.telephone,
          company: formatCompanyName(author.raison_sociale, author.forme_juridique, author.pays),
          numeroClient: author.numero_client,
          idTier: company.idTier,
        };
        const mailIds = [
          ...(await Promise.all(
            recipients.map((to) =>
              enqueueMail(
                tx,
                serviceRequestStaffMail(staff, to, {
                  ...details,
                  machine: staffMachine,
                  customer,
                  photoLinks,
                  videoLink,
                  linkDays: STAFF_LINK_DAYS,
                }),
              ),
            ),
          )),
          await enqueueMail(tx, serviceRequestAcknowledgementMail(mailLanguage(input.langue), author.email, { ...details, machine })),
        ];
        const body = await serviceRequestOf(tx, company, saved.reference, language);
        return {
          answer: { status: 201, body: JSON.stringify(body) },
          result: { body: body!, mailIds, mobile: (author.mobile && checkMobile(author.pays, author.mobile).e164) || null },
        };
      });
      if (outcome.replayed) return sendAnswer(c, outcome.answer, true);

      const { body, mailIds, mobile } = outcome.result;
      deliverInBackground(db, mailer, mailIds);
      const text = serviceRequestSmsText(mailLanguage(input.langue), brandName(themeOfNetwork(company.codeReseau)), body.reference);
      // Within the day's limit per number, as the basket's; past it (or without a mobile) the answer says no SMS went out.
      const allowed = mobile !== null && (await hit(db, `sms:to:${mobile}`, DAY_SECONDS)).count <= config.smsMaxPerNumberPerDay;
      const sent =
        allowed && (await sentWithin(deps.sms, { to: mobile, text }, SMS_WAIT_MS, () => markServiceRequestSmsSent(db, body.reference)));
      const answer: IdempotentAnswer = { status: 201, body: JSON.stringify({ ...body, sms: sent }) };
      // Said in the answer and in the stored one, so that a retry reads the same.
      await storeIdempotentAnswer(db, IDEMPOTENCY_SCOPE, key, answer.status, answer.body);
      return sendAnswer(c, answer, false);
    },
  );

  app.get(
    "/",
    ...protectedOperation(deps, {
      operationId: "listServiceRequests",
      summary: "The service requests the account made for the selected company",
      tags: ["service-requests"],
      auth: "company",
      answers: { 200: { description: `The newest first (at most ${LIST_MAX}).`, schema: ServiceRequestList } },
      problems: [400, 401, 403, 422],
    }),
    ...queryOf(ServiceRequestListQuery),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const { state } = c.req.valid("query");
      return c.json({ requests: await serviceRequestsOf(db, c.get("company"), answerLanguage(c), CLOSED_STATUSES, state, LIST_MAX) });
    },
  );

  app.get(
    "/:reference",
    ...protectedOperation(deps, {
      operationId: "getServiceRequest",
      summary: "One service request of the account (another's is not found)",
      tags: ["service-requests"],
      auth: "company",
      answers: { 200: { description: "The request", schema: ServiceRequestAnswer } },
      problems: [401, 403, 404],
    }),
    paramsOf(ServiceRequestParams, "notFound"),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const found = await serviceRequestOf(db, c.get("company"), c.req.valid("param").reference, answerLanguage(c));
      if (!found) throw new ProblemError(404, "not-found", "notFound");
      return c.json(found);
    },
  );

  app.get(
    "/:reference/timeline",
    ...protectedOperation(deps, {
      operationId: "getServiceRequestTimeline",
      summary: "One service request's timeline: its state, each change and message, oldest first (another's is not found)",
      tags: ["service-requests"],
      auth: "company",
      answers: { 200: { description: "The timeline, its first line the receipt", schema: ServiceRequestTimeline } },
      problems: [401, 403, 404],
    }),
    paramsOf(ServiceRequestParams, "notFound"),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const found = await timelineOf(db, c.get("company"), c.req.valid("param").reference);
      if (!found) throw new ProblemError(404, "not-found", "notFound");
      return c.json({ ...found, cancellable: canCustomerCancel(found.status) });
    },
  );

  // The customer cancels while the request is not scheduled: once (a second call answers the
  // timeline as it is), the after-sales service told by the timeline, the customer by e-mail and SMS.
  app.post(
    "/:reference/cancel",
    ...protectedOperation(deps, {
      operationId: "cancelServiceRequest",
      summary: "Cancel one of the account's service requests while it is not scheduled (idempotent)",
      tags: ["service-requests"],
      auth: "company",
      noBody: true,
      answers: { 200: { description: "Cancelled (or already): the timeline", schema: ServiceRequestTimeline } },
      problems: [401, 403, 404, 409],
    }),
    paramsOf(ServiceRequestParams, "notFound"),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const company = c.get("company");
      const { reference } = c.req.valid("param");
      const notice = await db.transaction(async (tx) => {
        const request = await lockOwnedRequest(tx, company, reference);
        if (!request) throw new ProblemError(404, "not-found", "notFound");
        if (request.status === "cancelled") return null;
        if (!canCustomerCancel(request.status))
          throw new ProblemError(409, "transition-not-allowed", timelineProblem("serviceRequestNotCancellable"));
        const change = {
          status: "cancelled" as const,
          at: new Date().toISOString(),
          author: "customer" as const,
          technician: null,
          window: null,
          message: null,
        };
        await applyStatus(tx, request.id, change);
        const detail = { reference, change: "cancelled" };
        await recordActivity(tx, { uuidCompte: company.uuidCompte, idTier: company.idTier, kind: "service-request", detail });
        const notice = await noticeOfChange(deps, tx, request, change);
        return { ...notice, mailIds: [...notice.mailIds, ...(await noticeToStaff(tx, request, "cancelled", null))] };
      });
      if (notice) await sendNotice(deps, notice);
      const found = (await timelineOf(db, company, reference))!;
      return c.json({ ...found, cancellable: false });
    },
  );

  // A message (text, photos, a video, or together) on an open request, recorded once per
  // Idempotency-Key with its media; the after-sales service and the adviser read it by e-mail with
  // the media's signed links (a reply goes to the customer).
  app.post(
    "/:reference/messages",
    ...protectedOperation(deps, {
      operationId: "postServiceRequestMessage",
      summary: "Add a message, photos or a video to one of the account's open service requests",
      tags: ["service-requests"],
      auth: "company",
      idempotencyKey: "required",
      answers: {
        200: { description: "Added (or the answer recorded for this Idempotency-Key): the timeline", schema: ServiceRequestTimeline },
      },
      problems: [400, 401, 403, 404, 409, 415, 422],
    }),
    paramsOf(ServiceRequestParams, "notFound"),
    // Another's request is not found whatever the body holds.
    async (c, next) => {
      const reference = v.parse(ServiceRequestParams, c.req.param()).reference;
      if (!(await ownsRequest(db, c.get("company"), reference))) throw new ProblemError(404, "not-found", "notFound");
      await next();
    },
    ...jsonBody(ServiceRequestMessage, { multiline: ["message"] }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      const key = idempotencyKey(c);
      const company = c.get("company");
      const { reference } = c.req.valid("param");
      const input = c.req.valid("json");
      const hash = requestHash({ owner: [company.uuidCompte, company.idTier], reference, ...input });
      const { photoLinks, videoLink } = await staffLinks(deps, input);
      const outcome = await runOnce(db, MESSAGE_IDEMPOTENCY_SCOPE, key, hash, async (tx) => {
        const request = await lockOwnedRequest(tx, company, reference);
        if (!request) throw new ProblemError(404, "not-found", "notFound");
        if (!isOpenStatus(request.status)) throw new ProblemError(409, "transition-not-allowed", timelineProblem("serviceRequestClosed"));
        const eventId = await addMessage(tx, request.id, "customer", input.message);
        await attachMedia(tx, company, request.id, input, eventId);
        const mailIds = await noticeToStaff(tx, request, "message", input.message || null, {
          photoLinks,
          videoLink,
          linkDays: STAFF_LINK_DAYS,
        });
        const found = (await timelineOf(tx, company, reference))!;
        const body = { ...found, cancellable: canCustomerCancel(found.status) };
        return { answer: { status: 200, body: JSON.stringify(body) }, result: mailIds };
      });
      if (!outcome.replayed) deliverInBackground(db, deps.mailer, outcome.result);
      return sendAnswer(c, outcome.answer, outcome.replayed);
    },
  );

  app.get(
    "/:reference/photos/:photo",
    ...protectedOperation(deps, {
      operationId: "getServiceRequestPhoto",
      summary: "A photo of one of the account's service requests (another's is not found)",
      tags: ["service-requests"],
      auth: "company",
      answers: { 200: { description: "The photo (JPEG, PNG or WebP)", file: PHOTO_TYPES.map((t) => PHOTO_MEDIA_TYPES[t]) } },
      problems: [401, 403, 404],
    }),
    paramsOf(PhotoParams, "photoNotFound"),
    async (c) => {
      const { reference, photo } = c.req.valid("param");
      const found = await ownedPhoto(db, c.get("company"), reference, photo);
      if (!found) throw new ProblemError(404, "not-found", "photoNotFound");
      return sendPhoto(c, found, "private, no-store");
    },
  );

  app.get(
    "/:reference/videos/:video",
    ...protectedOperation(deps, {
      operationId: "getServiceRequestVideo",
      summary: "The video of one of the account's service requests, whole or a range of it (another's is not found)",
      tags: ["service-requests"],
      auth: "company",
      answers: {
        200: {
          description: "The video (MP4, QuickTime or WebM); with `Range: bytes=…`, 206 and that part",
          file: VIDEO_TYPES.map((t) => VIDEO_MEDIA_TYPES[t]),
        },
      },
      problems: [401, 403, 404],
    }),
    paramsOf(VideoParams, "notFound"),
    (c) => {
      const { reference, video } = c.req.valid("param");
      return sendVideo(
        c,
        (range) => requestVideo(db, video, range, { ...c.get("company"), reference }),
        "private, no-store",
        () => {
          throw new ProblemError(404, "not-found", "notFound");
        },
      );
    },
  );

  return app;
}

/** The request's machine: a family of the company's fleet and, named or when alone, one of its machines. */
async function machineOf(
  db: Parameters<typeof fleetMachines>[0],
  company: CompanyScope,
  input: v.InferOutput<typeof ServiceRequest>,
  language: string,
) {
  const machines = await fleetMachines(db, company.idTier, input.codeFamille, language);
  if (machines.length === 0) throw validationProblem([{ path: "codeFamille", message: M.family }]);
  const named = input.codeProduit !== null || input.numeroSerie !== null;
  const match = machines.find(
    (m) =>
      (input.codeProduit === null || m.codeProduit === input.codeProduit) &&
      (input.numeroSerie === null || m.numeroSerie === input.numeroSerie),
  );
  if (named && !match) throw validationProblem([{ path: input.numeroSerie !== null ? "numeroSerie" : "codeProduit", message: M.machine }]);
  const machine = match && (named || machines.length === 1) ? match : null;
  return {
    produit: machines[0]!.produit,
    codeProduit: machine?.codeProduit ?? null,
    numeroSerie: machine?.numeroSerie ?? null,
    dateAchat: machine?.dateAchat ?? null,
  };
}

const SignedQuery = v.object({
  expires: v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.toNumber()),
  signature: v.pipe(v.string(), v.regex(/^[\w-]{43}$/)),
});

/** `/service-request-photos`: the staff open a request's photo through the signed link of their e-mail. */
export function staffPhotoRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get(
    "/:photo",
    operation({
      operationId: "getServiceRequestPhotoSigned",
      summary: `A service request's photo through a signed link of the staff's e-mail (valid ${STAFF_LINK_DAYS} days)`,
      tags: ["service-requests"],
      answers: { 200: { description: "The photo (JPEG, PNG or WebP)", file: PHOTO_TYPES.map((t) => PHOTO_MEDIA_TYPES[t]) } },
      problems: [404],
    }),
    async (c) => {
      const id = c.req.param("photo");
      const photo = (await signedFor(deps, c, id)) ? await requestPhoto(deps.db, id) : undefined;
      if (!photo) throw new ProblemError(404, "not-found", "photoNotFound");
      return sendPhoto(c, photo, "private, max-age=3600");
    },
  );
  return app;
}

/** Whether a staff link's expiry and signature hold for `id`. */
async function signedFor(deps: Deps, c: Context, id: string): Promise<boolean> {
  const checked = v.safeParse(SignedQuery, c.req.query());
  if (!checked.success || !/^[0-9a-f-]{36}$/i.test(id) || checked.output.expires < Date.now() / 1000) return false;
  const expected = Buffer.from(sign(await linkKey(deps), id, checked.output.expires));
  const given = Buffer.from(checked.output.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** `/service-request-videos`: the staff play a request's video through the signed link of their e-mail. */
export function staffVideoRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get(
    "/:video",
    operation({
      operationId: "getServiceRequestVideoSigned",
      summary: `A service request's video through a signed link of the staff's e-mail (valid ${STAFF_LINK_DAYS} days), whole or a range of it`,
      tags: ["service-requests"],
      answers: { 200: { description: "The video (MP4, QuickTime or WebM)", file: VIDEO_TYPES.map((t) => VIDEO_MEDIA_TYPES[t]) } },
      problems: [404],
    }),
    async (c) => {
      const id = c.req.param("video");
      const notFound = () => {
        throw new ProblemError(404, "not-found", "notFound");
      };
      if (!(await signedFor(deps, c, id))) notFound();
      return sendVideo(c, (range) => requestVideo(deps.db, id, range), "private, max-age=3600", notFound);
    },
  );
  return app;
}
