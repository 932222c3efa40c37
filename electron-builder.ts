/**
 * The desktop packages (issue 37 item 2, docs/packaging.md): electron-builder's one configuration,
 * read by `npm run dist` (scripts/dist.mjs) and by src-main/app/packaging.test.ts. Linux AppImage +
 * deb, macOS universal dmg, Windows NSIS; each registers the `mcp-switchboard://` scheme; the fuses
 * come from src-main/app/fuses.ts. Signing and notarisation are configured from environment
 * variables only and skipped when they are absent; nothing is ever published from here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
// The package's entry by path: dependency-cruiser resolves the bare name `electron-builder` to this file.
import type { Configuration } from 'electron-builder/out/index.js';
import { DEEP_LINK_SCHEME } from './src-shared/deep-link.js';
import { ELECTRON_FUSES } from './src-main/app/fuses.js';

const ROOT = import.meta.dirname;

/** The package whose script the app runs as the bundled reference server (core/config/reference-server.ts). */
export const REFERENCE_SERVER_PACKAGE = '@modelcontextprotocol/server-everything';

/**
 * The names of `name` and of every package it depends on (`dependencies` + `optionalDependencies`),
 * walked the way Node resolves them on disk: the nearest `node_modules/<dep>` from the requiring
 * package's folder up to `root`. A dependency that is not installed is skipped (an optional one).
 * Sorted. Names, not folders: electron-builder lays node_modules out again in the package (it
 * hoists differently than npm did), so a folder here may sit elsewhere there.
 */
export function dependencyNames(root: string, name: string): string[] {
  const found = new Set<string>();
  const locate = (from: string, dep: string): string | undefined => {
    for (let dir = from; ; dir = dirname(dir)) {
      const candidate = join(dir, 'node_modules', dep);
      if (existsSync(join(candidate, 'package.json'))) return candidate;
      if (relative(root, dir) === '' || dirname(dir) === dir) return undefined;
    }
  };
  const visit = (folder: string) => {
    if (found.has(folder)) return;
    found.add(folder);
    const pkg = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { dependencies?: object; optionalDependencies?: object };
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) {
      const at = locate(folder, dep);
      if (at !== undefined) visit(at);
    }
  };
  const start = locate(root, name);
  if (start !== undefined) visit(start);
  return [...new Set([...found].map((folder) => relative(root, folder).split('\\').join('/').replace(/^.*node_modules\//, '')))].sort();
}

/**
 * What a child process reads from disk, so it must sit outside app.asar (a process started with
 * `ELECTRON_RUN_AS_NODE=1` is given a file path; Node's ES module loader cannot read into the
 * archive): the CLI (bin/ + out/cli/ + package.json, which `switchboard --version` reads), keytar
 * (a native module: dlopen needs a real file) and the reference server with its dependencies —
 * every copy of each, wherever electron-builder puts it (`**\/node_modules/<name>/**`).
 */
export function asarUnpackPatterns(root = ROOT): string[] {
  return [
    'package.json',
    'bin/switchboard.mjs',
    'bin/cli-build.mjs',
    'bin/cli-code-cache.mjs',
    'out/cli/**',
    ...['keytar', ...dependencyNames(root, REFERENCE_SERVER_PACKAGE)].map((name) => `**/node_modules/${name}/**`),
  ];
}

/** Set when every variable of one of electron-builder's notarisation credentials is (MacTargetHelper). */
const NOTARY_ENV_SETS = [
  ['APPLE_API_KEY', 'APPLE_API_KEY_ID', 'APPLE_API_ISSUER'],
  ['APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
  ['APPLE_KEYCHAIN', 'APPLE_KEYCHAIN_PROFILE'],
];
const hasEnv = (env: NodeJS.ProcessEnv, name: string) => (env[name] ?? '').trim() !== '';

/**
 * The configuration for the environment `env` (default `process.env`):
 * - macOS signs only when `CSC_LINK` or `CSC_NAME` names a certificate (else `identity: null`, no
 *   search of the keychain), and notarises only when it signs and one credential set is complete.
 * - Windows signs only when `WIN_CSC_LINK` or `CSC_LINK` is set (electron-builder reads them).
 * - `SWITCHBOARD_UPDATE_FEED` (an https URL) adds a `generic` publish entry, so the build writes
 *   latest*.yml for that feed; without it there is none. `npm run dist` never uploads (`publish: never`).
 */
export function builderConfig(env: NodeJS.ProcessEnv = process.env): Configuration {
  const signsMac = hasEnv(env, 'CSC_LINK') || hasEnv(env, 'CSC_NAME');
  const notarises = signsMac && NOTARY_ENV_SETS.some((set) => set.every((name) => hasEnv(env, name)));
  const feed = env['SWITCHBOARD_UPDATE_FEED']?.trim();
  return {
    appId: 'dev.mcp-switchboard.app',
    productName: 'MCP Switchboard',
    copyright: 'MCP Switchboard contributors',
    directories: { output: 'dist', buildResources: 'resources' },
    // The built bundles (`npm run build`) and what they read at run time; node_modules' production
    // dependencies are added by electron-builder itself. No sources, no maps, no tests.
    // out/conformance-driver is the test harness (vite.driver.config.ts), not part of the app; a
    // .code-cache is what CLI runs on this machine left beside the bundle (bin/cli-code-cache.mjs).
    files: ['out/**', '!out/**/*.map', '!out/conformance-driver/**', '!out/cli/cjs/.code-cache/**', 'bin/switchboard.mjs', 'bin/cli-build.mjs', 'bin/cli-code-cache.mjs', 'resources/**', '!resources/installer.nsh', 'package.json'],
    asar: true,
    asarUnpack: asarUnpackPatterns(),
    // Flipping a fuse changes the binary, which breaks macOS's ad-hoc signature; electron-builder
    // re-signs only when it signs (identity set), so an unsigned build has @electron/fuses re-sign
    // it ad hoc (`codesign --sign -`), without which Apple silicon refuses to start the app.
    electronFuses: { ...ELECTRON_FUSES, resetAdHocDarwinSignature: !signsMac },
    protocols: [{ name: 'MCP Switchboard link', schemes: [DEEP_LINK_SCHEME] }],
    publish: feed ? [{ provider: 'generic', url: feed }] : null,
    linux: {
      target: ['AppImage', 'deb'],
      executableName: 'mcp-switchboard',
      category: 'Development',
      icon: 'resources/icon.png',
      maintainer: 'MCP Switchboard contributors <switchboard@localhost>',
      synopsis: 'See, run, debug and sign in to every MCP server on a machine.',
    },
    // No `deb.depends`: a list there REPLACES electron-builder's default (FpmTarget getDefaultDepends:
    // GTK, NSS, libnotify, … and libsecret-1-0, which keytar needs), so the default stands.
    mac: {
      target: [{ target: 'dmg', arch: ['universal'] }],
      category: 'public.app-category.developer-tools',
      // No icon: macOS wants 512×512 and resources/icon.png is 256×256 (Electron's icon until one exists).
      hardenedRuntime: true,
      ...(signsMac ? {} : { identity: null }),
      notarize: notarises,
    },
    win: { target: ['nsis'], icon: 'resources/icon.png' },
    // electron-builder's NSIS writes no URL-protocol keys itself: installer.nsh does (macOS: Info.plist, Linux: the .desktop file).
    nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true, include: 'resources/installer.nsh' },
  };
}

export default builderConfig();
