// The one way the web saves a fetched file: a Blob goes to the browser under a file name through a temporary
// link, and its object URL is let go once the browser has taken the file. (Previews that show a Blob in the
// page — the bill of lading's PDF, an abnormality's photo — keep their object URL while they are open.)

/** How long an object URL stays alive after the click: the browser reads it asynchronously. */
export const REVOKE_AFTER_MS = 60_000;

/** Saves `blob` as `filename`. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
