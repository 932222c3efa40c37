/**
 * MCPB bundles (issue 36 item 3): downloaded from a real loopback server, refused before anything is
 * unpacked when the hash differs, refused whole for a `..`, absolute or link entry, unpacked 0700,
 * run as the manifest says, refused for another platform with the reason.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkedBundle } from './bundle-cache.js';
import { checkOutsideDefinition } from './outside-definition.js';
import { bundleDir, downloadBundle, manifestLaunch, openBundle, unpackBundle } from './mcpb-bundle.js';

const manifest = {
  manifest_version: '0.2',
  name: 'weather',
  version: '1.0.0',
  server: { type: 'node', entry_point: 'server/index.js', mcp_config: { command: 'node', args: ['${__dirname}/server/index.js', '--units=${user_config.units}'], env: { WEATHER_KEY: '${user_config.api_key}' } } },
  user_config: { api_key: { type: 'string', title: 'API key', sensitive: true, required: true }, units: { type: 'string', default: 'metric' } },
  compatibility: { platforms: ['linux', 'darwin', 'win32'] },
};

async function zipOf(files: Record<string, { text: string; mode?: number }>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, f] of Object.entries(files)) zip.file(name, f.text, { createFolders: false, ...(f.mode !== undefined ? { unixPermissions: f.mode } : {}) });
  return zip.generateAsync({ type: 'nodebuffer', platform: 'UNIX' });
}

let server: Server;
let base = '';
let dir = '';
const served = new Map<string, Buffer>();
const requests: string[] = [];
let good: Buffer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sb-mcpb-'));
  good = await zipOf({ 'manifest.json': { text: JSON.stringify(manifest) }, 'server/index.js': { text: 'console.log(1)\n', mode: 0o100755 }, 'README.md': { text: 'hi' } });
  served.set('/good.mcpb', good);
  served.set('/dotdot.mcpb', await zipOf({ 'manifest.json': { text: JSON.stringify(manifest) }, '../escape.js': { text: 'x' } }));
  served.set('/link.mcpb', await zipOf({ 'manifest.json': { text: JSON.stringify(manifest) }, 'server/link': { text: '/etc/passwd', mode: 0o120777 } }));
  server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const body = served.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});

afterAll(async () => {
  await new Promise((r) => server?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

describe('MCPB bundles', () => {
  it('a hash that differs is refused before anything is read or unpacked', async () => {
    const wrong = sha(Buffer.from('something else'));
    await expect(downloadBundle(`${base}/good.mcpb`, wrong)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: `The MCPB bundle's SHA-256 (${sha(good)}) differs from the entry's fileSha256 (${wrong}): it may have been changed after publishing. Nothing was unpacked or written.`,
    });
    await expect(downloadBundle(`${base}/good.mcpb`, undefined)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('an unpack that fails part-way leaves neither the bundle folder nor its temporary sibling', async () => {
    // server/index.js's central record claims one byte more than it inflates to: JSZip fails on it.
    const broken = Buffer.from(good);
    let at = -1;
    for (let from = 0; ; from = at + 4) {
      at = broken.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), from);
      if (at < 0 || broken.toString('utf8', at + 46, at + 46 + broken.readUInt16LE(at + 28)) === 'server/index.js') break;
    }
    broken.writeUInt32LE(broken.readUInt32LE(at + 24) + 1, at + 24);
    const target = bundleDir(join(dir, 'failing'), 'weather', '1.0.0');
    await expect(unpackBundle(await openBundle(broken), target)).rejects.toThrow('size mismatch');
    expect(readdirSync(join(dir, 'failing', 'bundles'))).toEqual([]);
  });

  it('refuses absolute, backslash and drive entry names, and names Windows cannot hold', async () => {
    const cases: [string, string][] = [['/abs.js', 'an absolute path'], ['\\back.js', 'an absolute path'], ['C:x.js', 'an absolute path'], ['ab:c', 'a character Windows does not allow in a file name'], ['server/CON', 'a name Windows reserves for a device'], ['nul.txt', 'a name Windows reserves for a device']];
    for (const [name, why] of cases) {
      const zip = await zipOf({ 'manifest.json': { text: JSON.stringify(manifest) }, [name]: { text: 'x' } });
      await expect(openBundle(zip), name).rejects.toMatchObject({ message: `The MCPB bundle was refused: its entry "${name}" has ${why}. Nothing was unpacked.` });
    }
  });

  it('a good bundle unpacks 0700 into bundles/<name>@<version> and runs as its manifest says', async () => {
    const bundle = await openBundle(await downloadBundle(`${base}/good.mcpb`, sha(good)));
    const target = bundleDir(dir, 'io.github.acme/weather', '1.0.0');
    expect(target).toBe(join(dir, 'bundles', 'io.github.acme_weather@1.0.0'));
    await unpackBundle(bundle, target);
    expect(statSync(target).mode & 0o777).toBe(0o700);
    expect(statSync(join(target, 'server')).mode & 0o777).toBe(0o700);
    expect(statSync(join(target, 'server/index.js')).mode & 0o777).toBe(0o700);
    expect(statSync(join(target, 'README.md')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(target, 'server/index.js'), 'utf8')).toBe('console.log(1)\n');
    const launch = manifestLaunch(bundle.manifest, target, 'linux', '/home/me', { api_key: 'k-1234567890', units: 'metric' }, new Set(['api_key']));
    expect(launch).toEqual({ command: 'node', args: [`${target}/server/index.js`, '--units=metric'], env: { WEATHER_KEY: 'k-1234567890' }, secretEnv: ['WEATHER_KEY'], secretArgs: [] });
    await expect(unpackBundle(bundle, target)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('an entry with "..", or a link, refuses the whole bundle before anything is unpacked', async () => {
    const dotdot = served.get('/dotdot.mcpb') as Buffer;
    await expect(openBundle(await downloadBundle(`${base}/dotdot.mcpb`, sha(dotdot)))).rejects.toMatchObject({
      code: 'INVALID_CONFIG',
      message: 'The MCPB bundle was refused: its entry "../escape.js" has a ".." part. Nothing was unpacked.',
    });
    const link = served.get('/link.mcpb') as Buffer;
    await expect(openBundle(await downloadBundle(`${base}/link.mcpb`, sha(link)))).rejects.toMatchObject({ message: 'The MCPB bundle was refused: its entry "server/link" is a link. Nothing was unpacked.' });
  });

  it('a manifest.json over 1 MB uncompressed is refused before it is inflated, even when the zip lies about its size', async () => {
    const big = await zipOf({ 'manifest.json': { text: JSON.stringify(manifest) + ' '.repeat(2 * 1024 * 1024) } });
    const refused = { code: 'INVALID_CONFIG', message: 'The MCPB bundle was refused: its entry "manifest.json" is larger than 1048576 bytes uncompressed. Nothing was unpacked.' };
    await expect(openBundle(big)).rejects.toMatchObject(refused);
    // The central directory's uncompressed-size field (offset 24 of its record) claims 100 bytes.
    const lying = Buffer.from(big);
    lying.writeUInt32LE(100, lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
    await expect(openBundle(lying)).rejects.toMatchObject(refused);
  });

  it('fills every MCPB variable (also inside a default) and leaves out what uses an optional key left empty, so the launch passes the install checks', () => {
    const m = {
      ...manifest,
      server: { mcp_config: { command: 'node', args: ['${__dirname}${/}s.js', '${DOCUMENTS}/x', '--out=${user_config.out}', '--tag=${user_config.tag}', '${DESKTOP}', '${DOWNLOADS}'], env: { OUT: '${user_config.out}', TAG: '${user_config.tag}' } } },
      user_config: { out: { type: 'directory', default: '${HOME}/Desktop' }, tag: { type: 'string' } },
    };
    const launch = manifestLaunch(m, '/b', 'linux', '/home/me', { out: '${HOME}/Desktop' }, new Set());
    expect(launch).toEqual({
      command: 'node',
      args: ['/b/s.js', '/home/me/Documents/x', '--out=/home/me/Desktop', '/home/me/Desktop', '/home/me/Downloads'],
      env: { OUT: '/home/me/Desktop' },
      secretEnv: [],
      secretArgs: [],
    });
    expect(checkOutsideDefinition({ command: launch.command, args: launch.args, env: launch.env })).toEqual([]);
  });

  it('a checked bundle is downloaded once for many plans (kept by URL and hash); a refused one is not kept', async () => {
    served.set('/kept.mcpb', good);
    const [a, b] = await Promise.all([checkedBundle(`${base}/kept.mcpb`, sha(good)), checkedBundle(`${base}/kept.mcpb`, sha(good))]);
    expect(await checkedBundle(`${base}/kept.mcpb`, sha(good))).toBe(a);
    expect(b).toBe(a);
    const wrong = sha(Buffer.from('other'));
    await expect(checkedBundle(`${base}/kept.mcpb`, wrong)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(checkedBundle(`${base}/kept.mcpb`, wrong)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(requests.filter((r) => r === '/kept.mcpb')).toHaveLength(3);
  });

  it('a bundle for another platform is refused with the reason', () => {
    const only = { ...manifest, compatibility: { platforms: ['darwin', 'win32'] } };
    expect(manifestLaunch(only, '/b', 'linux', '/h', {}, new Set()).blocked).toBe(
      'This MCPB bundle is built for darwin, win32; this computer runs linux. Pick the entry\'s package for this platform, if it has one.',
    );
  });
});
