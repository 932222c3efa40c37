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

/**
 * The feed URL in a state.json value (`{ url }`), normalised to end in `/`, or undefined when unset
 * or not acceptable: https only, except plain http to 127.0.0.1/localhost (a local mirror, tests).
 */
export function updateFeedUrl(value: unknown): string | undefined {
  const raw = value && typeof value === 'object' ? (value as { url?: unknown }).url : undefined;
  if (typeof raw !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  const local = url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return undefined;
  if (url.username || url.password) return undefined;
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** The feed file electron-builder writes for `platform`. */
export function feedFileName(platform: NodeJS.Platform): string {
  return platform === 'darwin' ? 'latest-mac.yml' : platform === 'win32' ? 'latest.yml' : 'latest-linux.yml';
}

/** `a` compared with `b` as `major.minor.patch[-pre]`: negative, 0, positive; a pre-release sorts before its release. */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const [core = '', pre] = v.trim().replace(/^v/, '').split('-', 2);
    return { nums: core.split('.').map((n) => Number.parseInt(n, 10) || 0), pre };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < 3; i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return d;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** What a check found. */
export type UpdateCheck =
  | { kind: 'newer'; version: string; downloadUrl: string }
  | { kind: 'current'; version: string }
  | { kind: 'failed'; message: string };

/**
 * Read `<feed>/<feedFileName(platform)>` and compare its `version` with `currentVersion`. A newer
 * one comes with its download link (the file's `path` resolved against the feed; refused unless it
 * stays on the feed's origin). Never throws: a network error, an HTTP error, a timeout
 * ({@link UPDATE_CHECK_TIMEOUT_MS}) or a file without a version is `failed` with the reason.
 */
export async function checkForUpdate(options: { feed: string; currentVersion: string; platform: NodeJS.Platform; timeoutMs?: number }): Promise<UpdateCheck> {
  const fileUrl = new URL(feedFileName(options.platform), options.feed);
  let text: string;
  try {
    const res = await fetch(fileUrl, { redirect: 'error', signal: AbortSignal.timeout(options.timeoutMs ?? UPDATE_CHECK_TIMEOUT_MS) });
    if (!res.ok) return { kind: 'failed', message: `${fileUrl.href} answered HTTP ${res.status}` };
    text = await res.text();
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return { kind: 'failed', message: `${fileUrl.href} could not be read (${e.name === 'TimeoutError' ? 'timed out' : (e.cause?.code ?? e.message)})` };
  }
  let doc: { version?: unknown; path?: unknown } | undefined;
  try {
    doc = parse(text) as typeof doc;
  } catch {
    doc = undefined;
  }
  const version = doc?.version;
  if (typeof version !== 'string' || !/^v?\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(version.trim())) return { kind: 'failed', message: `${fileUrl.href} names no version` };
  if (compareVersions(version, options.currentVersion) <= 0) return { kind: 'current', version: options.currentVersion };
  const download = typeof doc?.path === 'string' ? new URL(doc.path, options.feed) : undefined;
  if (!download || download.origin !== fileUrl.origin) return { kind: 'failed', message: `${fileUrl.href} names version ${version} but no download on ${fileUrl.origin}` };
  return { kind: 'newer', version: version.trim(), downloadUrl: download.href };
}
