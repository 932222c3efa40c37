/**
 * The update check (update-check.ts; docs/packaging.md § Updates) against a real feed on
 * 127.0.0.1 serving electron-builder's `latest-linux.yml`: off without a setting, newer / current /
 * failed, and a download link only on the feed's origin.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkForUpdate, compareVersions, MAX_FEED_BYTES, updateFeedSetting, updateFeedUrl } from './update-check.js';

const files = new Map<string, string>();
let server: Server;
let feed = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    const body = files.get(req.url ?? '');
    // `→ <url>`: a redirect there.
    if (body?.startsWith('→ ')) res.writeHead(302, { location: body.slice(2) }).end();
    // `⇶<text>`: sent in chunks, with no Content-Length.
    else if (body?.startsWith('⇶')) res.writeHead(200).write(body.slice(1), () => res.end(body.slice(1)));
    else res.writeHead(body === undefined ? 404 : 200).end(body ?? '');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  feed = `http://127.0.0.1:${(server.address() as { port: number }).port}/switchboard/`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

it('the setting: none, malformed, http off-machine or with credentials means no check; https or a local http feed is kept, ending in /', () => {
  expect([undefined, 'https://x', {}, { url: 'ftp://x/' }, { url: 'http://updates.example/' }, { url: 'https://u:p@updates.example/' }, { url: 'not a url' }].map(updateFeedUrl)).toEqual(
    Array(7).fill(undefined),
  );
  expect([{ url: ' https://updates.example/sb ' }, { url: 'http://127.0.0.1:8/f/' }].map(updateFeedUrl)).toEqual(['https://updates.example/sb/', 'http://127.0.0.1:8/f/']);
  expect([compareVersions('0.2.0', '0.1.9'), compareVersions('v1.0.0', '1.0.0'), compareVersions('1.0.0-beta.1', '1.0.0'), compareVersions('1.0.0', '1.0.0-beta.1')].map(Math.sign)).toEqual([1, 0, -1, 1]);
  // SemVer § 11: numeric identifiers numerically, below words; fewer identifiers first; hyphens inside; build metadata ignored.
  const pairs: [string, string][] = [['1.0.0-beta.10', '1.0.0-beta.9'], ['1.0.0-rc-2', '1.0.0-rc-1'], ['1.0.0-alpha.1', '1.0.0-alpha'], ['1.0.0-alpha', '1.0.0-1'], ['1.0.0-beta', '1.0.0-alpha.beta'], ['1.0.0+b.2', '1.0.0+b.1']];
  expect(pairs.map(([a, b]) => [Math.sign(compareVersions(a, b)), Math.sign(compareVersions(b, a))])).toEqual([[1, -1], [1, -1], [1, -1], [1, -1], [1, -1], [0, 0]]);
  // Unset and rejected are told apart, with the reason.
  expect([undefined, { url: 'http://updates.example/' }, { url: 'https://u:p@x.example/' }, { url: 'not a url' }, 'https://x'].map(updateFeedSetting)).toEqual([
    { kind: 'unset' },
    { kind: 'rejected', reason: 'http://updates.example is not https (plain http is allowed only to 127.0.0.1 or localhost)' },
    { kind: 'rejected', reason: 'the URL carries a user name or password' },
    { kind: 'rejected', reason: '"not a url" is not a URL' },
    { kind: 'rejected', reason: 'it is not of the form { "url": "https://…/" }' },
  ]);
});

it('reads latest-linux.yml: a newer version with its download, the same or older as current, a missing file, no version or a foreign link as failed', async () => {
  const check = () => checkForUpdate({ feed, currentVersion: '0.1.0', platform: 'linux' });
  files.set('/switchboard/latest-linux.yml', 'version: 0.2.0\nfiles:\n  - url: MCP-Switchboard-0.2.0.AppImage\npath: MCP-Switchboard-0.2.0.AppImage\nsha512: abc\n');
  expect(await check()).toEqual({ kind: 'newer', version: '0.2.0', downloadUrl: `${feed}MCP-Switchboard-0.2.0.AppImage` });
  files.set('/switchboard/latest-linux.yml', 'version: 0.1.0\npath: x.AppImage\n');
  expect(await check()).toEqual({ kind: 'current', version: '0.1.0' });
  files.set('/switchboard/latest-linux.yml', 'version: 0.3.0\npath: https://evil.example/x.AppImage\n');
  expect(await check()).toEqual({ kind: 'failed', message: `${feed}latest-linux.yml names version 0.3.0 but no download on ${new URL(feed).origin}` });
  files.set('/switchboard/latest-linux.yml', 'path: x.AppImage\n');
  expect(await check()).toEqual({ kind: 'failed', message: `${feed}latest-linux.yml names no version` });
  expect(await checkForUpdate({ feed, currentVersion: '0.1.0', platform: 'darwin' })).toEqual({ kind: 'failed', message: `${feed}latest-mac.yml answered HTTP 404` });
  // A path that is no URL, a redirect, a file too large: failed with the reason, never a rejection.
  files.set('/switchboard/latest-linux.yml', 'version: 0.3.0\npath: "//["\n');
  expect(await check()).toEqual({ kind: 'failed', message: `${feed}latest-linux.yml names version 0.3.0 but no download on ${new URL(feed).origin}` });
  files.set('/switchboard/latest-linux.yml', '→ https://cdn.example/switchboard/latest-linux.yml');
  expect(await check()).toEqual({ kind: 'failed', message: `${feed}latest-linux.yml redirected to https://cdn.example/switchboard/latest-linux.yml; set the feed to the final address` });
  files.set('/switchboard/latest-linux.yml', `version: 0.2.0\n#${'x'.repeat(MAX_FEED_BYTES)}\n`);
  expect(await check()).toEqual({ kind: 'failed', message: `${feed}latest-linux.yml is larger than ${MAX_FEED_BYTES} bytes` });
  files.set('/switchboard/latest-linux.yml', `⇶#${'x'.repeat(MAX_FEED_BYTES / 2)}\n`);
  expect(await check()).toEqual({ kind: 'failed', message: `${feed}latest-linux.yml is larger than ${MAX_FEED_BYTES} bytes` });
});
