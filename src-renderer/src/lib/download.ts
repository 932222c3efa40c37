/**
 * Save a text as a file from the page (an object URL on a temporary link): the browser's download,
 * or Electron's save dialog. Used by the trace and log exports (issue 15 items 2, 3).
 */

/** Offer `text` as a download named `name` of MIME type `type`. */
export function downloadText(name: string, text: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
