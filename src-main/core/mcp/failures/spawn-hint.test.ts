/**
 * `spawn … ENOENT` in words (issue 14 item 9), from real spawn errors of real child processes.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findOnPath, spawnNotFoundMessage } from './spawn-hint.js';

const dir = mkdtempSync(join(tmpdir(), 'sb-spawn-hint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'sb-hint-tool'), '#!/bin/sh\n');
chmodSync(join(dir, 'sb-hint-tool'), 0o755);
writeFileSync(join(dir, 'sb-not-executable'), 'text');

/** The error a real spawn of `command` with `PATH` gives. */
function spawnError(command: string, PATH: string): Promise<Error> {
  return new Promise((resolve) => {
    const child = spawn(command, [], { env: { PATH } });
    child.once('error', resolve);
  });
}

/** What our stdio transport keeps of its launch (`SupervisedStdioTransport.launch`, read by the hint). */
const transport = (command: string, PATH: string) => ({ launch: { command, env: { PATH } } });

describe.skipIf(process.platform === 'win32')('spawnNotFoundMessage (POSIX only: PATH search and a login shell)', () => {
  it('names the PATH searched and the absolute path the login shell finds', async () => {
    const err = await spawnError('sb-hint-tool', '/usr/bin:/bin');
    const message = spawnNotFoundMessage(err, transport('sb-hint-tool', '/usr/bin:/bin'), { shell: '/bin/zsh', env: { PATH: `/nowhere:${dir}` } });
    expect(message).toBe(
      `spawn sb-hint-tool ENOENT: "sb-hint-tool" is not in any folder of the PATH searched (/usr/bin:/bin). Your login shell (/bin/zsh) finds it at ${join(dir, 'sb-hint-tool')}: use that absolute path as the command.`,
    );
  });

  it('names a working folder (cwd) that does not exist or is no folder, not the PATH (a "break it" trial)', async () => {
    const cwdError = (cwd: string): Promise<Error> =>
      new Promise((resolve) => {
        // A cwd that is a file fails the spawn call itself (thrown); a missing one as an 'error' event.
        try {
          spawn(process.execPath, ['-e', '0'], { cwd }).once('error', resolve);
        } catch (err) {
          resolve(err as Error);
        }
      });
    const missing = join(dir, 'no-such-folder');
    expect(spawnNotFoundMessage(await cwdError(missing), { launch: { command: process.execPath, cwd: missing } }, undefined)).toBe(
      `spawn ${process.execPath} ENOENT: the server's working folder (cwd) ${missing} does not exist`,
    );
    const file = join(dir, 'sb-not-executable');
    expect(spawnNotFoundMessage(await cwdError(file), { launch: { command: process.execPath, cwd: file } }, undefined)).toBe(
      `spawn ENOTDIR: the server's working folder (cwd) ${file} is not a folder`,
    );
  });

  it('says when the login shell does not find it either, or could not be read, or was never asked', async () => {
    const err = await spawnError('sb-nowhere-tool', '/usr/bin');
    const launch = transport('sb-nowhere-tool', '/usr/bin');
    expect(spawnNotFoundMessage(err, launch, { shell: '/bin/bash', env: { PATH: dir } })).toMatch(/Your login shell \(\/bin\/bash\) does not find it either: install it, or use its absolute path\.$/);
    expect(spawnNotFoundMessage(err, launch, { shell: '/bin/bash', env: undefined })).toMatch(/The login shell's PATH \(\/bin\/bash\) could not be read to look further; use the command's absolute path\.$/);
    expect(spawnNotFoundMessage(err, launch, undefined)).toBe('spawn sb-nowhere-tool ENOENT: "sb-nowhere-tool" is not in any folder of the PATH searched (/usr/bin).');
  });

  it('a command with a folder in it is not looked up on PATH; other errors are not its business', async () => {
    const err = await spawnError('/nonexistent/mcp-server-broken', '/usr/bin');
    expect(spawnNotFoundMessage(err, undefined, { shell: '/bin/sh', env: { PATH: dir } })).toBe(
      'spawn /nonexistent/mcp-server-broken ENOENT: no such file /nonexistent/mcp-server-broken (a command with a folder in it is not looked up on PATH)',
    );
    expect(spawnNotFoundMessage(new Error('connect ECONNREFUSED'))).toBeUndefined();
  });

  it('findOnPath takes executable files only, first folder first', () => {
    expect(findOnPath('sb-hint-tool', `/nowhere:${dir}`)).toBe(join(dir, 'sb-hint-tool'));
    expect(findOnPath('sb-not-executable', dir)).toBeUndefined();
    expect(findOnPath('sb-hint-tool', undefined)).toBeUndefined();
  });
});
