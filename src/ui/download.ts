/**
 * Hands a downloaded file to the browser. Files are fetched with the bearer token (a plain link
 * cannot carry it), then saved or opened from a short-lived object URL.
 */
export function saveBlob(blob: Blob, filename: string, { open = false }: { open?: boolean } = {}): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  if (open) {
    link.target = "_blank";
    link.rel = "noopener";
  } else {
    link.download = filename;
  }
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the file before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
