import { VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS } from "../../contract/service-request";

/** How long reading a video's length may take before the video counts as unreadable. */
const READ_TIMEOUT_MS = 15_000;
/** A phone stops "30 s" a few frames late: what it films at the limit still goes. */
const LENGTH_TOLERANCE_SECONDS = 0.5;

/**
 * A video's length in seconds, read from its metadata in the page (nothing is sent). A recording
 * without its length in its header (a WebM of MediaRecorder) says Infinity until the player seeks
 * past its end: it is asked to, and the length read then. Rejects when the browser cannot read it.
 */
export function videoDuration(file: Blob): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const video = document.createElement("video");
    const url = URL.createObjectURL(file);
    const done = (outcome: () => void) => {
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      outcome();
    };
    const timer = setTimeout(() => done(() => reject(new Error("the video's length could not be read"))), READ_TIMEOUT_MS);
    const read = () => {
      if (Number.isFinite(video.duration) && video.duration > 0) done(() => resolve(video.duration));
      else if (video.duration === Infinity) video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.preload = "metadata";
    video.muted = true;
    video.addEventListener("loadedmetadata", read);
    video.addEventListener("durationchange", read);
    video.addEventListener("error", () => done(() => reject(new Error("the video could not be read"))));
    video.src = url;
  });
}

export type VideoProblem = "tooLarge" | "tooLong" | "unreadable";

/** How the page reads a video's length: component tests give theirs (happy-dom plays no video). */
export const videoReader = { duration: videoDuration };

/** Whether a video chosen can go with a request: its size first (nothing to read), then its length. */
export async function checkVideo(file: Blob, duration = videoReader.duration): Promise<VideoProblem | null> {
  if (file.size > VIDEO_MAX_BYTES) return "tooLarge";
  try {
    return (await duration(file)) > VIDEO_MAX_SECONDS + LENGTH_TOLERANCE_SECONDS ? "tooLong" : null;
  } catch {
    return "unreadable";
  }
}
