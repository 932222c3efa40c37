/**
 * Issue 9 "done when": a planted-secret scan. Distinctive values are planted where secrets come
 * from — environment values resolved from env names and `${env:}` placeholders, a `!command`'s
 * output, headers and a `--token` given to `add`, a URL's password and `?api_key=`, and real OAuth
 * access/refresh tokens from a real authorization server (keychain) — and servers that echo them
 * back (server-everything's `get-env` and `echo`). Then every surface is searched: the data folder
 * (backups included), logs, trace, history and status through the core, the web host's WebSocket
 * messages, and the `--json` output of every verb in the CLI's command registry. None may hold a
 * planted value.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { COMMANDS } from './cli/commands/index.js';
import { startWebHost } from '../wires/web-host.js';
import { approveSignIn, waitFor } from '../core/auth/test-browser.js';
import { defaultCredentialId, oauthAccount } from '../core/auth/credential-id.js';
import { startEverythingHttp, type EverythingHttp } from '../core/mcp/test-helpers.js';
import { KeytarSecretStore } from '../core/secrets/secret-store.js';
import { createSwitchboardCore } from '../core/switchboard-core.js';
import { everythingScript, makeWorld, runSwitchboard, writeOwnServers, type TempWorld } from '../core/test-world.js';
import type { SwitchboardCore } from '../core/types.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from '../core/auth/fixtures/protected-server.mjs';

const tag = randomUUID().slice(0, 8);
const PLANTED = {
  envByName: `planted-env-name-${tag}`,
  envPlaceholder: `planted-env-placeholder-${tag}`,
  command: `planted-command-${tag}`,
  header: `planted-header-${tag}`,
  token: `planted-add-token-${tag}`,
  urlPassword: `planted-url-pw-${tag}`,
  urlQuery: `planted-url-query-${tag}`,
};
const service = `mcp-switchboard-test-${randomUUID()}`;
let world: TempWorld;
let everythingHttp: EverythingHttp;
let prot: { url: string; close(): Promise<void> };
let secrets: KeytarSecretStore;
let core: SwitchboardCore;
const oauthTokens: string[] = [];
const surfaces = new Map<string, string>();

const planted = (): string[] => [...Object.values(PLANTED), ...oauthTokens];
/** The planted values found in `text` (by surface name, for a readable failure). */
function leaks(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [surface, text] of surfaces) {
    const found = planted().filter((v) => text.includes(v));
    if (found.length > 0) out[surface] = found;
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  world = makeWorld();
  world.env.SWITCHBOARD_KEYCHAIN_SERVICE = service;
  Object.assign(world.env, { SB_PLANTED_NAME: PLANTED.envByName, SB_PLANTED_PLACEHOLDER: PLANTED.envPlaceholder });
  secrets = new KeytarSecretStore(service);
  everythingHttp = await startEverythingHttp('streamableHttp');
  prot = (await startProtectedServer()) as typeof prot;
  const url = new URL(everythingHttp.url);
  writeOwnServers(world, {
    // env by NAME (docs/auth.md resolution) and a !command; server-everything's get-env echoes both.
    envy: { command: process.execPath, args: [everythingScript(), 'stdio'], env: { SB_FROM_NAME: 'SB_PLANTED_NAME', SB_FROM_COMMAND: `!printf 'planted-command-%s' ${tag}` } },
    prot: { type: 'http', url: prot.url, auth: { type: 'oauth' } },
  });
  // Another host's file: ${env:} expansion in a header, a URL password and a secret query value.
  mkdirSync(join(world.home, '.cursor'), { recursive: true });
  writeFileSync(
    join(world.home, '.cursor', 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        hdr: {
          url: `http://alice:${PLANTED.urlPassword}@${url.host}/mcp?api_key=${PLANTED.urlQuery}`,
          headers: { 'X-Api-Key': '${env:SB_PLANTED_PLACEHOLDER}' },
        },
        'plain-cursor': { url: everythingHttp.url },
      },
    }),
  );
  // A header and a --token given to the CLI go to the keychain, never to a file.
  expect((await runSwitchboard(world, ['add', 'added', '--url', everythingHttp.url, '--header', `X-Secret-Key: ${PLANTED.header}`])).code).toBe(0);
  expect((await runSwitchboard(world, ['add', 'tokened', '--url', everythingHttp.url, '--token', PLANTED.token])).code).toBe(0);
  core = createSwitchboardCore(
    { platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] }, secrets, oauthFlowTimeoutMs: 20_000 },
    { eventDelayMs: 5 },
  );
  await core.start();
  await core.settled();
  // Real OAuth tokens.
  const start = await core.handlers['auth:signIn']({ server: 'prot' });
  if (!start.ok || start.data.status !== 'pending') throw new Error(`sign-in did not start: ${JSON.stringify(start)}`);
  await approveSignIn(start.data.authorizationUrl);
  await waitFor('prot connected', async () => {
    const list = await core.handlers['servers:list']({});
    return list.ok && list.data.servers.find((s) => s.server.name === 'prot')?.status === 'connected';
  });
  const stored = JSON.parse((await secrets.get(oauthAccount(defaultCredentialId(prot.url)!)))!) as { tokens: { access_token: string; refresh_token: string } };
  oauthTokens.push(stored.tokens.access_token, stored.tokens.refresh_token);
}, 120_000);

