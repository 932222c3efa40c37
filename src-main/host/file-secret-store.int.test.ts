/**
 * No keychain (issue 14 item 11), as real child processes with no Secret Service reachable (the
 * D-Bus address points nowhere, as on a headless box over SSH): with the explicit opt-in
 * `SWITCHBOARD_SECRET_STORE=file` an OAuth sign-in against the real test authorization server
 * works, the token lands in `secrets.json` mode 600, the next process uses it, every command
 * warns, and status lists the store; without the opt-in the same sign-in and `add --token` fail
 * with the keychain error and write no file — never a silent fallback.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServersSnapshot } from '../../src-shared/api/status.js';
import { approveSignIn } from '../core/auth/test-browser.js';
import { CLI_BIN, makeWorld, runSwitchboard, writeOwnServers, type TempWorld } from '../core/composition/test-world.js';
// @ts-expect-error a plain-JS test fixture without types
import { startProtectedServer } from '../core/auth/fixtures/protected-server.mjs';

let world: TempWorld;
let server: { url: string; close(): Promise<void> };
let secretsFile: string;

beforeAll(async () => {
  world = makeWorld();
  // No Secret Service: a bus address that cannot exist.
  world.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/switchboard-test-bus';
  delete world.env.SWITCHBOARD_SECRET_STORE;
  server = await startProtectedServer();
  writeOwnServers(world, { prot: { type: 'http', url: server.url, auth: { type: 'oauth' } } });
  secretsFile = join(world.dataDir, 'secrets.json');
});
afterAll(async () => {
  await server?.close();
  world?.cleanup();
});

/** `switchboard reauth prot --no-browser`, approving the printed URL; resolves to its exit code and output. */
async function signIn(env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI_BIN, 'reauth', 'prot', '--no-browser', '--timeout', '30'], { cwd: world.project, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const url = await new Promise<string | undefined>((resolve) => {
    const tick = setInterval(() => {
      const found = /^\s+(http\S+)$/m.exec(stdout)?.[1];
      if (found) {
        clearInterval(tick);
        resolve(found);
      }
    }, 50);
    void exited.then(() => {
      clearInterval(tick);
      resolve(undefined);
    });
  });
  if (url) expect((await approveSignIn(url)).status).toBe(200);
  const code = await exited;
  clearTimeout(timer);
  return { code, stdout, stderr };
}

