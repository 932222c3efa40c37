/**
 * URLs can carry secrets: `https://user:password@host/…` and `?api_key=…`. The rule lives in
 * `redaction.ts` (issue 9: one redaction rule); this module keeps the URL helpers' old home. Pure.
 */
import { redactUrl } from './redaction.js';

export { redactUrl };

/** `text` with every occurrence of each raw URL replaced by its redacted form. */
export function redactUrlsIn(text: string, urls: readonly (string | undefined)[]): string {
  let out = text;
  for (const url of urls) {
    if (!url) continue;
    const redacted = redactUrl(url);
    if (redacted !== url) out = out.split(url).join(redacted);
  }
  return out;
}
