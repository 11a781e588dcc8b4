import { PHOTO_MAX_EDGE } from "../../contract/service-request";

/** JPEG quality of a resized photo: about 300 kB at 1,600 px for a field photo. */
const QUALITY = 0.82;

/**
 * A photo as the API receives it: at most PHOTO_MAX_EDGE pixels on its longest side, turned the way
 * the camera held it, as a JPEG. Drawing it again drops its metadata (its location among them).
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
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("the photo could not be encoded"))), "image/jpeg", QUALITY),
  );
}