afterAll(async () => {
  await core?.dispose();
  for (const account of await secrets.accounts().catch(() => [])) await secrets.delete(account).catch(() => undefined);
  await prot?.close();
  await everythingHttp?.stop();
  world?.cleanup();
});

describe('planted-secret scan (issue 9)', () => {
  it('core surfaces and the web host’s messages hold no planted value, though servers echo them', async () => {
    const host = await startWebHost({ core });
    const frames: string[] = [];
    const ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${host.token}`, { origin: `http://127.0.0.1:${host.port}` });
    ws.on('message', (data: Buffer) => frames.push(data.toString()));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    let id = 0;
    const call = (method: string, input: unknown) =>
      new Promise<unknown>((resolve) => {
        const mine = ++id;
        const onMessage = (data: Buffer) => {
          const msg = JSON.parse(data.toString()) as { type: string; id?: number; result?: unknown };
          if (msg.type === 'result' && msg.id === mine) {
            ws.off('message', onMessage);
            resolve(msg.result);
          }
        };
        ws.on('message', onMessage);
        ws.send(JSON.stringify({ type: 'call', id: mine, method, input }));
      });
    try {
      const env = await call('tools:call', { server: 'envy', tool: 'get-env', args: {} });
      // The server really echoed the planted values (else this scan would prove nothing)…
      expect(JSON.stringify(env)).toContain('[redacted]');
      for (const server of ['envy', 'hdr', 'prot', 'added', 'tokened']) {
        await call('tools:call', { server, tool: 'echo', args: { message: `echo ${PLANTED.envByName} ${oauthTokens[0]}` } });
        for (const method of ['logs:get', 'trace:get', 'history:list', 'servers:test', 'auth:status']) surfaces.set(`core ${method} ${server}`, JSON.stringify(await core.handlers[method as 'logs:get']({ server } as never)));
      }
      for (const method of ['servers:list', 'config:hosts', 'tools:list', 'history:list']) surfaces.set(`ws ${method}`, JSON.stringify(await call(method, {})));
      await waitFor('events delivered', () => frames.some((f) => f.includes('history:appended')));
      surfaces.set('ws frames', frames.join('\n'));
    } finally {
      ws.close();
      await host.close();
    }
    for (const file of filesUnder(world.dataDir)) surfaces.set(`data ${file}`, readFileSync(file, 'latin1'));
    expect(leaks()).toEqual({});
  }, 180_000);

  it('the --json output of every verb in the CLI’s command registry holds no planted value', async () => {
    await core.dispose(); // one-shot CLI runs own the servers now
    const runs: Record<string, string[][]> = {
      status: [['status']],
      servers: [['servers'], ['servers', '--host', 'cursor']],
      tools: [['tools'], ['tools', 'envy', '--catalog']],
      describe: [['describe', 'mcp_envy_get_env']],
      history: [['history'], ['history', 'envy']],
      call: [['call', 'envy', 'get-env', '--args', '{}'], ['call', 'hdr', 'echo', '--args', JSON.stringify({ message: PLANTED.envByName })]],
      resources: [['resources', 'envy']],
      prompts: [['prompts', 'envy']],
      logs: [['logs', 'envy']],
      trace: [['trace', 'envy'], ['trace', 'hdr', '--method', 'initialize']],
      // Without an owner `channels` reads channels.jsonl and `triggers` says it needs one.
      channels: [['channels'], ['channels', '--server', 'envy']],
      triggers: [['triggers']],
      test: [['test', 'hdr'], ['test', 'prot']],
      start: [['start', 'envy']],
      stop: [['stop', 'envy']],
      restart: [['restart', 'envy']],
      reload: [['reload']],
      trust: [['trust'], ['trust', '--review']],
      check: [['check']],
      pins: [['pins'], ['pins', 'envy']],
      budget: [['budget'], ['budget', '--host', 'cursor']],
      // Without an owner `tasks` says it needs one.
      tasks: [['tasks'], ['tasks', 'envy']],
      input: [['input', 'some-id']],
      add: [['add', 'later', '--url', 'http://127.0.0.1:9/mcp']],
      edit: [['edit', 'later', '--header', `Authorization: Bearer ${PLANTED.header}`]],
      disable: [['disable', 'later']],
      enable: [['enable', 'later']],
      // Not to Cursor: its file holds the planted URL, and a backup is a byte copy of the host's own file.
      export: [['export', 'later', '--to', 'windsurf']],
      import: [['import', 'plain-cursor']],
      remove: [['remove', 'later']],
      reauth: [['reauth', 'prot', '--no-browser', '--timeout', '1']],
      unauth: [['unauth', 'prot']],
      // Without an owner `open` says how to start one (exit 2); with one it prints the address.
      open: [['open', '--no-browser']],
    };
    // serve's output is its URL; its messages are the web host's, scanned above.
    const covered = new Set([...Object.keys(runs), 'serve']);
    expect(COMMANDS.map((c) => c.names[0]!).filter((n) => !covered.has(n))).toEqual([]);
    for (const [verb, list] of Object.entries(runs)) {
      for (const argv of list) {
        const out = await runSwitchboard(world, [...argv, '--json']);
        surfaces.set(`cli ${argv.join(' ')}`, `${out.stdout}\n${out.stderr}`);
        expect(out.code, `${verb}: ${out.stderr}`).not.toBeNull();
      }
    }
    for (const file of filesUnder(world.dataDir)) surfaces.set(`data after cli ${file}`, readFileSync(file, 'latin1'));
    expect(leaks()).toEqual({});
  }, 900_000);
});
