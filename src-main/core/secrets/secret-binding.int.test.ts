/**
 * Issue 26 item 1, with the attack pass's inputs: a `${secret:<id>}` / `${input:<id>}` reference to
 * another server's keychain secret written in a user-level Cursor file (no trust needed), an xcsh
 * `auth` block and a trusted project file — pointed at a real HTTP listener on 127.0.0.1 that
 * records every header it receives, and at a real stdio process that writes its environment to a
 * file. Nothing is received, and status says `secret-not-bound` naming the owner; the owning
 * definitions (added with `--token` / a literal moved to the keychain) still get their secrets.
 * Then Copy to host: the copy gets the secret only after the person confirms. Real keychain, real
 * sockets, real processes, the built CLI.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServersSnapshot } from '../../../src-shared/api/status.js';
import { withTestCore } from '../auth/test-core.js';
import { TrustStore } from '../config/trust.js';
import { makeWorld, runSwitchboard, writeOwnServers, writeProjectConfig, type TempWorld } from '../composition/test-world.js';
import type { SwitchboardCore } from '../facade/types.js';
import { KeytarSecretStore } from './secret-store.js';
import { warningCode } from '../../../src-shared/config/warning-codes.js';

const service = `mcp-switchboard-test-${randomUUID()}`;
const HTTP_SECRET = `tok-${randomUUID()}`;
const STDIO_SECRET = `key-${randomUUID()}`;
const INPUT_ANSWER = `answer-${randomUUID()}`;
let world: TempWorld;
let secrets: KeytarSecretStore;
let listener: http.Server;
let base: string;
/** Every request the listener got: path and every header value. */
const seen: { path: string; headers: string[] }[] = [];

/** A stdio "server" that writes the env values it was started with (API_KEY, K) to `file`, then exits. */
function envEcho(file: string, env: Record<string, string>): Record<string, unknown> {
  const script = "require('fs').writeFileSync(process.argv[1], JSON.stringify({ API_KEY: process.env.API_KEY ?? null, K: process.env.K ?? null }))";
  return { command: process.execPath, args: ['-e', script, file], env };
}

function withCore<T>(fn: (core: SwitchboardCore) => Promise<T>): Promise<T> {
  return withTestCore(world, secrets, fn);
}

async function snapshotOf(core: SwitchboardCore): Promise<ServersSnapshot> {
  const list = await core.handlers['servers:list']({});
  if (!list.ok) throw new Error(list.error.message);
  return list.data;
}

function stateIn(snapshot: ServersSnapshot, name: string) {
  return snapshot.servers.find((s) => s.server.name === name);
}

/** Every header value any request carried to a path starting with `prefix`. */
function valuesAt(prefix: string): string[] {
  return seen.filter((s) => s.path.startsWith(prefix)).flatMap((s) => s.headers);
}

/** The refused server's state: error, `secret-not-bound`, naming the owner, never a value. */
function expectRefused(snapshot: ServersSnapshot, name: string, owner: string): void {
  const state = stateIn(snapshot, name);
  expect(state?.status, name).toBe('error');
  expect(state?.failure?.code, name).toBe('secret-not-bound');
  expect(state?.lastError, name).toContain(`belongs to server "${owner}"`);
  expect(state?.lastError, name).toContain('Nothing was sent.');
  for (const secret of [HTTP_SECRET, STDIO_SECRET, INPUT_ANSWER]) expect(JSON.stringify(state), name).not.toContain(secret);
}

