import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { isNetworkFailure } from "../../core/offline";
import { formatNumber } from "../../core/format";
import { Button } from "../../ui/Button";
import { useElement } from "../../ui/context";
import type { FieldError } from "../../ui/ErrorSummary";
import { PHOTO_MAX_COUNT, VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS } from "../../contract/service-request";
import { photoResizer } from "./resize";
import { uploadMedia } from "./service-request-api";
import { checkVideo, type VideoProblem } from "./video";

/*
 * The photos and the video a customer adds to a service request or to a message on one: chosen or
 * taken with the camera, photos resized in the browser and the video's size and length checked,
 * each uploaded at once with its progress; without a network each stays on the device (`offline`)
 * and goes with the submission when it is sent. One hook and its two fieldsets, for both forms.
 */

/** A photo or the video being prepared, uploaded, kept on the device, or refused. */
export interface Attachment {
  key: number;
  /** Stands in for the upload's id until it has one, so that validation counts it. */
  ref: string;
  preview: string | null;
  state: "resizing" | "uploading" | "sent" | "offline" | "failed";
  progress: number;
  id?: string;
  upload?: AbortController;
}

/** A photo or the video ready for its submission, with its upload's id when the network let it go. */
export interface ReadyMedia {
  blob: Blob;
  id: string | null;
}

export interface MediaUploads {
  photos: Attachment[];
  video: Attachment | null;
  /** Why the video chosen was not kept (said on its field). */
  videoProblem: VideoProblem | null;
  /** Whether a photo or the video is still being prepared or uploaded. */
  sending: boolean;
  addPhotos(files: FileList | null): void;
  addVideo(files: FileList | null): void;
  remove(item: Attachment): void;
  /** A saved submission's photos and video back in the form (their ids, when they still have them, kept). */
  restore(photos: readonly ReadyMedia[], video: ReadyMedia | null): void;
  /** What validation counts: each photo's id, or its stand-in while it has none. */
  refs(): { photos: string[]; video: string | null };
  /** The field errors of photos or a video that could not be sent. */
  errors(): FieldError[];
  /** Waits for every upload: what goes with the submission, or the field whose media failed. */
  settle(): Promise<{ photos: ReadyMedia[]; video: ReadyMedia | null } | { failed: FieldError }>;
}

