/**
 * The desktop packages (issue 37 items 1 and 2; docs/packaging.md), without the Electron binary
 * and without a download: electron-builder's configuration (electron-builder.ts) read and asserted;
 * the built `out/` (`npm run build`) packed with @electron/asar by the configuration's `files` and
 * `asarUnpack`; the packaged CLI and `switchboard gateway --print-entry` started from the unpacked folder through
 * the launcher the app puts on PATH, with a stand-in for the app's binary that behaves as Node only
 * under ELECTRON_RUN_AS_NODE=1 and a PATH without Node; and `npm run dist`, which here cannot have
 * the Electron zip, saying so in one line.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createPackageWithOptions, listPackage, statFile } from '@electron/asar';
// electron-builder's AppRun template, the script the AppImage runs first (it is what adds --no-sandbox).
import { generateAppRunScript } from 'app-builder-lib/out/targets/appimage/appImageUtil.js';
// The deb's default dependency list (getDefaultDepends), what a `deb.depends` would replace.
import FpmTarget from 'app-builder-lib/out/targets/FpmTarget.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderConfig } from '../../electron-builder.js';
import { ELECTRON_FUSES } from './fuses.js';
import { launcherText, packagedCliScript } from './path-launcher.js';

const ROOT = resolve(__dirname, '../..');
const config = builderConfig({});
let tmp = '';
let archive = '';

/** A `files` pattern (`**`, `*`, a leading `!`) as a RegExp over a root-relative path. */
function globRegExp(pattern: string): RegExp {
  const body = pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\/?|\*/g, (m) => (m === '*' ? '[^/]*' : '.*'));
  return new RegExp(`^${body}$`);
}

/** Every file under `dir` (root-relative, `/`-separated). */
function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'switchboard-pack-'));
  const stage = join(tmp, 'app');
  // The app folder electron-builder would pack: what `files` selects (node_modules are the
  // builder's own step; the two the CLI and the demo server need are copied as it would).
  const include = (config.files as string[]).filter((p) => !p.startsWith('!')).map(globRegExp);
  const exclude = (config.files as string[]).filter((p) => p.startsWith('!')).map((p) => globRegExp(p.slice(1)));
  const candidates = ['package.json', ...['out', 'bin', 'resources'].flatMap(walk), ...['node_modules/keytar', 'node_modules/@modelcontextprotocol/server-everything'].flatMap(walk)];
  for (const file of candidates) {
    const nodeModule = file.startsWith('node_modules/');
    if (!nodeModule && (!include.some((r) => r.test(file)) || exclude.some((r) => r.test(file)))) continue;
    mkdirSync(join(stage, file, '..'), { recursive: true });
    cpSync(join(ROOT, file), join(stage, file));
  }
  archive = join(tmp, 'resources', 'app.asar');
  mkdirSync(join(tmp, 'resources'));
  await createPackageWithOptions(stage, archive, { unpack: `${stage}/{${(config.asarUnpack as string[]).join(',')}}` });
}, 120_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('electron-builder configuration', () => {
  it('targets, scheme, files, fuses, unpacked parts; signing, notarisation and publishing off without their environment', () => {
    expect([config.linux?.target, config.mac?.target, config.win?.target]).toEqual([['AppImage', 'deb'], [{ target: 'dmg', arch: ['universal'] }], ['nsis']]);
    expect(config.protocols).toEqual([{ name: 'MCP Switchboard link', schemes: ['mcp-switchboard'] }]);
    expect(config.files).toEqual(['out/**', '!out/**/*.map', '!out/conformance-driver/**', '!out/cli/cjs/.code-cache/**', 'bin/switchboard.mjs', 'bin/cli-build.mjs', 'bin/cli-code-cache.mjs', 'resources/**', '!resources/installer.nsh', 'package.json']);
    // Windows: the installer script registers the same scheme (electron-builder's NSIS writes no protocol keys).
    const nsh = readFileSync(join(ROOT, config.nsis?.include ?? ''), 'utf8');
    expect(nsh.match(/Software\\Classes\\[\w-]+/g)).toEqual(Array(4).fill('Software\\Classes\\mcp-switchboard'));
    // Unsigned: the fuses re-sign macOS ad hoc (else Apple silicon refuses the changed binary).
    expect(config.electronFuses).toEqual({ ...ELECTRON_FUSES, resetAdHocDarwinSignature: true });
    expect(builderConfig({ CSC_NAME: 'Developer ID Application: A' }).electronFuses).toEqual({ ...ELECTRON_FUSES, resetAdHocDarwinSignature: false });
    // The deb keeps electron-builder's dependency list (a `depends` would replace it), which has libsecret for keytar.
    expect([config.deb?.depends, (FpmTarget.prototype as unknown as { getDefaultDepends(target: string): string[] }).getDefaultDepends('deb')]).toEqual([undefined, expect.arrayContaining(['libgtk-3-0', 'libnss3', 'libsecret-1-0'])]);
    const unpack = config.asarUnpack as string[];
    expect(unpack.slice(0, 6)).toEqual(['package.json', 'bin/switchboard.mjs', 'bin/cli-build.mjs', 'bin/cli-code-cache.mjs', 'out/cli/**', '**/node_modules/keytar/**']);
    // The reference server and what it imports at run time (a child process cannot read app.asar).
    for (const name of ['@modelcontextprotocol/server-everything', '@modelcontextprotocol/sdk', 'express', 'zod', 'fast-uri']) expect(unpack).toContain(`**/node_modules/${name}/**`);
    expect(unpack.filter((p) => /react|mantine|electron/.test(p))).toEqual([]);
    expect([config.publish, config.mac?.identity, config.mac?.notarize]).toEqual([null, null, false]);
  });

  it('signs with a certificate from the environment, notarises only with a whole credential set, writes a feed only when one is given', () => {
    const signed = builderConfig({ CSC_LINK: '/keys/cert.p12', APPLE_API_KEY: '/keys/k.p8', APPLE_API_KEY_ID: 'K1', APPLE_API_ISSUER: 'i-1' });
    expect(['identity' in (signed.mac ?? {}), signed.mac?.notarize]).toEqual([false, true]);
    expect(builderConfig({ CSC_LINK: '/keys/cert.p12', APPLE_ID: 'a@example.com', APPLE_TEAM_ID: 'T' }).mac?.notarize).toBe(false);
    expect(builderConfig({ APPLE_API_KEY: '/keys/k.p8', APPLE_API_KEY_ID: 'K1', APPLE_API_ISSUER: 'i-1' }).mac).toMatchObject({ identity: null, notarize: false });
    expect(builderConfig({ SWITCHBOARD_UPDATE_FEED: 'https://updates.example/switchboard/' }).publish).toEqual([{ provider: 'generic', url: 'https://updates.example/switchboard/' }]);
  });
});

