/**
 * More bad input (tester's follow-ups): a symlink loop or a FIFO in place of a config file, an empty
 * server name, and `--project $HOME` (files that are both user and project candidates).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discoverServers } from './discovery.js';
import { editConfigFile } from './config-file-edit.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

describe('a TOML key named like a property of every object (attack pass, issue 32)', () => {
  const bad = [
    ['[mcp_servers.__proto__]\ncommand = "/tmp/pwned.sh"\n', '__proto__', 1, 14],
    ['mcp_servers.__proto__.command = "/tmp/pwned.sh"\n', '__proto__', 1, 13],
    ['mcp_servers = { "__proto__" = { command = "/tmp/pwned.sh" } }\n', '__proto__', 1, 17],
    ['[mcp_servers.x]\ncommand = "ok"\n\n[mcp_servers.x.constructor.prototype]\ncommand = "/tmp/pwned.sh"\n', 'constructor', 4, 16],
  ] as const;

  it.each(bad)('an untrusted project\'s .codex/config.toml %j pollutes nothing, turns no other server into its command, and says where', async (text, key, line, column) => {
    const file = join(sb.project, '.codex', 'config.toml');
    await mkdir(join(sb.project, '.codex'), { recursive: true });
    await writeFile(file, text);
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { remote1: { url: 'https://example.com/mcp' } } });
    const out = await discoverServers(sb.ctx({ projectTrusted: false }));
    expect(({} as Record<string, unknown>).command).toBeUndefined();
    expect(out.servers.map((s) => ({ name: s.name, transport: s.transport, url: s.url, command: s.command }))).toEqual([{ name: 'remote1', transport: 'http', url: 'https://example.com/mcp', command: undefined }]);
    expect(out.warnings).toContainEqual({ file, line, column, ...warningCode('malformed'), message: expect.stringContaining(`A key named "${key}" at line ${line}, column ${column} is not read`) });
  });
});

describe('more bad input', () => {
  it('a symlink loop in place of a config file is a warning naming the file; the rest still loads', async () => {
    const loop = join(sb.home, '.cursor', 'mcp.json');
    await mkdir(join(sb.home, '.cursor'), { recursive: true });
    await symlink(loop, loop);
    await sb.write(join(sb.home, '.codeium', 'windsurf', 'mcp_config.json'), { mcpServers: { w: { command: 'x' } } });
    const out = await discoverServers(sb.ctx());
    expect(out.servers.map((s) => s.name)).toEqual(['w']);
    expect(out.warnings).toEqual([{ file: loop, ...warningCode('file-unreadable'), message: expect.stringMatching(/^Cannot read config file: it is a symlink loop \(ELOOP/) }]);
  });

  it.skipIf(process.platform === 'win32')('(POSIX only: mkfifo) a FIFO in place of a config file is a warning at once, never a hang; a write to it is refused', async () => {
    const fifo = join(sb.home, '.cursor', 'mcp.json');
    await mkdir(join(sb.home, '.cursor'), { recursive: true });
    execFileSync('mkfifo', [fifo]);
    const out = await discoverServers(sb.ctx());
    expect(out.warnings).toEqual([{ file: fifo, ...warningCode('file-unreadable'), message: `Cannot read config file: ${fifo} is a FIFO (named pipe), not a file` }]);
    await expect(editConfigFile(fifo, 'json', { dataDir: sb.dataDir }, (text) => ({ text: `${text}x`, result: 1 }))).rejects.toThrow(`${fifo} is a FIFO (named pipe), not a file`);
  });

  it('a default nested 3,000 deep in one entry leaves the file\'s other servers, and that one, loaded (the stack overflowed before)', async () => {
    const deep = '${A:-'.repeat(3000) + 'x' + '}'.repeat(3000);
    const shallow = '${A:-'.repeat(3) + 'x' + '}'.repeat(3);
    await sb.write(join(sb.home, '.claude.json'), { mcpServers: { deep: { command: 'node', args: [deep] }, fine: { command: 'node', args: [shallow] } } });
    const out = await discoverServers(sb.ctx({ env: {} }));
    expect(out.servers.map((s) => s.name).sort()).toEqual(['deep', 'fine']);
    expect(out.servers.find((s) => s.name === 'fine')?.args).toEqual(['x']);
    // Left as written past MAX_PLACEHOLDER_DEPTH, and reported as not set.
    expect(out.servers.find((s) => s.name === 'deep')?.args?.[0]?.startsWith('${A:-${A:-')).toBe(true);
    expect(out.warnings.filter((w) => w.server === 'deep').map((w) => [w.code, w.line])).toEqual([['placeholder-unresolved', 3]]);
    expect(out.warnings.filter((w) => /stack|Reading claude-code config failed/.test(w.message))).toEqual([]);
  });

  it('an empty server name is skipped with a warning at its line', async () => {
    const file = await sb.write(join(sb.home, '.cursor', 'mcp.json'), '{"mcpServers": {\n  "": {"command": "x"},\n  "ok": {"command": "y"}\n}}');
    const out = await discoverServers(sb.ctx());
    expect(out.servers.map((s) => s.name)).toEqual(['ok']);
    expect(out.warnings).toEqual([{ file, line: 2, column: 3, ...warningCode('entry-wrong-type'), message: 'A server with an empty name "" is skipped: give it a name' }]);
  });

  it('--project $HOME: ~/.cursor/mcp.json and ~/.xcsh/mcp.json are the user\'s own files (user scope, expanded), not untrusted project files', async () => {
    const cursor = await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { c: { command: '${env:BIN}' } } });
    const xcsh = await sb.write(join(sb.home, '.xcsh', 'mcp.json'), { mcpServers: { x: { command: 'x' } } });
    const ctx = sb.ctx({ projectDir: sb.home, projectTrusted: false, env: { BIN: '/bin/c' } });
    const out = await discoverServers(ctx);
    expect(out.servers.map((s) => [s.name, s.source.scope, s.source.file, s.command])).toEqual([
      ['x', 'user', xcsh, 'x'],
      ['c', 'user', cursor, '/bin/c'],
    ]);
    expect(out.projectFiles).toEqual([]);
    expect(out.files.filter((f) => f.path === cursor).map((f) => f.scope)).toEqual(['user']);
    expect(await readFile(cursor, 'utf8')).toContain('${env:BIN}');
  });
});

describe('a config file whose bytes are not all UTF-8 (new-user trial: a Latin-1 file showed \uFFFD and no word why)', () => {
  it('is read, with a not-utf8 warning at the line and column of the first bad byte; a real U+FFFD before it is no bad byte', async () => {
    const file = join(sb.home, '.cursor', 'mcp.json');
    await mkdir(join(sb.home, '.cursor'), { recursive: true });
    // Line 3 holds a real U+FFFD (EF BF BD), line 4 a Latin-1 "é" (0xE9), which is not UTF-8.
    const text = (s: string): Buffer => Buffer.from(s, 'utf8');
    const bytes = Buffer.concat([
      text('{"mcpServers": {\n  "ok": {"command": "y"},\n  "real": {"command": "\uFFFD"},\n  "latin": {"command": "caf'),
      Buffer.from([0xe9]),
      text('"}\n}}'),
    ]);
    await writeFile(file, bytes);
    const out = await discoverServers(sb.ctx());
    expect(out.servers.map((s) => [s.name, s.command])).toEqual([['ok', 'y'], ['real', '\uFFFD'], ['latin', 'caf\uFFFD']]);
    expect(out.warnings).toEqual([
      { file, line: 4, column: 28, ...warningCode('not-utf8'), message: 'Not valid UTF-8 from here: those bytes read as \uFFFD. Save the file as UTF-8 (Switchboard does not edit it until then).' },
    ]);
  });

  it('a UTF-8 file holding U+FFFD itself gets no warning; a TOML file (Codex) with a bad byte does, behind its byte order mark', async () => {
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), '{"mcpServers": {"real": {"command": "\uFFFD"}}}');
    const codex = join(sb.home, '.codex', 'config.toml');
    await mkdir(join(sb.home, '.codex'), { recursive: true });
    await writeFile(codex, Buffer.concat([Buffer.from('\uFEFF[mcp_servers.c]\ncommand = "x', 'utf8'), Buffer.from([0xff, 0xfe]), Buffer.from('"\n', 'utf8')]));
    const out = await discoverServers(sb.ctx());
    expect(out.servers.map((s) => s.name).sort()).toEqual(['c', 'real']);
    expect(out.warnings.map((w) => [w.file, w.code, w.line, w.column])).toEqual([[codex, 'not-utf8', 2, 13]]);
  });
});

describe('a YAML alias bomb (billion laughs)', () => {
  it('is refused with the parser\'s reason and the line of the first alias; the host\'s other files still load', async () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++) levels.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const file = await sb.write(join(sb.home, '.config', 'goose', 'config.yaml'), `extensions:\n  g:\n    cmd: node\n    type: stdio\n${levels.join('\n')}\n`);
    await sb.write(join(sb.home, '.cursor', 'mcp.json'), { mcpServers: { ok: { command: 'y' } } });
    const out = await discoverServers(sb.ctx());
    expect(out.servers.map((s) => s.name)).toEqual(['ok']);
    expect(out.warnings).toEqual([
      { file, line: 6, column: 8, ...warningCode('malformed'), message: expect.stringMatching(/^Malformed YAML: .*alias.* \(aliases from line 6, column 8\)$/i) },
    ]);
  });
});

describe('a hostile file of many real U+FFFDs before one bad byte', () => {
  it('finds the bad byte at its place, reading the file once (it rescanned the text per U+FFFD: minutes for a few MB)', async () => {
    const { firstNotUtf8 } = await import('../files/read-config-text.js');
    const real = '\uFFFD'.repeat(400_000);
    const bytes = Buffer.concat([Buffer.from(`a${real}b`, 'utf8'), Buffer.from([0xc3]), Buffer.from('z\uFFFD', 'utf8')]);
    const text = bytes.toString('utf8');
    expect(firstNotUtf8(bytes, text)).toBe(real.length + 2);
    expect(firstNotUtf8(Buffer.from(`x${real}`, 'utf8'), `x${real}`)).toBeUndefined();
  });
});