export function useMediaUploads(): MediaUploads {
  const { t } = useLingui();
  const { request } = useElement();
  const [photos, setPhotos] = useState<Attachment[]>([]);
  const [video, setVideo] = useState<Attachment | null>(null);
  const [videoProblem, setVideoProblem] = useState<VideoProblem | null>(null);
  const uploads = useRef(new Map<number, Promise<ReadyMedia | null>>());
  const nextKey = useRef(0);

  // The previews' memory goes with the form.
  const current = useRef({ photos, video });
  current.current = { photos, video };
  const all = () => [...current.current.photos, ...(current.current.video ? [current.current.video] : [])];
  useEffect(() => () => all().forEach((m) => m.preview && URL.revokeObjectURL(m.preview)), []);

  const failedPhotos = { field: "photos", message: t`Remove the photos that could not be sent, or add them again` };
  const failedVideo = { field: "video", message: t`Remove the video that could not be sent, or add it again` };

  const attachment = (state: Attachment["state"], upload?: AbortController): Attachment => ({
    key: nextKey.current++,
    ref: crypto.randomUUID(),
    preview: null,
    state,
    progress: 0,
    ...(upload ? { upload } : {}),
  });

  /** Changes a photo, or the video (their keys never meet). */
  const update = (key: number, change: Partial<Attachment>) => {
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
    setVideo((found) => (found?.key === key ? { ...found, ...change } : found));
  };

  /** Uploads a resized photo or the video; without a network it stays on the device, for the submission to take along. */
  async function send(media: "photo" | "video", key: number, preparing: Promise<Blob>, signal: AbortSignal): Promise<ReadyMedia | null> {
    let prepared: Blob | null = null;
    try {
      prepared = await preparing;
      update(key, { state: "uploading", preview: URL.createObjectURL(prepared) });
      if (navigator.onLine === false) throw new TypeError("offline");
      const id = await uploadMedia(
        request,
        media,
        prepared,
        (loaded, total) => update(key, { progress: total ? Math.round((100 * loaded) / total) : 0 }),
        signal,
      );
      update(key, { state: "sent", progress: 100, id });
      return { blob: prepared, id };
    } catch (error) {
      if (signal.aborted) return null;
      if (prepared && isNetworkFailure(error)) {
        update(key, { state: "offline", progress: 0 });
        return { blob: prepared, id: null };
      }
      update(key, { state: "failed" });
      return null;
    }
  }

  function remove(item: Attachment) {
    item.upload?.abort();
    if (item.preview) URL.revokeObjectURL(item.preview);
    uploads.current.delete(item.key);
    setPhotos((list) => list.filter((p) => p.key !== item.key));
    setVideo((found) => (found?.key === item.key ? null : found));
  }

  return {
    photos,
    video,
    videoProblem,
    sending: [...photos, ...(video ? [video] : [])].some((m) => m.state === "resizing" || m.state === "uploading"),
    addPhotos(files) {
      const room = PHOTO_MAX_COUNT - photos.length;
      for (const file of [...(files ?? [])].slice(0, Math.max(0, room))) {
        const upload = new AbortController();
        const added = attachment("resizing", upload);
        setPhotos((list) => [...list, added]);
        uploads.current.set(added.key, send("photo", added.key, photoResizer.resize(file), upload.signal));
      }
    },
    /** The video chosen: its size and length checked here (a refused one says why on the field), then sent. */
    addVideo(files) {
      const file = files?.[0];
      if (!file) return;
      if (video) remove(video);
      const upload = new AbortController();
      const added = attachment("resizing", upload);
      setVideoProblem(null);
      setVideo(added);
      const checked = checkVideo(file).then((problem) => {
        if (!problem) return file;
        setVideoProblem(problem);
        setVideo(null);
        uploads.current.delete(added.key);
        upload.abort();
        throw new Error(problem);
      });
      uploads.current.set(added.key, send("video", added.key, checked, upload.signal));
    },
    remove,
    restore(saved, savedVideo) {
      all().forEach((m) => m.preview && URL.revokeObjectURL(m.preview));
      uploads.current.clear();
      const back = ({ blob, id }: ReadyMedia): Attachment => {
        const item = { ...attachment(id ? "sent" : "offline"), preview: URL.createObjectURL(blob), progress: id ? 100 : 0 };
        uploads.current.set(item.key, Promise.resolve({ blob, id }));
        return id ? { ...item, id } : item;
      };
      setPhotos(saved.map(back));
      setVideo(savedVideo && back(savedVideo));
      setVideoProblem(null);
    },
    refs: () => ({ photos: photos.map((p) => p.id ?? p.ref), video: video ? (video.id ?? video.ref) : null }),
    errors: () => [
      ...(photos.some((p) => p.state === "failed") ? [failedPhotos] : []),
      ...(video?.state === "failed" ? [failedVideo] : []),
    ],
    async settle() {
      const ready = await Promise.all(photos.map((p) => uploads.current.get(p.key)));
      const film = video ? await uploads.current.get(video.key) : null;
      if (ready.some((photo) => !photo)) return { failed: failedPhotos };
      if (video && !film) return { failed: failedVideo };
      return { photos: ready as ReadyMedia[], video: film ?? null };
    },
  };
}

/** Where an attachment is: its progress, kept on the device, or not sent. */
function AttachmentState({ item, label }: { item: Attachment; label: string }) {
  const { t } = useLingui();
  if (item.state === "failed") return <span className="field__error">{t`Not sent`}</span>;
  if (item.state === "offline") return <span className="service-request__kept">{t`Kept on this device until you are back online`}</span>;
  return (
    <progress max={100} value={item.state === "resizing" ? undefined : item.progress} aria-label={label}>
      {item.progress}%
    </progress>
  );
}