describe('without a keychain', () => {
  it('no opt-in: sign-in and add --token fail with the keychain error and no file is written', async () => {
    const add = await runSwitchboard(world, ['add', 'tok', '--url', 'https://api.example/mcp', '--token', 'plain-token-value']);
    expect(add.code).not.toBe(0);
    expect(add.stderr).toContain('The OS keychain is not available');
    expect(add.stderr).toContain('SWITCHBOARD_SECRET_STORE=file');
    const reauth = await signIn(world.env);
    expect(reauth.code).not.toBe(0);
    expect(reauth.stderr).toContain('The OS keychain is not available');
    expect(existsSync(secretsFile)).toBe(false);
    expect(readFileSync(join(world.dataDir, 'servers.json'), 'utf8')).not.toContain('plain-token-value');
    // A definition with nothing secret to store needs no keychain (a trial's plain `add` failed here).
    const plain = await runSwitchboard(world, ['add', 'plain', '--', process.execPath, 'server.js']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(world.dataDir, 'servers.json'), 'utf8')) as unknown).toMatchObject({ mcpServers: { plain: { command: process.execPath, args: ['server.js'] } } });
    // Nor does a plain value in env, nor any edit (issue 32 new-user trial: both failed with the
    // keychain error, as every write listed the keychain's accounts first).
    const withEnv = await runSwitchboard(world, ['add', 'plain-env', '--env', 'LOG_LEVEL=debug', '--', process.execPath, 'server.js']);
    expect(withEnv.code, withEnv.stderr).toBe(0);
    const edited = await runSwitchboard(world, ['edit', 'plain', '--env', 'LOG_LEVEL=info', '--description', 'a plain server']);
    expect(edited.code, edited.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(world.dataDir, 'servers.json'), 'utf8')) as unknown).toMatchObject({
      mcpServers: { 'plain-env': { env: { LOG_LEVEL: 'debug' } }, plain: { env: { LOG_LEVEL: 'info' }, description: 'a plain server' } },
    });
    // A secret in env still needs somewhere to go: refused with the keychain's message, nothing written.
    const secret = await runSwitchboard(world, ['add', 'secret-env', '--env', 'API_KEY=sk-live-1234567890abcdef', '--', process.execPath, 'server.js']);
    expect(secret.code).not.toBe(0);
    expect(secret.stderr).toContain('The OS keychain is not available');
    expect(readFileSync(join(world.dataDir, 'servers.json'), 'utf8')).not.toContain('sk-live-1234567890abcdef');
  }, 120_000);

  it('SWITCHBOARD_SECRET_STORE=file: signs in, token in secrets.json (mode 600), the next process uses it; every start warns; status lists it', async () => {
    const env = { ...world.env, SWITCHBOARD_SECRET_STORE: 'file' };
    const reauth = await signIn(env);
    expect(reauth.stderr).toMatch(/^Warning: secrets \(OAuth tokens, --token values, \$\{input:\} answers\) are kept in a plain file, .*secrets\.json \(mode 600\), because SWITCHBOARD_SECRET_STORE chose the file store/);
    expect(reauth.code).toBe(0);
    expect(reauth.stdout).toContain('Signed in to "prot"; connected with 2 tools.');
    expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
    expect(Object.keys((JSON.parse(readFileSync(secretsFile, 'utf8')) as { secrets: object }).secrets).length).toBeGreaterThan(0);

    const saved = world.env;
    world.env = env;
    try {
      const call = await runSwitchboard(world, ['call', 'prot', 'whoami']);
      expect(call.code).toBe(0);
      expect(call.stdout).toContain('scopes mcp:tools mcp:admin');
      expect(call.stderr).toContain(`are kept in a plain file, ${secretsFile}`);

      const json = await runSwitchboard(world, ['status', '--json']);
      const snapshot = JSON.parse(json.stdout) as ServersSnapshot;
      expect(snapshot.secretStore).toEqual({ kind: 'file', file: secretsFile, chosenBy: 'SWITCHBOARD_SECRET_STORE' });
      expect(snapshot.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ file: secretsFile, severity: 'note' })]));
      const text = await runSwitchboard(world, ['status']);
      expect(text.stdout).toContain(`Secrets: in a file, ${secretsFile} (chosen by SWITCHBOARD_SECRET_STORE)`);

      const out = await runSwitchboard(world, ['unauth', 'prot']);
      expect(out.code).toBe(0);
      expect(statSync(secretsFile).mode & 0o777).toBe(0o600);
    } finally {
      world.env = saved;
    }
  }, 150_000);

  it('file store: add --token says where the token went (not "the OS keychain"); a header Authorization beside --token is refused, not dropped (attack pass)', async () => {
    const env = { ...world.env, SWITCHBOARD_SECRET_STORE: 'file' };
    const saved = world.env;
    world.env = env;
    try {
      const add = await runSwitchboard(world, ['add', 'tok2', '--url', 'https://api.example/mcp', '--token', 'file-token-value-1']);
      expect(add.code).toBe(0);
      expect(add.stdout).toContain(`Token stored in the secret file ${secretsFile}; servers.json holds the reference`);
      expect(add.stdout).not.toContain('OS keychain');

      const both = await runSwitchboard(world, ['add', 'tok3', '--url', 'https://api.example/mcp', '--header', 'Authorization: Bearer header-value-1', '--token', 'file-token-value-2']);
      expect(both.code).toBe(64);
      expect(both.stderr).toContain('--token sets the Authorization header, and a header "Authorization" was given too; give one of them');
      expect(readFileSync(join(world.dataDir, 'servers.json'), 'utf8')).not.toContain('tok3');
    } finally {
      world.env = saved;
    }
  }, 120_000);
});
