/**
 * How one resource content item (a `resources/read` item, or an embedded resource in a result) is
 * previewed (issue 15 item 6): Markdown rendered (sanitised), JSON as a tree, images from base64,
 * small text blobs decoded to text, anything else named by type and size. Only presentation: the
 * item is shown as main sent it. Pure (atob and TextDecoder are web platform globals).
 */
import { parseJsonText } from './json-text.js';
import { mediaDataUrl } from './media.js';

/** Largest blob decoded to text (bytes); a larger one is named by size only. */
export const MAX_DECODED_BLOB_BYTES = 64 * 1024;

/** What a preview shows. `text` is the (decoded) text; `json` the parsed value; `src` a safe data: URL. */
export type ContentPreview =
  | { kind: 'markdown'; text: string; decoded: boolean }
  | { kind: 'json'; text: string; value: object; decoded: boolean }
  | { kind: 'text'; text: string; decoded: boolean }
  | { kind: 'image'; src: string; bytes: number }
  | { kind: 'audio'; src: string; bytes: number }
  | { kind: 'binary'; bytes: number };

/** A content item as MCP sends it: text or a base64 blob, with an optional MIME type. */
export interface ContentItem {
  uri?: string;
  mimeType?: string;
  text?: string;
  blob?: string;
}

const TEXT_MIME = /^(text\/[a-z0-9.+-]+|application\/([a-z0-9.-]+\+)?(json|xml|yaml|x-yaml|javascript|ecmascript|toml|x-sh|sql|graphql|x-ndjson))$/;

/** Bytes a base64 string holds. */
export function base64Bytes(b64: string): number {
  const s = b64.replace(/\s+/g, '');
  return Math.max(0, Math.floor((s.length * 3) / 4) - (s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0));
}

/** `b64` decoded as UTF-8, or undefined when it is not base64 or not valid UTF-8. */
export function decodeBase64Text(b64: string): string | undefined {
  try {
    const bin = atob(b64.replace(/\s+/g, ''));
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function mimeOf(item: ContentItem): string {
  return (item.mimeType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Markdown by MIME type, or (no MIME type) by a `.md` / `.markdown` URI. */
function isMarkdown(mime: string, uri: string | undefined): boolean {
  if (mime === 'text/markdown' || mime === 'text/x-markdown') return true;
  return mime === '' && /\.(md|markdown)$/i.test(uri ?? '');
}

function textPreview(text: string, mime: string, uri: string | undefined, decoded: boolean): ContentPreview {
  if (isMarkdown(mime, uri)) return { kind: 'markdown', text, decoded };
  const value = parseJsonText(text);
  if (value !== undefined) return { kind: 'json', text, value, decoded };
  return { kind: 'text', text, decoded };
}

/**
 * The preview of one content item. A blob is an image or audio when its MIME type says so (never
 * SVG, see media.ts), text when its MIME type is textual and it is at most MAX_DECODED_BLOB_BYTES
 * of valid UTF-8, otherwise binary (named by size).
 */
export function contentPreview(item: ContentItem): ContentPreview {
  const mime = mimeOf(item);
  if (typeof item.text === 'string') return textPreview(item.text, mime, item.uri, false);
  const blob = item.blob ?? '';
  const bytes = base64Bytes(blob);
  const image = mediaDataUrl('image', mime, blob);
  if (image) return { kind: 'image', src: image, bytes };
  const audio = mediaDataUrl('audio', mime, blob);
  if (audio) return { kind: 'audio', src: audio, bytes };
  if (TEXT_MIME.test(mime) && bytes <= MAX_DECODED_BLOB_BYTES) {
    const text = decodeBase64Text(blob);
    if (text !== undefined) return textPreview(text, mime, item.uri, true);
  }
  return { kind: 'binary', bytes };
}