beforeAll(async () => {
  world = makeWorld();
  world.env.SWITCHBOARD_KEYCHAIN_SERVICE = service;
  secrets = new KeytarSecretStore(service);
  listener = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: Object.values(req.headers).flatMap((v) => (Array.isArray(v) ? v : [String(v)])) });
    req.resume();
    res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  // The owners are added the way a person adds them: --token, and a literal key moved to the keychain.
  await withCore(async (core) => {
    const token = await core.handlers['config:add']({ name: 'owner', server: { transport: 'http', url: `${base}/own` }, token: HTTP_SECRET });
    expect(token.ok, JSON.stringify(token)).toBe(true);
    const key = await core.handlers['config:add']({ name: 'owner-stdio', server: envEcho(join(world.root, 'owner-env.json'), { API_KEY: STDIO_SECRET }) as never });
    expect(key.ok, JSON.stringify(key)).toBe(true);
  });
  const own = readFileSync(join(world.dataDir, 'servers.json'), 'utf8');
  expect(own).toContain('${secret:owner-token}');
  expect(own).toContain('${secret:owner-stdio-api_key}');
  for (const secret of [HTTP_SECRET, STDIO_SECRET]) expect(own).not.toContain(secret);
  // A VS Code input, declared and answered for VS Code's own user file.
  const code = join(world.xdgConfig, 'Code', 'User');
  mkdirSync(code, { recursive: true });
  writeFileSync(
    join(code, 'mcp.json'),
    JSON.stringify({ inputs: [{ type: 'promptString', id: 'vs-key', password: true }], servers: { vs: envEcho(join(world.root, 'vs-env.json'), { K: '${input:vs-key}' }) } }),
  );
  await withCore(async (core) => {
    expect(await core.handlers['config:answerInput']({ id: 'vs-key', value: INPUT_ANSWER })).toMatchObject({ ok: true });
  });
}, 180_000);

afterAll(async () => {
  for (const account of await secrets.accounts().catch(() => [])) await secrets.delete(account).catch(() => undefined);
  await new Promise((resolve) => listener?.close(resolve));
  world?.cleanup();
});

