/**
 * The config verbs as a real child process, for what a first-time user and a breaker found (issue
 * F3): `edit` merges env/headers and says what it wrote (exit 2 when nothing), `remove` twice
 * never takes the next file's copy, `import` from an untrusted project is refused, `export` says
 * what it now shadows, `add --header "Authorization: Bearer …"` keeps the token in the keychain,
 * and `input` reads without echo on a terminal and clears the unresolved flag.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../core/secrets/secret-store.js';
import { CLI_BIN, makeWorld, runSwitchboard, type TempWorld } from '../core/composition/test-world.js';
import type { DiscoveryReport } from './cli/format.js';

let world: TempWorld;
const service = `mcp-switchboard-test-${randomUUID()}`;

function put(path: string, value: unknown): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
  return path;
}
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

beforeAll(() => {
  world = makeWorld();
  world.env.SWITCHBOARD_KEYCHAIN_SERVICE = service;
});
afterAll(async () => {
  const store = new KeytarSecretStore(service);
  for (const account of await store.accounts().catch(() => [])) await store.delete(account).catch(() => undefined);
  world?.cleanup();
});

describe('edit', () => {
  it('--header merges (the ${secret:} Authorization stays), --unset-header removes one, and the output lists what was written', async () => {
    const own = put(join(world.dataDir, 'servers.json'), { mcpServers: { gh: { transport: 'http', url: 'https://g.example/mcp', headers: { Authorization: 'Bearer ${secret:gh-token}', 'X-Old': '1' } } } });
    const run = await runSwitchboard(world, ['edit', 'gh', '--header', 'X-Trace: on', '--unset-header', 'X-Old']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`Updated "gh" in ${own}: headers.X-Trace, headers.X-Old\n`);
    expect(json(own).mcpServers.gh.headers).toEqual({ Authorization: 'Bearer ${secret:gh-token}', 'X-Trace': 'on' });
  });

  it('Codex --description: not "Updated" but what could not be written, exit 2, TOML unchanged', async () => {
    const toml = '[mcp_servers.alpha]\ncommand = "node"\n';
    const file = put(join(world.home, '.codex', 'config.toml'), toml);
    const run = await runSwitchboard(world, ['edit', 'alpha', '--description', 'Alpha server']);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`Nothing written to ${file}: Codex has no place for "description" in its file; not written\n`);
    expect(readFileSync(file, 'utf8')).toBe(toml);
  });

  it('--help documents the merge and the per-key unset', async () => {
    const run = await runSwitchboard(world, ['help', 'edit']);
    expect(run.stdout).toContain('--env K=V         Environment variable, repeatable; edit sets/replaces only these keys');
    expect(run.stdout).toContain('--unset-env K     Remove one environment variable');
    expect(run.stdout).toContain('--unset-header K  Remove one header');
  });
});

describe('remove, import, export', () => {
  it('remove twice: the first takes the winner and names the copy now active, the second refuses to take it without --file', async () => {
    const own = put(join(world.dataDir, 'servers.json'), { mcpServers: { dup: { transport: 'stdio', command: 'a' } } });
    const cursor = put(join(world.home, '.cursor', 'mcp.json'), { mcpServers: { dup: { command: 'b' } } });
    const first = await runSwitchboard(world, ['remove', 'dup']);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`Removed "dup" in ${own}\n  note: "dup" is still defined in Cursor ${cursor} (now active)\n`);
    const second = await runSwitchboard(world, ['rm', 'dup']);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`"dup" was already removed from ${own}`);
    expect(json(cursor).mcpServers.dup).toEqual({ command: 'b' });
    const named = await runSwitchboard(world, ['rm', 'dup', '--file', cursor]);
    expect(named.code).toBe(0);
    expect(json(cursor).mcpServers).toEqual({});
  });

  it('import from an untrusted project folder is refused (exit 2, file untouched); --trust vouches for it', async () => {
    const own = put(join(world.dataDir, 'servers.json'), { mcpServers: {} });
    const projectFile = put(join(world.project, '.mcp.json'), { mcpServers: { evil: { command: 'sh', args: ['-c', 'id'] } } });
    const refused = await runSwitchboard(world, ['import', 'evil']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`"evil" comes from ${projectFile} in the project folder ${world.project}, which you have not trusted`);
    expect(json(own).mcpServers).toEqual({});
    const vouched = await runSwitchboard(world, ['import', 'evil', '--trust']);
    expect(vouched.code).toBe(0);
    expect(vouched.stdout).toContain(`now shadows Claude Code ${projectFile}`);
    expect(json(own).mcpServers.evil).toEqual({ transport: 'stdio', command: 'sh', args: ['-c', 'id'] });
  });

  it('export into a higher-ranked host prints what the copy now shadows', async () => {
    const cursor = put(join(world.home, '.cursor', 'mcp.json'), { mcpServers: { web: { url: 'https://w.example/mcp' } } });
    const run = await runSwitchboard(world, ['export', 'web', '--to', 'claude-code']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`now shadows Cursor ${cursor}: this copy is the one Switchboard runs`);
  });
});

describe('secrets on the command line', () => {
  it('add --header "Authorization: Bearer LITERAL" keeps the token in the keychain; another host needs --allow-literal-secrets', async () => {
    const own = put(join(world.dataDir, 'servers.json'), { mcpServers: {} });
    const run = await runSwitchboard(world, ['add', 'api', '--url', 'https://api.example/mcp', '--header', 'Authorization: Bearer LITERAL-tok']);
    expect(run.code).toBe(0);
    expect(readFileSync(own, 'utf8')).not.toContain('LITERAL-tok');
    expect(json(own).mcpServers.api.headers).toEqual({ Authorization: 'Bearer ${secret:api-authorization}' });
    expect(await new KeytarSecretStore(service).get('secret:api-authorization')).toBe('LITERAL-tok');
    const cursor = await runSwitchboard(world, ['add', 'api2', '--host', 'cursor', '--url', 'https://api.example/mcp', '--header', 'X-Api-Key: k1']);
    // A refusal that asks for a flag is a usage error: 64, as README's exit-code table says (attack pass: it was 2).
    expect(cursor.code).toBe(64);
    expect(cursor.stderr).toContain("headers.X-Api-Key would be written to Cursor's file as plain text");
  });

  it('input <id> with nothing on stdin says so (exit 64) instead of hanging', async () => {
    const run = await runSwitchboard(world, ['input', 'nothing']);
    expect(run.code).toBe(64);
    expect(run.stderr).toContain('No value given for ${input:nothing}');
  });

  it('input <id> on a terminal does not echo the answer, and servers no longer lists input:<id> as unresolved', async () => {
    put(join(world.xdgConfig, 'Code', 'User', 'mcp.json'), { servers: { vs: { type: 'http', url: 'https://v.example/mcp', headers: { Authorization: 'Bearer ${input:vs-key}' } } } });
    const unresolved = async () => (JSON.parse((await runSwitchboard(world, ['servers', '--json'])).stdout) as DiscoveryReport).servers.find((s) => s.name === 'vs')?.unresolved;
    expect(await unresolved()).toEqual(['input:vs-key']);
    // `script` gives the CLI a pseudo-terminal; the answer is typed only once the prompt is there
    // (typed earlier, the terminal's own cooked mode would echo it).
    const cmd = [process.execPath, CLI_BIN, 'input', 'vs-key'].map((a) => `'${a}'`).join(' ');
    const child = spawn('script', ['-qec', cmd, '/dev/null'], { cwd: world.project, env: world.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const deadline = Date.now() + 90_000; // a loaded machine may take long to start node; only a hang should miss it
    while (!out.includes('not shown as you type') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(out).toContain('Value for ${input:vs-key} (not shown as you type): ');
    child.stdin.write('typed-s3cret\r');
    const code = await new Promise<number | null>((r) => child.on('close', r));
    expect(code).toBe(0);
    expect(out).toContain('Stored the answer to ${input:vs-key} in the OS keychain');
    expect(out).not.toContain('typed-s3cret');
    expect(await new KeytarSecretStore(service).get('input:vs-key')).toBe('typed-s3cret');
    expect(await unresolved()).toEqual([]);
  });
});

describe('usage refusals exit 64 (attack pass: they exited 2)', () => {
  it('a server name the file cannot hold is refused before anything is written', async () => {
    const run = await runSwitchboard(world, ['add', 'bad name', '--url', 'https://api.example/mcp']);
    expect(run.code).toBe(64);
    expect(run.stderr.trim()).toBe('Invalid server config: server name may only contain letters, digits, "_", "." and "-" (got "bad name")');
    // A newline in the name is shown escaped, on one line (a "break it" trial: it was printed raw).
    const newline = await runSwitchboard(world, ['add', 'a\nb', '--url', 'https://api.example/mcp']);
    expect(newline.code).toBe(64);
    expect(newline.stderr.trim()).toBe('Invalid server config: server name may only contain letters, digits, "_", "." and "-" (got "a\\nb")');
  });
});
