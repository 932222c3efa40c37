/**
 * The update check (issue 37 item 2, docs/packaging.md § Updates): OFF unless the person set a feed
 * (state.json key `updateFeed`: `{ "url": "https://…/" }`). The feed is a folder served over HTTPS
 * holding what `npm run dist` writes for electron-builder's `generic` provider: `latest-linux.yml`,
 * `latest-mac.yml`, `latest.yml` (Windows) — `version` and `path` of the newest package. The check
 * reads that one file and compares versions; installing is the person's step (the package is
 * opened in the browser). No electron import; the feed's text is untrusted and only its version and
 * a same-origin http(s) download link are used.
 */
import { parse } from 'yaml';

/** The state.json key of the setting. */
export const UPDATE_FEED_KEY = 'updateFeed';

/** How long one check waits for the feed (ms). */
export const UPDATE_CHECK_TIMEOUT_MS = 10_000;

/** The `updateFeed` setting read: unset, set to an acceptable feed (`url` ends in `/`), or rejected and why. */
export type UpdateFeedSetting = { kind: 'unset' } | { kind: 'set'; url: string } | { kind: 'rejected'; reason: string };

/**
 * The `updateFeed` value of state.json (`{ url }`) judged: https only, except plain http to
 * 127.0.0.1/localhost (a local mirror, tests); no credentials in the URL. Absent (undefined/null)
 * is `unset`; anything else unacceptable is `rejected` with the reason in words.
 */
export function updateFeedSetting(value: unknown): UpdateFeedSetting {
  if (value === undefined || value === null) return { kind: 'unset' };
  const raw = typeof value === 'object' ? (value as { url?: unknown }).url : undefined;
  if (typeof raw !== 'string') return { kind: 'rejected', reason: 'it is not of the form { "url": "https://…/" }' };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { kind: 'rejected', reason: `${JSON.stringify(raw)} is not a URL` };
  }
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local))
    return { kind: 'rejected', reason: `${url.origin} is not https (plain http is allowed only to 127.0.0.1 or localhost)` };
  if (url.username || url.password) return { kind: 'rejected', reason: 'the URL carries a user name or password' };
  return { kind: 'set', url: url.href.endsWith('/') ? url.href : `${url.href}/` };
}

/** The acceptable feed URL in a state.json value ({@link updateFeedSetting}), else undefined. */
export function updateFeedUrl(value: unknown): string | undefined {
  const setting = updateFeedSetting(value);
  return setting.kind === 'set' ? setting.url : undefined;
}

/** The feed file electron-builder writes for `platform`. */
export function feedFileName(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? 'latest-mac.yml' : platform === 'win32' ? 'latest.yml' : 'latest-linux.yml';
}

/** A version as the feed and package.json write it: SemVer 2.0.0 with an optional leading `v`. */
const VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * `a` compared with `b` by SemVer 2.0.0 precedence (§ 11): negative, 0, positive. Major, minor,
 * patch numerically; a pre-release sorts before its release; pre-release identifiers compare one by
 * one (numbers numerically, below words; words in ASCII order; fewer identifiers first when equal
 * so far), so `beta.10` is after `beta.9`; build metadata (`+…`) is ignored. A string that is not
 * such a version counts as 0.0.0.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => {
    const m = VERSION.exec(v.trim()) ?? [];
    return { nums: [m[1], m[2], m[3]].map((n) => Number(n ?? 0)), pre: m[4]?.split('.') };
  };
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return d;
  }
  if (x.pre === undefined || y.pre === undefined) return (x.pre === undefined ? 1 : 0) - (y.pre === undefined ? 1 : 0);
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const [p, q] = [x.pre[i], y.pre[i]];
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    const [pn, qn] = [/^\d+$/.test(p), /^\d+$/.test(q)];
    if (pn && qn && Number(p) !== Number(q)) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}

/** The most of a feed file the check reads (bytes): electron-builder's are a few hundred. */
export const MAX_FEED_BYTES = 1_000_000;

/** What a check found. */
export type UpdateCheck =
  | { kind: 'newer'; version: string; downloadUrl: string }
  | { kind: 'current'; version: string }
  | { kind: 'failed'; message: string };

/**
 * The body of `res` as text, or undefined when it is longer than {@link MAX_FEED_BYTES} (reading stops there).
 * The core's `readCapped` (core/files/read-capped.ts) does the same, but a face reaches the core only
 * through its entry, whose whole graph this 20-line reader is not worth loading.
 */
async function cappedText(res: Response): Promise<string | undefined> {
  if (Number(res.headers.get('content-length') ?? 0) > MAX_FEED_BYTES) {
    await res.body?.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  for (let part = await reader?.read(); part !== undefined && !part.done; part = await reader?.read()) {
    size += part.value.byteLength;
    if (size > MAX_FEED_BYTES) {
      await reader?.cancel();
      return undefined;
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Read `<feed>/<feedFileName(platform)>` and compare its `version` with `currentVersion`
 * ({@link compareVersions}). A newer one comes with its download link (the file's `path` resolved
 * against the feed; refused unless it stays on the feed's origin). Redirects are not followed (the
 * message names where it pointed: the feed's origin is what the download link is held to). Never
 * throws and never rejects: a network error, an HTTP error, a redirect, a timeout
 * ({@link UPDATE_CHECK_TIMEOUT_MS}), a file over {@link MAX_FEED_BYTES}, a file without a version or
 * with an unreadable `path` is `failed` with the reason.
 */
export async function checkForUpdate(options: { feed: string; currentVersion: string; platform: NodeJS.Platform; timeoutMs?: number }): Promise<UpdateCheck> {
  const fileUrl = new URL(feedFileName(options.platform), options.feed);
  let text: string | undefined;
  try {
    const res = await fetch(fileUrl, { redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs ?? UPDATE_CHECK_TIMEOUT_MS) });
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location !== null) {
      await res.body?.cancel();
      return { kind: 'failed', message: `${fileUrl.href} redirected to ${location}; set the feed to the final address` };
    }
    if (!res.ok) return { kind: 'failed', message: `${fileUrl.href} answered HTTP ${res.status}` };
    text = await cappedText(res);
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return { kind: 'failed', message: `${fileUrl.href} could not be read (${e.name === 'TimeoutError' ? 'timed out' : (e.cause?.code ?? e.message)})` };
  }
  if (text === undefined) return { kind: 'failed', message: `${fileUrl.href} is larger than ${MAX_FEED_BYTES} bytes` };
  let doc: { version?: unknown; path?: unknown } | undefined;
  try {
    doc = parse(text) as typeof doc;
  } catch {
    doc = undefined;
  }
  const version = doc?.version;
  if (typeof version !== 'string' || !VERSION.test(version.trim())) return { kind: 'failed', message: `${fileUrl.href} names no version` };
  if (compareVersions(version, options.currentVersion) <= 0) return { kind: 'current', version: options.currentVersion };
  let download: URL | undefined;
  try {
    download = typeof doc?.path === 'string' ? new URL(doc.path, options.feed) : undefined;
  } catch {
    download = undefined;
  }
  if (!download || download.origin !== fileUrl.origin) return { kind: 'failed', message: `${fileUrl.href} names version ${version} but no download on ${fileUrl.origin}` };
  return { kind: 'newer', version: version.trim(), downloadUrl: download.href };
}
