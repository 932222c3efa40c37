/**
 * Issue 9 "done when": a planted-secret scan. Distinctive values are planted where secrets come
 * from — environment values resolved from env names and `${env:}` placeholders, a `!command`'s
 * output, headers and a `--token` given to `add`, a URL's password and `?api_key=`, and real OAuth
 * access/refresh tokens from a real authorization server (keychain) — and servers that echo them
 * back (server-everything's `get-env` and `echo`). Then every surface is searched: the data folder
 * (backups included), logs, trace, history and status through the core, the web host's WebSocket
 * messages, and the `--json` output of every verb in the CLI's command registry. None may hold a
 * planted value.
 *
 * Issue 26 item 2 (the one rule, both ways): also a literal credential under a name that does not
 * look secret (`MY_CONFIG: ghp_…`, `MY_SETTING: <high entropy>`), and a server that fails printing a
 * `?code=` path, a JWT and a high-entropy string on stderr (lastError, logs, history, results); and
 * what is not a secret — a folder from `${SB_DATA_ROOT:-/opt/data-…}`, a plain value — comes back
 * byte for byte in results, with `redactions` counting what the configuration supplied.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { COMMANDS } from './cli/commands/index.js';
import { startWebHost } from '../wires/web-host.js';
import { approveSignIn, waitFor } from '../core/auth/test-browser.js';
import { defaultCredentialId, oauthAccount } from '../core/auth/credential-id.js';
import { startEverythingHttp, type EverythingHttp } from '../core/mcp/testing/test-helpers.js';
import { KeytarSecretStore } from '../core/secrets/secret-store.js';
import { createSwitchboardCore } from '../core/composition/switchboard-core.js';
import { everythingScript, makeWorld, runSwitchboard, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
import type { SwitchboardCore } from '../core/facade/types.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from '../core/auth/fixtures/protected-server.mjs';

const tag = randomUUID().slice(0, 8);
/** A high-entropy string (≥ 32 of [A-Za-z0-9+/_=-], ≥ 4 bits per character): a credential by shape. */
const entropic = (salt: string): string => `Qm4xT9vB2nR7kW1pL8sD3fH6jZ0cV5gY${salt}${tag}`;
const PLANTED = {
  // An env NAME's value under a non-secret key is held only when it looks like a credential (issue 26 item 2).
  envByName: entropic('N'),
  envPlaceholder: `planted-env-placeholder-${tag}`,
  command: `planted-command-${tag}`,
  header: `planted-header-${tag}`,
  token: `planted-add-token-${tag}`,
  urlPassword: `planted-url-pw-${tag}`,
  urlQuery: `planted-url-query-${tag}`,
  literalToken: `ghp_Zx9Kq2Lm8Np4Rt6Vw1Yb3Cd5Ef7Gh${tag}`,
  literalEntropy: entropic('L'),
  stderrCode: `planted-oauth-code-${tag}`,
  stderrJwt: `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwbGFudGVkIn0.${tag}dozjgNryP4J3jVmNHl0w5N`,
  stderrEntropy: entropic('S'),
};
/** Not secrets: they must come back byte for byte (issue 26 item 2). */
const KEPT = { dataRoot: `/opt/data-${tag}`, plain: `plain-visible-value-${tag}` };
const service = `mcp-switchboard-test-${randomUUID()}`;
let world: TempWorld;
let everythingHttp: EverythingHttp;
let prot: { url: string; close(): Promise<void> };
let secrets: KeytarSecretStore;
let core: SwitchboardCore;
const oauthTokens: string[] = [];
const surfaces = new Map<string, string>();
/** The CLI's `call` runs of the registry scan, by argv (checked again for what they keep). */
const cliCalls = new Map<string, { code: number | null; stdout: string; stderr: string }>();

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

/**
 * A get-env result keeps `expected` (byte for byte where not a secret), and `redactions` counts
 * every `[redacted]` in it as the person sees it — in `text`, not again in the content blocks that
 * repeat it (issue 26 item 2, attack 8 F11).
 */
