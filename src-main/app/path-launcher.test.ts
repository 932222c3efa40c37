/**
 * "Put `switchboard` on PATH" (path-launcher.ts; docs/packaging.md § The CLI on PATH): the launcher's
 * text on Linux/macOS (plain and AppImage) and Windows, the folders per OS, and the write into a
 * temp home — new, replaced, someone else's file refused and left as it was.
 */
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launcherDirs, launcherOnDisk, launcherText, packagedCliScript, putOnPath } from './path-launcher.js';

const MARK = 'switchboard launcher written by MCP Switchboard ("Put switchboard on PATH"): the app\'s CLI, run by the app\'s own binary as Node.';
let home = '';
beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'switchboard-launcher-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('launcher text', () => {
  it('Linux/macOS: sh, the app binary as Node on the unpacked CLI, every argument passed; AppImage: the image, the CLI found beside its binary', () => {
    const target = { appBinary: '/opt/MCP Switchboard/mcp-switchboard', cliScript: packagedCliScript('/opt/MCP Switchboard/resources', 'linux') };
    expect(launcherText('linux', target)).toBe(
      `#!/bin/sh\n# ${MARK}\nELECTRON_RUN_AS_NODE=1 SWITCHBOARD_LAUNCHER="$0" exec '/opt/MCP Switchboard/mcp-switchboard' '/opt/MCP Switchboard/resources/app.asar.unpacked/bin/switchboard.mjs' "$@"\n`,
    );
    const appImage = launcherText('linux', { ...target, appImage: "/home/a/Apps/it's.AppImage" }).split('\n')[2];
    expect(appImage).toMatch(/^ELECTRON_RUN_AS_NODE=1 SWITCHBOARD_LAUNCHER="\$0" exec '\/home\/a\/Apps\/it'\\''s\.AppImage' -e '.*' -- --no-sandbox "\$@"$/);
    expect(appImage).toContain('"resources","app.asar.unpacked","bin","switchboard.mjs"');
  });

  it('Windows: a .cmd that keeps the variable local, quotes the paths, doubles %, passes %*', () => {
    const target = { appBinary: 'C:\\Program Files\\MCP Switchboard\\MCP Switchboard.exe', cliScript: packagedCliScript('C:\\Users\\a%b\\resources', 'win32') };
    expect(launcherText('win32', target)).toBe(
      [
        '@echo off',
        `rem ${MARK}`,
        'setlocal',
        'set ELECTRON_RUN_AS_NODE=1',
        'set "SWITCHBOARD_LAUNCHER=%~f0"',
        '"C:\\Program Files\\MCP Switchboard\\MCP Switchboard.exe" "C:\\Users\\a%%b\\resources\\app.asar.unpacked\\bin\\switchboard.mjs" %*',
        '',
      ].join('\r\n'),
    );
  });

  it('folders: XDG_BIN_HOME or ~/.local/bin; /usr/local/bin then ~/bin; WindowsApps', () => {
    expect(launcherDirs({ home: '/home/a', platform: 'linux', env: {} })).toEqual(['/home/a/.local/bin']);
    expect(launcherDirs({ home: '/home/a', platform: 'linux', env: { XDG_BIN_HOME: '/home/a/bin' } })).toEqual(['/home/a/bin']);
    expect(launcherDirs({ home: '/home/a', platform: 'linux', env: { XDG_BIN_HOME: 'bin' } })).toEqual(['/home/a/.local/bin']);
    expect(launcherDirs({ home: '/Users/a', platform: 'darwin', env: {} })).toEqual(['/usr/local/bin', '/Users/a/bin']);
    expect(launcherDirs({ home: 'C:\\Users\\a', platform: 'win32', env: { LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' } })).toEqual(['C:\\Users\\a\\AppData\\Local\\Microsoft\\WindowsApps']);
  });
});

it('writes ~/.local/bin/switchboard (0755), says when the folder is not on PATH, replaces its own launcher, refuses a foreign file or link untouched', async () => {
  const bin = join(home, '.local', 'bin');
  const file = join(bin, 'switchboard');
  const target = { appBinary: '/opt/a/app', cliScript: '/opt/a/resources/app.asar.unpacked/bin/switchboard.mjs' };
  const ctx = { home, platform: 'linux' as const, env: { PATH: '/usr/bin:/bin' } };
  expect(await putOnPath(ctx, target)).toEqual({
    ok: true,
    file,
    replaced: false,
    onPath: false,
    message: `Wrote ${file}: \`switchboard\` runs this app's CLI. ${bin} is not on your PATH yet: add it (e.g. export PATH="${bin}:$PATH" in your shell's profile), then open a new terminal.`,
  });
  expect([readFileSync(file, 'utf8'), lstatSync(file).mode & 0o777]).toEqual([launcherText('linux', target), 0o755]);
  expect(await launcherOnDisk(ctx)).toBe(file);
  const moved = { ...target, appBinary: '/opt/b/app' };
  expect(await putOnPath({ ...ctx, env: { PATH: `/usr/bin:${bin}` } }, moved)).toMatchObject({ ok: true, replaced: true, onPath: true, message: `Updated ${file}: \`switchboard\` runs this app's CLI.` });
  expect(readFileSync(file, 'utf8')).toBe(launcherText('linux', moved));

  const refused = { ok: false, file, message: `${file} already exists and was not written by MCP Switchboard: nothing was changed (remove or rename it, then try again)` };
  // Our mark quoted elsewhere in someone's script does not make it ours.
  const quoting = `#!/bin/sh\n# wraps the ${MARK}\nexec app "$@"\n`;
  writeFileSync(file, quoting);
  expect([await putOnPath(ctx, target), readFileSync(file, 'utf8'), await launcherOnDisk(ctx)]).toEqual([refused, quoting, undefined]);
  writeFileSync(file, '#!/bin/sh\necho mine\n');
  expect(await putOnPath(ctx, target)).toEqual(refused);
  expect(readFileSync(file, 'utf8')).toBe('#!/bin/sh\necho mine\n');
  rmSync(file);
  mkdirSync(join(home, 'elsewhere'));
  writeFileSync(join(home, 'elsewhere', 'launcher'), launcherText('linux', target));
  symlinkSync(join(home, 'elsewhere', 'launcher'), file);
  expect(await putOnPath(ctx, moved)).toEqual(refused);
  expect(lstatSync(file).isSymbolicLink()).toBe(true);
});