describe('the packed app', () => {
  it('app.asar holds the main, preload, renderer and CLI bundles; the CLI, keytar and the reference server are unpacked; no source maps', () => {
    const files = listPackage(archive, { isPack: false }).map((p) => p.split('\\').join('/'));
    expect(files.filter((f) => f.startsWith('/out/conformance-driver'))).toEqual([]);
    expect(files.filter((f) => f.includes('/.code-cache'))).toEqual([]);
    for (const file of ['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html', '/out/cli/cli.mjs', '/out/cli/cjs/cli.cjs', '/out/cli/library.mjs', '/bin/switchboard.mjs', '/bin/cli-code-cache.mjs', '/resources/icon.png'])
      expect([file, files.includes(file)]).toEqual([file, true]);
    expect(files.filter((f) => f.endsWith('.map') || f.endsWith('.nsh') || f.startsWith('/src-'))).toEqual([]);
    const unpacked = (file: string) => 'unpacked' in statFile(archive, file) && (statFile(archive, file) as { unpacked?: boolean }).unpacked === true;
    const everything = JSON.parse(readFileSync(join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/package.json'), 'utf8')) as { bin: Record<string, string> };
    const serverScript = `node_modules/@modelcontextprotocol/server-everything/${Object.values(everything.bin)[0] ?? ''}`;
    const expected = { 'out/main/index.js': false, 'out/renderer/index.html': false, 'out/cli/cli.mjs': true, 'bin/switchboard.mjs': true, 'node_modules/keytar/lib/keytar.js': true, [serverScript]: true };
    expect(Object.fromEntries(Object.keys(expected).map((f) => [f, unpacked(f)]))).toEqual(expected);
    expect(existsSync(join(`${archive}.unpacked`, 'out/cli/cli.mjs'))).toBe(true);
  });

  it("the launcher on PATH starts the packaged CLI and `switchboard gateway` with the app's own binary as Node, no system Node on PATH", () => {
    // The stand-in binary refuses to run as Node unless the launcher set ELECTRON_RUN_AS_NODE=1, and
    // then says it is Electron (process.versions.electron), as the app's binary does.
    const binary = join(tmp, 'MCP Switchboard', "mcp-switch'board");
    mkdirSync(join(binary, '..'));
    const electronish = join(tmp, 'MCP Switchboard', 'versions.cjs');
    writeFileSync(electronish, "Object.defineProperty(process.versions, 'electron', { value: '41.7.1', enumerable: true });\n");
    writeFileSync(binary, `#!/bin/sh\n[ "$ELECTRON_RUN_AS_NODE" = 1 ] || { echo 'started as the desktop app' >&2; exit 9; }\nexec '${process.execPath}' --require '${electronish}' "$@"\n`);
    chmodSync(binary, 0o755);
    const launcher = join(tmp, 'bin', 'switchboard');
    mkdirSync(join(launcher, '..'));
    const text = launcherText('linux', { appBinary: binary, cliScript: packagedCliScript(join(tmp, 'resources'), 'linux') });
    expect(text.split('\n')[2]).toBe(`ELECTRON_RUN_AS_NODE=1 SWITCHBOARD_LAUNCHER="$0" exec '${tmp}/MCP Switchboard/mcp-switch'\\''board' '${tmp}/resources/app.asar.unpacked/bin/switchboard.mjs' "$@"`);
    writeFileSync(launcher, text, { mode: 0o755 });
    const emptyBin = join(tmp, 'no-node');
    mkdirSync(emptyBin);
    const env = { PATH: emptyBin, HOME: join(tmp, 'home'), SWITCHBOARD_HOME: join(tmp, 'data') };
    const run = (...args: string[]) => spawnSync(launcher, args, { env, encoding: 'utf8', timeout: 60_000 });
    const version = run('--version');
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect([version.status, version.stdout, version.stderr]).toEqual([0, `${pkg.version}\n`, '']);
    // `switchboard gateway` runs, and the entry a host pastes starts the launcher (the app's binary on the script would open the window).
    const entry = run('gateway', '--host', 'cursor', '--print-entry');
    expect([entry.status, JSON.parse(entry.stdout)]).toEqual([0, { mcpServers: { switchboard: { command: launcher, args: ['gateway', '--host', 'cursor'] } } }]);
  });

  it("the AppImage launcher starts the packaged CLI through electron-builder's own AppRun, also where AppRun adds --no-sandbox", () => {
    // The AppDir as the AppImage runtime mounts it: AppRun from app-builder-lib's template, the
    // binary (Node under a link of its own, so process.execPath is the AppDir's), resources beside it.
    const appDir = join(tmp, 'appimage', 'mount');
    mkdirSync(appDir, { recursive: true });
    const appRun = generateAppRunScript({ ExecutableName: 'mcp-switchboard', ProductName: 'MCP Switchboard', ProductFilename: 'MCP Switchboard' } as never);
    writeFileSync(join(appDir, 'AppRun'), appRun, { mode: 0o755 });
    try {
      linkSync(process.execPath, join(appDir, 'mcp-switchboard'));
    } catch {
      copyFileSync(process.execPath, join(appDir, 'mcp-switchboard'));
      chmodSync(join(appDir, 'mcp-switchboard'), 0o755);
    }
    symlinkSync(join(tmp, 'resources'), join(appDir, 'resources'));
    // The image: the runtime exports APPDIR and APPIMAGE and runs AppRun with every argument.
    const image = join(tmp, 'appimage', 'MCP Switchboard.AppImage');
    writeFileSync(image, `#!/bin/sh\nAPPDIR='${appDir}' APPIMAGE="$0" exec '${appDir}/AppRun' "$@"\n`, { mode: 0o755 });
    // No user namespaces (Ubuntu 24.04's AppArmor): AppRun's `unshare -Ur true` fails.
    const stubs = join(tmp, 'appimage', 'stubs');
    mkdirSync(stubs);
    writeFileSync(join(stubs, 'unshare'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const launcher = join(tmp, 'appimage', 'switchboard');
    writeFileSync(launcher, launcherText('linux', { appBinary: '/unused', cliScript: '/unused', appImage: image }), { mode: 0o755 });
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    for (const path of [`${stubs}:/usr/bin:/bin`, '/usr/bin:/bin']) {
      const version = spawnSync(launcher, ['--version'], { env: { PATH: path, HOME: join(tmp, 'home'), SWITCHBOARD_HOME: join(tmp, 'data') }, encoding: 'utf8', timeout: 60_000 });
      expect([path, version.status, version.stdout, version.stderr]).toEqual([path, 0, `${pkg.version}\n`, '']);
    }
  });
});

it('`npm run dist` without the Electron zip and without its download host stops with one line naming the cause, before building', async () => {
  const port = await new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = server.address() as { port: number };
      server.close(() => done(p));
    });
  });
  const cache = join(tmp, 'electron-cache');
  mkdirSync(cache);
  const outBefore = statSync(join(ROOT, 'out/main/index.js')).mtimeMs;
  const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules/electron/package.json'), 'utf8')) as { version: string };
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', '--silent', 'dist'], { cwd: ROOT, env: { ...process.env, ELECTRON_CACHE: cache, ELECTRON_MIRROR: `http://127.0.0.1:${port}/` }, encoding: 'utf8', timeout: 60_000 });
  const zip = `electron-v${version}-${process.platform}-${process.platform === 'darwin' ? 'x64' : process.arch}.zip`;
  expect([result.status, result.stdout, result.stderr]).toEqual([
    1,
    '',
    `npm run dist: cannot download Electron ${version} (${zip}) from http://127.0.0.1:${port} (ECONNREFUSED): put that zip in ${cache} or set ELECTRON_MIRROR to a reachable mirror, then run again\n`,
  ]);
  expect(statSync(join(ROOT, 'out/main/index.js')).mtimeMs).toBe(outBefore);
});
