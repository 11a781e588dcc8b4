// Types of field-photo.mjs, for its TypeScript callers (e2e/service-request.spec.ts).
export interface PhotoSpec {
  width: number;
  height: number;
  seed: number;
}
export const TWELVE_MEGAPIXELS: PhotoSpec;
export function fieldPhoto(spec: PhotoSpec): Promise<Blob>;
