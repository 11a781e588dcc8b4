import { PHOTO_MAX_EDGE, PHOTO_TARGET_BYTES } from "../../contract/service-request";

/**
 * JPEG qualities tried in turn, the first whose photo fits PHOTO_TARGET_BYTES kept: a field photo
 * full of crop and soil detail is about 380 kB at 0.82 and 1,600 px, a plainer one far less.
 */
const QUALITIES = [0.82, 0.72, 0.62, 0.5];

/**
 * A photo as the API receives it: at most PHOTO_MAX_EDGE pixels on its longest side, turned the way
 * the camera held it, as a JPEG of at most PHOTO_TARGET_BYTES when a quality of QUALITIES gets it
 * there (else the smallest). Drawing it again drops its metadata (its location among them).
 */
export async function resizePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const scale = Math.min(1, PHOTO_MAX_EDGE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2D canvas");
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const encode = (quality: number) =>
    new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the photo could not be encoded"))), "image/jpeg", quality),
    );
  let photo = await encode(QUALITIES[0]!);
  for (const quality of QUALITIES.slice(1)) {
    if (photo.size <= PHOTO_TARGET_BYTES) break;
    photo = await encode(quality);
  }
  return photo;
}

/** How the page resizes a photo: component tests give theirs (happy-dom draws no canvas). */
export const photoResizer = { resize: resizePhoto };
