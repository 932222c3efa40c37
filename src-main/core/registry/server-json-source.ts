/**
 * A `server.json` from outside (issue 36 item 4, docs/registry.md § Validate a server.json): given as
 * text, a file path or an http(s) URL, read (at most 1 MiB), parsed and checked against the schema
 * version it names. What install-from-file/URL builds on: the same reading, the same check.
 */
import { readFile, stat } from 'node:fs/promises';
import type { ServerJsonValidation } from '../../../src-shared/api/registry.js';
import { cardOf } from './registry-cards.js';
import { causeOf, REGISTRY_TIMEOUT_MS } from './registry-client.js';
import { checkServerJson, NEWEST_SCHEMA_VERSION } from './server-json-schema.js';
import { KindedError } from './kinded-error.js';
import { readCapped } from '../files/read-capped.js';

/** The largest server.json read (bytes). */
export const MAX_SERVER_JSON_BYTES = 1024 * 1024;

/** Where a server.json comes from: exactly one of these. */
export interface ServerJsonSource {
  json?: string;
  file?: string;
  url?: string;
}

/** Why a source could not be read: `bad-request` (not exactly one; a URL that is not http(s)), `not-found`, `unreachable`. */
export class ServerJsonSourceError extends KindedError<'bad-request' | 'not-found' | 'unreachable'> {}

/** The text of the source. Rejects with `ServerJsonSourceError`. */
export async function readServerJsonSource(src: ServerJsonSource): Promise<string> {
  const given = [src.json, src.file, src.url].filter((v) => v !== undefined).length;
  if (given !== 1) throw new ServerJsonSourceError('bad-request', 'Give exactly one server.json: its text, a file path or an http(s) URL');
  if (src.json !== undefined) return src.json;
  if (src.file !== undefined) return readFileSource(src.file);
  return readUrlSource(src.url ?? '');
}

async function readFileSource(file: string): Promise<string> {
  try {
    const st = await stat(file);
    if (!st.isFile()) throw new ServerJsonSourceError('bad-request', `${file} is not a file`);
    if (st.size > MAX_SERVER_JSON_BYTES) throw new ServerJsonSourceError('bad-request', `${file} is ${st.size} bytes; a server.json is at most ${MAX_SERVER_JSON_BYTES}`);
    return await readFile(file, 'utf8');
  } catch (err) {
    if (err instanceof ServerJsonSourceError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new ServerJsonSourceError('not-found', `No file ${file}`);
    throw new ServerJsonSourceError('bad-request', `${file} could not be read: ${(err as Error).message}`);
  }
}

async function readUrlSource(url: string): Promise<string> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ServerJsonSourceError('bad-request', `"${url}" is neither a file nor an http(s) URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ServerJsonSourceError('bad-request', `Only http(s) URLs are fetched; got ${u.protocol}`);
  let res: Response;
  try {
    res = await fetch(u, { signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS), headers: { accept: 'application/json' } });
  } catch (err) {
    throw new ServerJsonSourceError('unreachable', `${url} could not be fetched (${causeOf(err)})`);
  }
  if (res.status === 404) throw new ServerJsonSourceError('not-found', `${url} answered 404 Not Found`);
  if (!res.ok) throw new ServerJsonSourceError('unreachable', `${url} answered HTTP ${res.status}`);
  const body = await readCapped(res, MAX_SERVER_JSON_BYTES).catch((err: unknown) => {
    throw new ServerJsonSourceError('unreachable', `${url} broke off while sending (${causeOf(err)})`);
  });
  if (body === undefined) throw new ServerJsonSourceError('bad-request', `${url} sent more than ${MAX_SERVER_JSON_BYTES} bytes; a server.json is at most that`);
  return body.toString('utf8');
}

/**
 * Where a JSON parse failed, without quoting the text (V8's message may quote it, and a file given
 * to validate is not ours to echo): `not JSON (at position 7)`, `not JSON (it ends too early)`.
 */
function parseFailure(err: unknown): string {
  const msg = err instanceof Error ? err.message : '';
  const at = /at position \d+(?: \(line \d+ column \d+\))?/.exec(msg)?.[0];
  return at ? `not JSON (${at})` : /end of JSON input/.test(msg) ? 'not JSON (it ends too early)' : 'not JSON';
}

/**
 * Parse and check a server.json text. Never throws: a parse error is `valid: false` at path `/`.
 * The document comes back (`server`, with its `card`) only when valid: a file or URL that is not a
 * server.json is not echoed to a face.
 */
export function validateServerJsonText(text: string): ServerJsonValidation {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return { valid: false, checkedAgainst: NEWEST_SCHEMA_VERSION, problems: [{ path: '/', message: parseFailure(err) }] };
  }
  const check = checkServerJson(doc);
  const card = check.valid ? cardOf('file', { server: doc }) : undefined;
  return { ...check, ...(card && 'card' in card ? { card: card.card, server: doc as Record<string, unknown> } : {}) };
}