/** The photos' fieldset: each with its preview and progress, and the camera's and the file chooser's buttons. */
export function PhotosField({ media, error }: { media: MediaUploads; error?: string }) {
  const { t } = useLingui();
  return (
    <fieldset className={error ? "field field--error" : "field"} part="field">
      <legend className="field__label">{t`Photos (optional)`}</legend>
      <span className="field__hint" id="photos-hint">
        {t`Up to ${PHOTO_MAX_COUNT} photos of the machine or the part. They are made smaller before they are sent.`}
      </span>
      {error && <span className="field__error">{error}</span>}
      {media.photos.length > 0 && (
        <ul className="service-request__photos">
          {media.photos.map((photo, i) => (
            <li key={photo.key} className="service-request__photo">
              {photo.preview ? <img src={photo.preview} alt="" /> : <span className="service-request__thumb" aria-hidden="true" />}
              <div>
                <span>{t`Photo ${i + 1}`}</span>
                <AttachmentState item={photo} label={t`Photo ${i + 1} sending`} />
              </div>
              <Button variant="secondary" onClick={() => media.remove(photo)}>
                {t`Remove`}
                <span className="visually-hidden"> {t`photo ${i + 1}`}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {media.photos.length < PHOTO_MAX_COUNT && (
        <div className="service-request__add">
          {/* The camera on a phone; elsewhere, or for photos already taken, the files. */}
          <MediaPicker id="photos-camera" label={t`Take a photo`} capture onFiles={media.addPhotos} />
          <MediaPicker id="photos" label={t`Choose photos`} onFiles={media.addPhotos} />
        </div>
      )}
    </fieldset>
  );
}

/** The video's fieldset: one video, checked in the page, with its preview and progress. */
export function VideoField({ media, error }: { media: MediaUploads; error?: string }) {
  const { t } = useLingui();
  const { locale } = useElement();
  const problems: Record<VideoProblem, string> = {
    tooLarge: t`This video is larger than ${formatNumber(locale, VIDEO_MAX_BYTES / 1024 / 1024)} MB: film a shorter one.`,
    tooLong: t`This video is longer than ${VIDEO_MAX_SECONDS} seconds: film a shorter one.`,
    unreadable: t`This video cannot be read: choose another one.`,
  };
  const said = (media.videoProblem && problems[media.videoProblem]) ?? error;
  const video = media.video;
  return (
    <fieldset className={said ? "field field--error" : "field"} part="field">
      <legend className="field__label">{t`Video (optional)`}</legend>
      <span className="field__hint" id="video-hint">
        {t`One video of up to ${VIDEO_MAX_SECONDS} seconds, to show a noise or how the fault happens.`}
      </span>
      {said && <span className="field__error">{said}</span>}
      {video ? (
        <div className="service-request__photo">
          {video.preview ? (
            <video src={video.preview} muted playsInline preload="metadata" aria-hidden="true" />
          ) : (
            <span className="service-request__thumb" aria-hidden="true" />
          )}
          <div>
            <span>{t`Video`}</span>
            <AttachmentState item={video} label={t`Video sending`} />
          </div>
          <Button variant="secondary" onClick={() => media.remove(video)}>
            {t`Remove`}
            <span className="visually-hidden"> {t`the video`}</span>
          </Button>
        </div>
      ) : (
        <div className="service-request__add">
          <MediaPicker id="video-camera" label={t`Film a video`} capture accept="video/*" hint="video-hint" onFiles={media.addVideo} />
          <MediaPicker id="video" label={t`Choose a video`} accept="video/*" hint="video-hint" onFiles={media.addVideo} />
        </div>
      )}
    </fieldset>
  );
}

/** A button that opens the camera (`capture`) or the file chooser; the input itself stays out of sight. */
function MediaPicker({
  id,
  label,
  capture = false,
  accept = "image/*",
  hint = "photos-hint",
  onFiles,
}: {
  id: string;
  label: string;
  capture?: boolean;
  /** image/* (photos, several at once) or video/* (one). */
  accept?: "image/*" | "video/*";
  hint?: string;
  onFiles: (files: FileList | null) => void;
}) {
  return (
    <>
      <label className="btn btn--secondary" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept}
        capture={capture ? "environment" : undefined}
        multiple={!capture && accept === "image/*"}
        aria-describedby={hint}
        onChange={(event) => {
          onFiles(event.currentTarget.files);
          event.currentTarget.value = "";
        }}
      />
    </>
  );
}