function expectKeptAndCounted(result: { text: string; redactions?: number }, expected: Record<string, string>): void {
  const env = JSON.parse(result.text) as Record<string, string>;
  expect(Object.fromEntries(Object.keys(expected).map((k) => [k, env[k]]))).toEqual(expected);
  const masked = result.text.split('[redacted]').length - 1;
  expect(masked).toBeGreaterThan(0);
  expect(result.redactions).toBe(masked);
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
    envy: {
      command: process.execPath,
      args: [everythingScript(), 'stdio'],
      env: {
        SB_FROM_NAME: 'SB_PLANTED_NAME',
        SB_FROM_COMMAND: `!printf 'planted-command-%s' ${tag}`,
        DATA_ROOT: `\${SB_DATA_ROOT:-${KEPT.dataRoot}}`,
        PLAIN_SETTING: KEPT.plain,
      },
    },
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
        // Literal credentials under names that do not look secret (issue 26 item 2); get-env echoes them.
        lit: { command: process.execPath, args: [everythingScript(), 'stdio'], env: { MY_CONFIG: PLANTED.literalToken, MY_SETTING: PLANTED.literalEntropy } },
        // Its tool's description carries its own token: the tool's pin (tool-pins.json) must not (attack pass, issue 32).
        leaky: { command: process.execPath, args: [fileURLToPath(new URL('../core/mcp/testing/fixtures/leaky-description-server.mjs', import.meta.url))], env: { MY_TOKEN: PLANTED.literalToken } },
        // Fails at start, echoing credentials nobody configured: logs and lastError mask them by shape.
        broken: {
          command: process.execPath,
          args: ['-e', `console.error('GET /callback?state=s1&code=${PLANTED.stderrCode} 500'); console.error('bearer-less ${PLANTED.stderrJwt}'); console.error('key ${PLANTED.stderrEntropy}'); process.exit(3)`],
        },
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
      const env = (await call('tools:call', { server: 'envy', tool: 'get-env', args: {} })) as { ok: true; data: { text: string; redactions?: number } };
      // The server really echoed the planted values (else this scan would prove nothing)…
      expect(JSON.stringify(env)).toContain('[redacted]');
      // …and a result keeps what is not a secret byte for byte (issue 26 item 2), marking each masking.
      expectKeptAndCounted(env.data, { DATA_ROOT: KEPT.dataRoot, PLAIN_SETTING: KEPT.plain, SB_FROM_NAME: '[redacted]', SB_FROM_COMMAND: '[redacted]' });
      const lit = (await call('tools:call', { server: 'lit', tool: 'get-env', args: {} })) as { ok: true; data: { text: string; redactions?: number } };
      expectKeptAndCounted(lit.data, { MY_CONFIG: '[redacted]', MY_SETTING: '[redacted]' });
      for (const server of ['envy', 'hdr', 'prot', 'added', 'tokened', 'lit', 'broken']) {
        await call('tools:call', { server, tool: 'echo', args: { message: `echo ${PLANTED.envByName} ${oauthTokens[0]}` } });
        for (const method of ['logs:get', 'trace:get', 'history:list', 'servers:test', 'auth:status']) surfaces.set(`core ${method} ${server}`, JSON.stringify(await core.handlers[method as 'logs:get']({ server } as never)));
      }
      // The failing server's lastError quotes its stderr, masked by shape (else the scan proves nothing).
      const listed = (await call('servers:list', {})) as { data: { servers: { server: { name: string }; lastError?: string }[] } };
      expect(listed.data.servers.find((x) => x.server.name === 'broken')?.lastError).toContain('code=***');
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
      call: [['call', 'envy', 'get-env', '--args', '{}'], ['call', 'lit', 'get-env', '--args', '{}'], ['call', 'hdr', 'echo', '--args', JSON.stringify({ message: PLANTED.envByName })]],
      resources: [['resources', 'envy']],
      prompts: [['prompts', 'envy']],
      apps: [['apps', 'envy']],
      skills: [['skills', 'envy'], ['skills', 'envy', '--verify']],
      // Without an owner `events subscriptions` says it needs one; the listing runs one-shot.
      events: [['events', 'envy'], ['events', 'subscriptions']],
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
      // No registry listens on port 9: the refusal names it (nothing is installed).
      install: [['install', 'io.example/none', '--registry', 'http://127.0.0.1:9', '--yes']],
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
      idp: [['idp'], ['idp', 'logout', 'nobody']],
      // Without an owner `open` says how to start one (exit 2); with one it prints the address.
      open: [['open', '--no-browser']],
      // The HTTP door's address (the token only with --show-token, not asked here); the stdio door's
      // own output is JSON-RPC, relayed results of the same handlers as `call` (gateway-cli.int).
      gateway: [['gateway', '--host', 'cursor', '--print-http']],
      // The dry run's diff shows the entries it would replace (their secrets redacted); disconnect: not connected.
      connect: [['connect', 'cursor', '--dry-run']],
      disconnect: [['disconnect', 'cursor']],
      guard: [['guard', 'cursor']],
      otlp: [['otlp']],
      // No network here: an unknown registry name answers NOT_FOUND before any registry is asked.
      search: [['search', 'x', '--registry', 'none-such']],
      show: [['show', 'io.example/x', '--registry', 'none-such']],
      registry: [['registry'], ['registry', 'validate', 'no-such-server.json']],
    };
    // serve's output is its URL; its messages are the web host's, scanned above.
    const covered = new Set([...Object.keys(runs), 'serve']);
    expect(COMMANDS.map((c) => c.names[0]!).filter((n) => !covered.has(n))).toEqual([]);
    for (const [verb, list] of Object.entries(runs)) {
      for (const argv of list) {
        const out = await runSwitchboard(world, [...argv, '--json']);
        surfaces.set(`cli ${argv.join(' ')}`, `${out.stdout}\n${out.stderr}`);
        expect(out.code, `${verb}: ${out.stderr}`).not.toBeNull();
        if (verb === 'call') cliCalls.set(argv.join(' '), out);
      }
      if (verb === 'call') {
        const plain = await runSwitchboard(world, ['call', 'lit', 'get-env', '--args', '{}']);
        surfaces.set('cli call lit get-env (text)', `${plain.stdout}\n${plain.stderr}`);
        cliCalls.set('plain call lit get-env', plain);
      }
    }
    for (const file of filesUnder(world.dataDir)) surfaces.set(`data after cli ${file}`, readFileSync(file, 'latin1'));
    expect(leaks()).toEqual({});
  }, 900_000);

  it('call --json (run above) keeps every value the configuration did not supply byte for byte and counts what it masked', () => {
    const envy = cliCalls.get('call envy get-env --args {}')!;
    expect(envy.code, envy.stderr).toBe(0);
    expectKeptAndCounted(JSON.parse(envy.stdout) as { text: string }, { DATA_ROOT: KEPT.dataRoot, PLAIN_SETTING: KEPT.plain, SB_FROM_NAME: '[redacted]', SB_FROM_COMMAND: '[redacted]' });
    const lit = cliCalls.get('call lit get-env --args {}')!;
    const result = JSON.parse(lit.stdout) as { text: string; redactions?: number };
    expectKeptAndCounted(result, { MY_CONFIG: '[redacted]', MY_SETTING: '[redacted]' });
    // Without --json the count is said on stderr.
    expect(cliCalls.get('plain call lit get-env')!.stderr).toContain(`${result.redactions} values from your configuration were masked`);
  });
});
