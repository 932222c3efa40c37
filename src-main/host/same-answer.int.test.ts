/**
 * Both doors give the same answer (issue 11 item 1): a table of requests run through the UI's wire
 * (the WebSocket host, as web mode uses it) and through the CLI (no owner: a one-shot core), each
 * in its own identical sandbox; the answers and every file written must be the same (paths
 * normalised). The rules live once, in the core's handlers — this is what holds them there.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput, MethodName } from '../../src-shared/api/contract.js';
import { createSwitchboardCore } from '../core/composition/switchboard-core.js';
import type { SwitchboardCore } from '../core/facade/types.js';
import { everythingScript, makeWorld, runSwitchboard, type TempWorld } from '../core/composition/test-world.js';
import { connectToOwner, type RemoteApi } from '../wires/remote-api.js';
import { startWebHost, type WebHost } from '../wires/web-host.js';

interface Row<M extends MethodName = MethodName> {
  what: string;
  method: M;
  input: MethodInput<M>;
  cli: string[];
}
const row = <M extends MethodName>(r: Row<M>): Row => r as unknown as Row;

// Requests in order; state accumulates the same way in both sandboxes.
const ROWS: Row[] = [
  row({ what: "a literal X-Api-Key into Cursor's file is refused", method: 'config:add', input: { name: 'k', server: { transport: 'http', url: 'https://k.example/mcp', headers: { 'X-Api-Key': 'abc123' } }, target: { host: 'cursor' } }, cli: ['add', 'k', '--host', 'cursor', '--url', 'https://k.example/mcp', '--header', 'X-Api-Key: abc123'] }),
  row({ what: '… and written with the explicit yes', method: 'config:add', input: { name: 'k', server: { transport: 'http', url: 'https://k.example/mcp', headers: { 'X-Api-Key': 'abc123' } }, target: { host: 'cursor' }, allowLiteralSecrets: true }, cli: ['add', 'k', '--host', 'cursor', '--url', 'https://k.example/mcp', '--header', 'X-Api-Key: abc123', '--allow-literal-secrets'] }),
  row({ what: "a secret env value into Switchboard's servers.json becomes ${secret:}", method: 'config:add', input: { name: 'own', server: { transport: 'stdio', command: 'node', args: ['s.js'], env: { API_KEY: 's3cret' } } }, cli: ['add', 'own', '--env', 'API_KEY=s3cret', '--', 'node', 's.js'] }),
  row({ what: 'a secret header into VS Code becomes ${input:} with its inputs entry', method: 'config:add', input: { name: 'vs', server: { transport: 'http', url: 'https://v.example/mcp', headers: { Authorization: 'Bearer tok-1' } }, target: { host: 'vscode', scope: 'project' } }, cli: ['add', 'vs', '--host', 'vscode', '--scope', 'project', '--url', 'https://v.example/mcp', '--header', 'Authorization: Bearer tok-1'] }),
  row({ what: 'edit merges a header', method: 'config:update', input: { name: 'k', patch: { headers: { 'X-Trace': 'on' } } }, cli: ['edit', 'k', '--header', 'X-Trace: on'] }),
  row({ what: 'edit a secret literal into Cursor is refused', method: 'config:update', input: { name: 'k', patch: { headers: { 'X-Other-Token': 'zzz' } } }, cli: ['edit', 'k', '--header', 'X-Other-Token: zzz'] }),
  row({ what: 'disable (Switchboard only for Cursor)', method: 'config:setEnabled', input: { name: 'k', enabled: false }, cli: ['disable', 'k'] }),
  row({ what: 'export to Claude Desktop', method: 'config:transfer', input: { name: 'own', to: { host: 'claude-desktop' } }, cli: ['export', 'own', '--to', 'claude-desktop'] }),
  row({ what: 'remove an unknown server', method: 'config:remove', input: { name: 'ghost' }, cli: ['remove', 'ghost'] }),
  row({ what: 'remove', method: 'config:remove', input: { name: 'own' }, cli: ['remove', 'own'] }),
];

let wsWorld: TempWorld;
let cliWorld: TempWorld;
let core: SwitchboardCore;
let host: WebHost;
let api: RemoteApi;

/** Every file under `root` (config files, data folder) as text, paths relative, the sandbox root replaced. */
function filesOf(world: TempWorld): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(world.root, path);
      // Backups are timestamped; locks, logs and state (and its previous version) are process facts, not answers.
      if (/^data\/(backups|logs|locks?)\b|\.lock$|state\.json(\.prev)?$/.test(rel)) continue;
      if (statSync(path).isDirectory()) walk(path);
      else out[rel] = readFileSync(path, 'utf8').split(world.root).join('<root>');
    }
  };
  walk(world.root);
  return out;
}

