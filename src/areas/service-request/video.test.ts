import { describe, expect, it } from "vitest";
import { VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS, videoTypeOf } from "../../contract/service-request";
import { checkVideo } from "./video";

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const sized = (size: number) => {
  const blob = new Blob(["v"]);
  Object.defineProperty(blob, "size", { value: size });
  return blob;
};

describe("videoTypeOf: a video's type from its first bytes", () => {
  it.each([
    ["an MP4 (ftyp isom)", [0, 0, 0, 0x18, ...ascii("ftypisom")], "mp4"],
    ["an iPhone film (ftyp qt)", [0, 0, 0, 0x14, ...ascii("ftypqt  ")], "quicktime"],
    ["a 3GP (ftyp 3gp4, an ISO media file)", [0, 0, 0, 0x18, ...ascii("ftyp3gp4")], "mp4"],
    ["a WebM (EBML)", [0x1a, 0x45, 0xdf, 0xa3, 0x9f], "webm"],
    ["a JPEG", [0xff, 0xd8, 0xff, 0xe0], null],
    ["an AVI", ascii("RIFF\0\0\0\0AVI "), null],
    ["ftyp elsewhere than at 4", [0, 0, 0, 0, 0, ...ascii("ftypisom")], null],
    ["nothing", [], null],
  ])("%s", (_, bytes, type) => {
    expect(videoTypeOf(new Uint8Array(bytes))).toBe(type);
  });
});

describe("checkVideo: size first, then the length read in the page", () => {
  it("takes a video within 30 MB and 30 s (a phone's few frames over included)", async () => {
    expect(await checkVideo(sized(VIDEO_MAX_BYTES), async () => VIDEO_MAX_SECONDS)).toBeNull();
    expect(await checkVideo(sized(1000), async () => VIDEO_MAX_SECONDS + 0.2)).toBeNull();
  });

  it("refuses a larger one without reading it, a longer one, and one the browser cannot read", async () => {
    let read = false;
    const duration = async () => {
      read = true;
      return 1;
    };
    expect(await checkVideo(sized(VIDEO_MAX_BYTES + 1), duration)).toBe("tooLarge");
    expect(read).toBe(false);
    expect(await checkVideo(sized(1000), async () => VIDEO_MAX_SECONDS + 1)).toBe("tooLong");
    expect(await checkVideo(sized(1000), () => Promise.reject(new Error("no codec")))).toBe("unreadable");
  });
});
