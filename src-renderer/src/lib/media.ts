/**
 * Safe `data:` URLs for tool result media (docs/tool-bridge.md "images/audio rendered"). Server content is
 * untrusted: a URL is built only from a plain base64 payload and a well-formed image/audio MIME
 * type, so nothing the server sends can become script, markup or a remote fetch.
 */

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MIME = /^(image|audio)\/[a-z0-9][a-z0-9.+-]{0,60}$/i;

/**
 * `data:<mime>;base64,<data>` when `kind` matches the MIME type's family, the MIME type is
 * well-formed (and not SVG, which can carry script) and `data` is plain base64; otherwise undefined.
 */
export function mediaDataUrl(kind: 'image' | 'audio', mimeType: unknown, data: unknown): string | undefined {
  if (typeof mimeType !== 'string' || typeof data !== 'string') return undefined;
  const mime = mimeType.trim().toLowerCase();
  if (!MIME.test(mime) || !mime.startsWith(`${kind}/`) || mime.includes('svg')) return undefined;
  const payload = data.replace(/\s+/g, '');
  if (payload.length === 0 || !BASE64.test(payload)) return undefined;
  return `data:${mime};base64,${payload}`;
}