const normalise = (world: TempWorld, value: unknown): unknown => JSON.parse(JSON.stringify(value).split(world.root).join('<root>'));

function sandbox(): TempWorld {
  const w = makeWorld();
  // Secrets in the file store (the person's choice, issue 14 item 11): comparable, no keychain needed.
  w.env.SWITCHBOARD_SECRET_STORE = 'file';
  return w;
}

beforeAll(async () => {
  wsWorld = sandbox();
  cliWorld = sandbox();
  core = createSwitchboardCore({
    platform: wsWorld.platform,
    projectDir: wsWorld.project,
    dataDir: wsWorld.dataDir,
    mode: 'web',
    version: '9.9.9',
    referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] },
  }, { watchConfig: false });
  await core.start();
  host = await startWebHost({ core, port: 0 });
  api = await connectToOwner({ port: host.port, token: host.token });
}, 180_000);

afterAll(async () => {
  api?.close();
  await host?.close();
  await core?.dispose();
  wsWorld?.cleanup();
  cliWorld?.cleanup();
});

describe('the same request through the WebSocket wire and the CLI gives the same answer and the same files', () => {
  it.each(ROWS.map((r, i) => [i + 1, r.what, r] as const))('%i. %s', async (_n, _what, r) => {
    const viaWire = await api.call(r.method, r.input as never);
    const viaCli = await runSwitchboard(cliWorld, ['--json', ...r.cli]);
    const wireAnswer = normalise(wsWorld, viaWire.ok ? viaWire.data : { error: viaWire.error });
    const cliAnswer = normalise(cliWorld, JSON.parse(viaCli.stdout));
    expect(cliAnswer).toEqual(wireAnswer);
    expect(viaCli.code).toBe(viaWire.ok ? 0 : viaWire.error.code === 'BAD_REQUEST' ? 64 : 2);
    expect(filesOf(cliWorld)).toEqual(filesOf(wsWorld));
  }, 120_000);

  it('the literal-secret rows wrote what the rules say (not only the same thing)', () => {
    const files = filesOf(cliWorld);
    const cursor = JSON.parse(files['home/.cursor/mcp.json']!) as { mcpServers: Record<string, { headers: Record<string, string> }> };
    expect(cursor.mcpServers.k!.headers).toEqual({ 'X-Api-Key': 'abc123', 'X-Trace': 'on' });
    const vscode = JSON.parse(files['project/.vscode/mcp.json']!) as { servers: Record<string, { headers: Record<string, string> }>; inputs: unknown[] };
    expect(vscode.servers.vs!.headers).toEqual({ Authorization: 'Bearer ${input:vs-authorization}' });
    expect(vscode.inputs).toEqual([{ type: 'promptString', id: 'vs-authorization', description: 'Secret for the MCP server "vs" (kept by MCP Switchboard in the OS keychain)', password: true }]);
    expect(existsSync(join(cliWorld.dataDir, 'secrets.json'))).toBe(true);
    expect(readFileSync(join(cliWorld.dataDir, 'secrets.json'), 'utf8')).toContain('input:vs-authorization');
  });
});