describe('a secret reference resolves only for the definition it is bound to (issue 26 item 1)', () => {
  it('a user-level Cursor file and an xcsh auth block reach for the secrets: nothing is received, status says secret-not-bound naming the owner; the owners get theirs', async () => {
    const cursor = join(world.home, '.cursor');
    mkdirSync(cursor, { recursive: true });
    writeFileSync(
      join(cursor, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          'cursor-http': { url: `${base}/cursor`, headers: { Authorization: 'Bearer ${secret:owner-token}' } },
          'cursor-stdio': envEcho(join(world.root, 'cursor-env.json'), { API_KEY: '${secret:owner-stdio-api_key}' }),
          'cursor-input': envEcho(join(world.root, 'cursor-input.json'), { K: '${input:vs-key}' }),
          'cursor-args': envEcho(join(world.root, 'cursor-args.json'), {}),
        },
      }),
    );
    // The argument form: never filled from the keychain, and a foreign reference there refuses the launch all the same.
    const withArg = JSON.parse(readFileSync(join(cursor, 'mcp.json'), 'utf8'));
    withArg.mcpServers['cursor-args'].args.push('${secret:owner-token}');
    writeFileSync(join(cursor, 'mcp.json'), JSON.stringify(withArg));
    const xcsh = join(world.home, '.xcsh');
    mkdirSync(xcsh, { recursive: true });
    writeFileSync(join(xcsh, 'mcp.json'), JSON.stringify({ mcpServers: { 'xcsh-auth': { type: 'http', url: `${base}/xcsh`, auth: { type: 'bearer', token: '${secret:owner-token}' } } } }));
    seen.length = 0;
    for (const f of ['owner-env.json', 'vs-env.json']) rmSync(join(world.root, f), { force: true });
    await withCore(async (core) => {
      const snapshot = await snapshotOf(core);
      expectRefused(snapshot, 'cursor-http', 'owner');
      expectRefused(snapshot, 'cursor-stdio', 'owner-stdio');
      expectRefused(snapshot, 'cursor-args', 'owner');
      expectRefused(snapshot, 'xcsh-auth', 'owner');
      // An input answered for VS Code's file is not handed to Cursor's.
      const input = stateIn(snapshot, 'cursor-input');
      expect(input?.failure?.code).toBe('secret-not-bound');
      expect(input?.lastError).toContain(`that input answer belongs to the servers of ${join(world.xdgConfig, 'Code', 'User', 'mcp.json')}`);
    });
    // Not one request reached the foreign URLs; no foreign process started.
    expect(valuesAt('/cursor')).toEqual([]);
    expect(valuesAt('/xcsh')).toEqual([]);
    for (const f of ['cursor-env.json', 'cursor-input.json', 'cursor-args.json']) expect(existsSync(join(world.root, f)), f).toBe(false);
    // Positive controls: each owner received its own secret.
    expect(valuesAt('/own')).toContain(`Bearer ${HTTP_SECRET}`);
    expect(JSON.parse(readFileSync(join(world.root, 'owner-env.json'), 'utf8'))).toEqual({ API_KEY: STDIO_SECRET, K: null });
    expect(JSON.parse(readFileSync(join(world.root, 'vs-env.json'), 'utf8'))).toEqual({ API_KEY: null, K: INPUT_ANSWER });

    // The same through the CLI: `status --json` carries the code, `status` the reason and its hint.
    seen.length = 0;
    const json = await runSwitchboard(world, ['status', '--json']);
    const snapshot = JSON.parse(json.stdout) as ServersSnapshot;
    expectRefused(snapshot, 'cursor-http', 'owner');
    const text = await runSwitchboard(world, ['status']);
    expect(text.stdout).toContain(`Server "cursor-http" in Cursor's ${join(cursor, 'mcp.json')} may not use \${secret:owner-token}: that secret belongs to server "owner"`);
    expect(text.stdout).toContain(
      `    A keychain secret is used only by the definition it was stored for ("owner"). Give this server its own secret (switchboard add … --token, or edit it in Switchboard), or copy the owner's definition with Copy to host and confirm the re-binding.\n`,
    );
    for (const secret of [HTTP_SECRET, STDIO_SECRET, INPUT_ANSWER]) expect(json.stdout + text.stdout + text.stderr).not.toContain(secret);
    expect(valuesAt('/cursor')).toEqual([]);
    expect(valuesAt('/xcsh')).toEqual([]);
    writeFileSync(join(cursor, 'mcp.json'), JSON.stringify({ mcpServers: {} }));
    writeFileSync(join(xcsh, 'mcp.json'), JSON.stringify({ mcpServers: {} }));
  }, 240_000);

  it('a trusted project file reaching for them is refused the same way', async () => {
    writeProjectConfig(world, {
      'proj-http': { type: 'http', url: `${base}/project`, headers: { 'X-Api-Key': '${secret:owner-token}' } },
      'proj-stdio': envEcho(join(world.root, 'proj-env.json'), { API_KEY: 'prefix-${secret:owner-stdio-api_key}' }),
    });
    await new TrustStore(world.dataDir).trust(world.project);
    seen.length = 0;
    await withCore(async (core) => {
      const snapshot = await snapshotOf(core);
      expectRefused(snapshot, 'proj-http', 'owner');
      expectRefused(snapshot, 'proj-stdio', 'owner-stdio');
      // A door that writes a definition into servers.json (an install link goes through config:add)
      // carries the reference text but no binding: another name in the same file gets nothing.
      const added = await core.handlers['config:add']({ name: 'linked', server: { transport: 'http', url: `${base}/linked`, headers: { Authorization: 'Bearer ${secret:owner-token}' } } });
      expect(added.ok, JSON.stringify(added)).toBe(true);
      await core.settled();
      expectRefused(await snapshotOf(core), 'linked', 'owner');
      expect(await core.handlers['config:remove']({ name: 'linked' })).toMatchObject({ ok: true });
    });
    expect(valuesAt('/linked')).toEqual([]);
    expect(valuesAt('/project')).toEqual([]);
    expect(existsSync(join(world.root, 'proj-env.json'))).toBe(false);
    expect(valuesAt('/own')).toContain(`Bearer ${HTTP_SECRET}`);
    writeProjectConfig(world, {});
  }, 180_000);

  it('Copy to host shares the secret only after the person confirms (rebindSecrets / --rebind-secrets)', async () => {
    await withCore(async (core) => {
      const plain = await core.handlers['config:transfer']({ name: 'owner', to: { host: 'claude-code' }, rename: 'copy-plain' });
      expect(plain.ok, JSON.stringify(plain)).toBe(true);
      expect(plain.ok && plain.data.notes).toContain('${secret:owner-token} not re-bound: the copy "copy-plain" will not get this secret until you confirm (--rebind-secrets, or "re-bind secrets" in the window)');
      const confirmed = await core.handlers['config:transfer']({ name: 'owner', to: { host: 'claude-code' }, rename: 'copy-bound', rebindSecrets: true });
      expect(confirmed.ok && confirmed.data.notes).toContain(`\${secret:owner-token} re-bound: the copy "copy-bound" in ${join(world.home, '.claude.json')} may use it too`);
    });
    seen.length = 0;
    await withCore(async (core) => {
      const snapshot = await snapshotOf(core);
      expectRefused(snapshot, 'copy-plain', 'owner');
      // The confirmed copy reached the listener with the secret (which answers 401 + WWW-Authenticate: a sign-in is asked for).
      expect(stateIn(snapshot, 'copy-bound')?.failure?.code).toBe('auth-required');
    });
    expect(seen.filter((s) => s.headers.includes(`Bearer ${HTTP_SECRET}`)).length).toBeGreaterThanOrEqual(2);
    // The CLI takes the confirmation as a flag; without it the copy is written and says so.
    const without = await runSwitchboard(world, ['export', 'owner-stdio', '--to', 'cursor']);
    expect(without.code, without.stderr).toBe(0);
    expect(without.stdout).toContain('${secret:owner-stdio-api_key} not re-bound');
    const withFlag = await runSwitchboard(world, ['export', 'owner-stdio', '--to', 'gemini', '--rebind-secrets']);
    expect(withFlag.code, withFlag.stderr).toBe(0);
    expect(withFlag.stdout).toContain('${secret:owner-stdio-api_key} re-bound');
    // Attack pass 8, M4: the notes no longer contradict each other (the host cannot read it; Switchboard does, for the bound copy).
    expect(withFlag.stdout).toContain("env.API_KEY holds a Switchboard keychain reference ${secret:owner-stdio-api_key}, which Gemini CLI itself cannot read; only Switchboard fills it in, for a copy the secret is bound to — set the value by hand for Gemini CLI");
    expect(withFlag.stdout).not.toContain('cannot be carried');
    const bindings = JSON.parse(readFileSync(join(world.dataDir, 'secret-bindings.json'), 'utf8'));
    expect(bindings.bindings['secret:owner-stdio-api_key'].holders.map((h: { server: string; file: string }) => [h.server, h.file])).toEqual([
      ['owner-stdio', join(world.dataDir, 'servers.json')],
      ['owner-stdio', join(world.home, '.gemini', 'settings.json')],
    ]);
    const text = readFileSync(join(world.dataDir, 'secret-bindings.json'), 'utf8');
    for (const secret of [HTTP_SECRET, STDIO_SECRET, INPUT_ANSWER]) expect(text).not.toContain(secret);
  }, 240_000);

  it('first start binds a secret stored before bindings existed to the servers.json definition its id names; another one referencing it is refused and listed once; a second start changes nothing', async () => {
    const old = makeWorld();
    const oldService = `mcp-switchboard-test-${randomUUID()}`;
    old.env.SWITCHBOARD_KEYCHAIN_SERVICE = oldService;
    const oldKeychain = new KeytarSecretStore(oldService);
    const legacySecret = `legacy-${randomUUID()}`;
    try {
      await oldKeychain.set('secret:legacy-token', legacySecret);
      writeOwnServers(old, {
        // Listed first: only the id ("legacy-token") says which definition owns it.
        'legacy-mirror': { type: 'http', url: `${base}/mirror`, headers: { Authorization: 'Bearer ${secret:legacy-token}' } },
        legacy: { type: 'http', url: `${base}/legacy`, headers: { Authorization: 'Bearer ${secret:legacy-token}' } },
      });
      const bindingsFile = join(old.dataDir, 'secret-bindings.json');
      expect(existsSync(bindingsFile)).toBe(false);
      const run = async () => {
        seen.length = 0;
        const snapshot = await withTestCore(old, oldKeychain, snapshotOf);
        expectRefused(snapshot, 'legacy-mirror', 'legacy');
        expect(snapshot.warnings.filter((w) => w.message.includes('${secret:legacy-token}'))).toEqual([
          {
            file: join(old.dataDir, 'servers.json'),
            server: 'legacy-mirror',
            ...warningCode('secret-shared'),
            message: `\${secret:legacy-token} is bound to server "legacy" (${join(old.dataDir, 'servers.json')} for ${base}); "legacy-mirror" also references it and will not get it (give each its own secret with switchboard add … --token, or edit the server in Switchboard)`,
          },
        ]);
        expect(valuesAt('/legacy')).toContain(`Bearer ${legacySecret}`);
        expect(valuesAt('/mirror')).toEqual([]);
        return readFileSync(bindingsFile, 'utf8');
      };
      const first = await run();
      expect(first).not.toContain(legacySecret);
      expect(await run()).toBe(first);
    } finally {
      await oldKeychain.delete('secret:legacy-token').catch(() => undefined);
      old.cleanup();
    }
  }, 180_000);
});
