/**
 * Install links carry literal values only (issue 26 item 3, docs/security.md "Install links"),
 * through the real core: a link holding a live value syntax — `!command`, a bare variable name,
 * `${VAR}`, `${env:VAR}`, `${secret:id}` — is refused at preview with the field, the syntax and why,
 * before anything is written (servers.json byte for byte), nothing runs (a `!touch` marker never
 * appears) and nothing is sent (a real listener on 127.0.0.1 gets no request). `${input:id}` is
 * still accepted. A link whose name is defined in a Cursor user file in the test HOME names that
 * server in its preview and is refused without `confirmShadow`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_ENTRY, everythingEntry, makeWorld, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import { startCore, type CoreHarness } from '../channels/test-fixtures.js';

let world: TempWorld;
let h: CoreHarness;
let listener: Server;
let requests = 0;
let url = '';
let servers = '';
let cursorFile = '';

const link = (name: string, config: unknown): string => `mcp-switchboard://install?name=${name}&config=${Buffer.from(JSON.stringify(config)).toString('base64url')}`;

beforeAll(async () => {
  world = makeWorld();
  servers = writeOwnServers(world, {});
  cursorFile = join(world.home, '.cursor', 'mcp.json');
  mkdirSync(join(world.home, '.cursor'), { recursive: true });
  writeFileSync(cursorFile, JSON.stringify({ mcpServers: { shared: { ...BROKEN_ENTRY } } }, null, 2));
  listener = createServer((_req, res) => {
    requests++;
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/mcp`;
  h = await startCore(world);
}, 120_000);

afterAll(async () => {
  await h?.dispose();
  await new Promise((resolve) => listener?.close(resolve));
  world?.cleanup();
});

describe('install links carry literal values only', () => {
  it('refuses each live value syntax before anything is written, run or sent', async () => {
    const marker = join(world.root, 'marker');
    const before = readFileSync(servers);
    const cases: [string, unknown, string][] = [
      ['cmd', { url, headers: { 'X-Run': `!touch ${marker}` } }, `header "X-Run" holds "!touch ${marker}": a value starting with "!" runs as a shell command on this computer whenever the server connects`],
      ['home', { url, headers: { 'X-Who': 'HOME' } }, `header "X-Who" holds "HOME": a bare variable name is replaced by that environment variable's value, which would be sent to the server (write the literal value instead)`],
      ['token', { url, headers: { 'X-Leak': 'GITHUB_TOKEN' } }, `header "X-Leak" holds "GITHUB_TOKEN": a bare variable name is replaced by that environment variable's value, which would be sent to the server (write the literal value instead)`],
      ['posix', { url, headers: { Authorization: 'Bearer ${GITHUB_TOKEN}' } }, 'header "Authorization" holds "${GITHUB_TOKEN}": the placeholder reads an environment variable'],
      ['vscode', { command: process.execPath, env: { TOKEN: '${env:GITHUB_TOKEN}' } }, 'environment variable "TOKEN" holds "${env:GITHUB_TOKEN}": the placeholder reads an environment variable'],
      ['secret', { command: process.execPath, args: ['--key', '${secret:other-api-key}'] }, 'argument 2 holds "${secret:other-api-key}": the placeholder reads a secret from your keychain'],
      ['folder', { command: process.execPath, cwd: '${HOME}/x' }, 'the working folder holds "${HOME}": the placeholder reads an environment variable'],
    ];
    for (const [name, config, why] of cases) {
      const r = await h.core.handlers['install:preview']({ link: link(name, config) });
      expect(r.ok ? `${name}: accepted` : r.error.code).toBe('INVALID_CONFIG');
      expect(r.ok ? '' : r.error.message).toContain(why);
      expect(r.ok ? '' : r.error.message).toMatch(/^This install link was refused: a link may carry literal values only\. .*\. Nothing was written\.$/);
    }
    // Two live values in one link: both named.
    const both = await h.core.handlers['install:preview']({ link: link('both', { url, headers: { A: '!id', B: '${USER}' } }) });
    expect(both.ok ? '' : both.error.message).toMatch(/header "A" holds "!id": .*; header "B" holds "\$\{USER\}": /);
    await h.core.settled();
    expect(readFileSync(servers)).toEqual(before);
    expect(existsSync(marker)).toBe(false);
    expect(requests).toBe(0);
  });

  it('still accepts ${input:…}: Switchboard asks the person for it', async () => {
    const entry = everythingEntry(world, { API_KEY: '${input:api-key}' });
    const preview = await h.core.handlers['install:preview']({ link: link('asks', entry) });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.data.env).toEqual([
      { name: 'SB_TEST_MARKER', value: world.marker, secret: false },
      { name: 'API_KEY', value: '${input:api-key}', secret: false },
    ]);
    const done = await h.core.handlers['install:confirm']({ id: preview.data.id });
    if (!done.ok) throw new Error(done.error.message);
    expect(JSON.parse(readFileSync(servers, 'utf8')).mcpServers.asks.env.API_KEY).toBe('${input:api-key}');
  });

  it("a link named like another host's server up to case (SHARED vs Cursor's shared) takes its tool names: named, and needs the second yes (attack pass 8, F12)", async () => {
    const preview = await h.core.handlers['install:preview']({ link: link('SHARED', { url }) });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.data.shadows.map((s) => ({ host: s.host, file: s.file }))).toEqual([{ host: 'cursor', file: cursorFile }]);
    expect(preview.data.warnings).toContain(
      `Installing takes the agent-visible tool names of the server "shared" defined in Cursor ${cursorFile} (mcp_shared_…): an agent calling them would reach this one instead. You are asked to confirm that separately.`,
    );
    const before = readFileSync(servers);
    const refused = await h.core.handlers['install:confirm']({ id: preview.data.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(readFileSync(servers)).toEqual(before);
    expect(await h.core.handlers['install:cancel']({ id: preview.data.id })).toEqual({ ok: true, data: { cancelled: true } });
  });

  it('a link whose name is defined in another host names that server and needs a second yes', async () => {
    const entry = { url, headers: { 'X-Team': 'blue' } };
    const preview = await h.core.handlers['install:preview']({ link: link('shared', entry) });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.data.shadows.map((s) => ({ host: s.host, file: s.file, scope: s.scope }))).toEqual([{ host: 'cursor', file: cursorFile, scope: 'user' }]);
    expect(preview.data.warnings).toContain(
      `Installing hides the server "shared" defined in Cursor ${cursorFile}: Switchboard's own file comes first, so Switchboard would run this one instead. You are asked to confirm that separately.`,
    );
    expect(preview.data.headers).toEqual([{ name: 'X-Team', value: 'blue', secret: false }]);
    const before = readFileSync(servers);
    const refused = await h.core.handlers['install:confirm']({ id: preview.data.id });
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'CONFLICT',
        message:
          `Installing "shared" would hide the server of that name in Cursor ${cursorFile} (Switchboard's own file comes first). ` +
          'Confirm hiding it explicitly (confirmShadow: true; in the window, tick "Hide it"), or cancel. Nothing was written.',
      },
    });
    expect(readFileSync(servers)).toEqual(before);
    // The preview is still live: the second, explicit yes installs it.
    const done = await h.core.handlers['install:confirm']({ id: preview.data.id, confirmShadow: true });
    if (!done.ok) throw new Error(done.error.message);
    expect(JSON.parse(readFileSync(servers, 'utf8')).mcpServers.shared).toEqual({ transport: 'http', url, headers: { 'X-Team': 'blue' } });
  });
});
