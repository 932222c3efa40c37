/**
 * Installing from an MCP Registry through the real core (issue 36 item 3): the fixture registry
 * (registry/fixtures) on a loopback socket serves, besides its own entries, the filesystem
 * server's npm package (the version in node_modules) with a required directory argument and a
 * secret environment variable, and an MCPB bundle; the plan shows the exact
 * command and the files; the install for Claude Code writes the definition into servers.json with
 * the secret as a keychain reference (the real OS keychain: run inside `bash /work/kr.sh`), a
 * gateway entry into ~/.claude.json holding no secret, and the server connects with its tools —
 * also through the gateway door the entry names.
 *
 * The definition says `npx -y @modelcontextprotocol/server-filesystem@2026.8.31`, as a user gets it.
 * Tests never run npx (it would reach the network): a test-only `npx` first on the core's PATH
 * runs exactly that package from node_modules and refuses anything else, so the written command is
 * what connects.
 */
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, runSwitchboard, waitFor, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import { startCore, type CoreHarness } from '../channels/test-fixtures.js';
import { writeCachedAnswer } from '../registry/registry-cache.js';
import { versionPath } from '../registry/registry-client.js';
import { startRegistryFixture, type RegistryFixture } from '../registry/fixtures/registry-fixture-kit.js';

const PKG = '@modelcontextprotocol/server-filesystem';
const VERSION = (createRequire(import.meta.url)(`${PKG}/package.json`) as { version: string }).version;
const BIN = join(createRequire(import.meta.url).resolve(`${PKG}/package.json`), '..', 'dist', 'index.js');
const SECRET = 'fs-secret-value-8d1f2a7c';

const entry = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
  name: 'io.github.modelcontextprotocol/filesystem',
  description: 'Secure file operations with configurable access controls',
  version: VERSION,
  packages: [
    {
      registryType: 'npm',
      identifier: PKG,
      version: VERSION,
      transport: { type: 'stdio' },
      packageArguments: [{ type: 'positional', valueHint: 'directory', isRequired: true, description: 'A folder the server may read' }],
      environmentVariables: [{ name: 'FS_AUDIT_TOKEN', isRequired: true, isSecret: true, description: 'Audit token' }],
    },
  ],
};

/** Test-only npx first on the world's PATH: exactly this package from node_modules, nothing else. */
function npxShim(w: TempWorld): void {
  const bin = join(w.root, 'bin');
  mkdirSync(bin);
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh\nif [ "$1" = "-y" ] && [ "$2" = "${PKG}@${VERSION}" ]; then shift 2; exec "${process.execPath}" "${BIN}" "$@"; fi\necho "test npx: refused $*" >&2\nexit 97\n`,
  );
  chmodSync(join(bin, 'npx'), 0o755);
  w.env.PATH = `${bin}${delimiter}${w.env.PATH ?? ''}`;
}

/** An MCPB bundle whose server runs the filesystem server from node_modules, and its entry. */
async function bundleEntry(): Promise<{ entry: Record<string, unknown>; bytes: Buffer }> {
  const zip = new JSZip();
  const manifest = {
    manifest_version: '0.2',
    name: 'files',
    version: '1.0.0',
    server: { type: 'node', entry_point: 'server/index.mjs', mcp_config: { command: 'node', args: ['${__dirname}/server/index.mjs', '${user_config.folder}'] } },
    user_config: { folder: { type: 'directory', title: 'Folder', required: true } },
    compatibility: { platforms: [process.platform] },
  };
  zip.file('manifest.json', JSON.stringify(manifest), { createFolders: false });
  zip.file('server/index.mjs', `await import(${JSON.stringify(pathToFileURL(BIN).href)});\n`, { createFolders: false });
  const bytes = await zip.generateAsync({ type: 'nodebuffer', platform: 'UNIX' });
  const sha = createHash('sha256').update(bytes).digest('hex');
  return {
    bytes,
    entry: { name: 'io.example/files', description: 'Files from a bundle', version: '1.0.0', packages: [{ registryType: 'mcpb', identifier: '', fileSha256: sha, transport: { type: 'stdio' } }] },
  };
}

let world: TempWorld;
let h: CoreHarness;
let fixture: RegistryFixture;
let registryUrl = '';
let shared = '';

beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, {});
  // The fixture registry (registry/fixtures), with two entries of this test: the filesystem package
  // with a secret input, and an MCPB bundle served under /files/.
  const bundle = await bundleEntry();
  const meta = { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } };
  fixture = await startRegistryFixture({ extraEntries: [{ server: entry, _meta: meta }, { server: bundle.entry, _meta: meta }], files: { 'files.mcpb': bundle.bytes } });
  registryUrl = fixture.url;
  ((bundle.entry.packages as { identifier: string }[])[0] as { identifier: string }).identifier = `${registryUrl}/files/files.mcpb`;
  npxShim(world);
  shared = join(world.root, 'shared');
  mkdirSync(shared);
  writeFileSync(join(shared, 'hello.txt'), 'hello');
  h = await startCore(world);
}, 120_000);

afterAll(async () => {
  await h?.dispose();
  await fixture?.close();
  world?.cleanup();
});

describe('install from a registry', () => {
  it('plans the exact command, installs for Claude Code with the secret in the keychain and a gateway entry, and connects', async () => {
    const plan = await h.core.handlers['registry:planInstall']({ name: entry.name, registry: registryUrl, host: 'claude-code' });
    if (!plan.ok) throw new Error(plan.error.message);
    const claudeFile = join(world.home, '.claude.json');
    const serversFile = join(world.dataDir, 'servers.json');
    expect({ name: plan.data.name, command: plan.data.command, args: plan.data.args, blocked: plan.data.blocked, runner: plan.data.runner?.found }).toEqual({
      name: 'filesystem',
      command: 'npx',
      args: ['-y', `${PKG}@${VERSION}`, '<directory>'],
      blocked: undefined,
      runner: true,
    });
    expect(plan.data.inputs.map((i) => [i.key, i.required, i.secret])).toEqual([
      ['arg:package:0', true, false],
      ['env:FS_AUDIT_TOKEN', true, true],
    ]);
    expect(plan.data.files).toEqual([
      { path: serversFile, what: 'definition' },
      { path: claudeFile, what: 'gateway-entry', host: 'claude-code' },
    ]);
    expect(plan.data.literalSecretsWithoutGateway).toEqual(['env FS_AUDIT_TOKEN']);
    // What is still missing is named as the dialog labels it, not by the plan's internal keys (trial finding).
    expect(plan.data.warnings).toContain('Still to fill in: Argument directory, Environment variable FS_AUDIT_TOKEN.');
    expect(plan.data.origin).toEqual({ registry: registryUrl, registryUrl, name: entry.name, version: VERSION });
    // The fixture's own filesystem entry (no secret) plans to the same command.
    const own = await h.core.handlers['registry:planInstall']({ name: 'io.github.modelcontextprotocol/server-filesystem', registry: registryUrl });
    expect(own.ok ? [own.data.name, own.data.commandLine] : own.error.message).toEqual(['server-filesystem', `npx -y ${PKG}@${VERSION} '<allowed_directory>'`]);

    // A required value missing, or a value for no input: refused, nothing written.
    const missing = await h.core.handlers['registry:install']({ id: plan.data.id, values: { 'arg:package:0': shared } });
    expect(missing).toEqual({ ok: false, error: { code: 'BAD_REQUEST', message: 'Required value missing: env:FS_AUDIT_TOKEN. Nothing was written.' } });
    // Declining the gateway with a secret needs a second, explicit yes.
    const literal = await h.core.handlers['registry:install']({ id: plan.data.id, values: { 'arg:package:0': shared, 'env:FS_AUDIT_TOKEN': SECRET }, gateway: false });
    expect(literal.ok ? '' : literal.error.code).toBe('CONFLICT');
    expect(literal.ok ? '' : literal.error.message).toContain("Claude Code's file would hold the secret value of FS_AUDIT_TOKEN as plain text");
    expect(JSON.parse(readFileSync(serversFile, 'utf8')).mcpServers).toEqual({});

    const done = await h.core.handlers['registry:install']({ id: plan.data.id, values: { 'arg:package:0': shared, 'env:FS_AUDIT_TOKEN': SECRET } });
    if (!done.ok) throw new Error(done.error.message);
    expect(done.data.written).toEqual([
      { path: serversFile, what: 'definition' },
      { path: claudeFile, what: 'gateway-entry', host: 'claude-code' },
    ]);
    const servers = readFileSync(serversFile, 'utf8');
    const claude = readFileSync(claudeFile, 'utf8');
    expect(servers).not.toContain(SECRET);
    expect(claude).not.toContain(SECRET);
    const def = JSON.parse(servers).mcpServers.filesystem;
    expect(def).toMatchObject({ command: 'npx', args: ['-y', `${PKG}@${VERSION}`, shared], env: { FS_AUDIT_TOKEN: '${secret:filesystem-fs_audit_token}' } });
    expect(JSON.parse(claude).mcpServers.filesystem).toEqual({ type: 'stdio', command: 'switchboard', args: ['gateway', '--host', 'switchboard', '--server', 'filesystem'] });
    // The origin is recorded with the definition's file.
    expect(JSON.parse(readFileSync(join(world.dataDir, 'registry-origins.json'), 'utf8')).servers).toEqual([
      { server: 'filesystem', file: serversFile, registry: registryUrl, registryUrl, name: entry.name, version: VERSION, installedAt: expect.any(String) },
    ]);

    // The server connects with its tools (the keychain reference resolves for this definition).
    expect(
      await waitFor(async () => {
        const tools = await h.core.handlers['tools:list']({ server: 'filesystem' });
        return tools.ok && tools.data.some((t) => t.name === 'list_directory');
      }, 60_000),
    ).toBe(true);
    // The gateway door the Claude Code entry names serves it.
    const door = await h.core.handlers['gateway:list']({ host: 'switchboard', server: 'filesystem' });
    if (!door.ok) throw new Error(door.error.message);
    expect(door.data.servers.map((s) => [s.server, s.state])).toEqual([['filesystem', 'listed']]);
    // A plan is used once.
    expect((await h.core.handlers['registry:install']({ id: plan.data.id })).ok).toBe(false);
  }, 120_000);

  it('an MCPB bundle: checked, unpacked 0700 into bundles/<name>@<version>, run as its manifest says, connected', async () => {
    const plan = await h.core.handlers['registry:planInstall']({ name: 'io.example/files', registry: registryUrl });
    if (!plan.ok) throw new Error(plan.error.message);
    const dir = join(world.dataDir, 'bundles', 'io.example_files@1.0.0');
    expect({ command: plan.data.command, args: plan.data.args, inputs: plan.data.inputs.map((i) => i.key), files: plan.data.files }).toEqual({
      command: 'node',
      args: [`${dir}/server/index.mjs`, '${user_config.folder}'],
      inputs: ['config:folder'],
      files: [
        { path: join(world.dataDir, 'servers.json'), what: 'definition' },
        { path: dir, what: 'bundle' },
      ],
    });
    expect(existsSync(dir)).toBe(false);
    const done = await h.core.handlers['registry:install']({ id: plan.data.id, values: { 'config:folder': shared } });
    if (!done.ok) throw new Error(done.error.message);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(join(world.dataDir, 'servers.json'), 'utf8')).mcpServers.files).toMatchObject({ command: 'node', args: [`${dir}/server/index.mjs`, shared] });
    expect(
      await waitFor(async () => {
        const tools = await h.core.handlers['tools:list']({ server: 'files' });
        return tools.ok && tools.data.some((t) => t.name === 'list_directory');
      }, 60_000),
    ).toBe(true);
  }, 120_000);

  it('switchboard install: a secret on the command line is refused; from the environment it is kept in the keychain', async () => {
    const cli = makeWorld();
    try {
      writeOwnServers(cli, {});
      npxShim(cli);
      const base = ['install', entry.name, '--registry', registryUrl, '--set', `directory=${shared}`, '--yes'];
      const refused = await runSwitchboard(cli, [...base, '--set', `FS_AUDIT_TOKEN=${SECRET}`]);
      expect(refused.code).toBe(64);
      expect(refused.stderr).toContain('--set FS_AUDIT_TOKEN: "FS_AUDIT_TOKEN" is a secret and is never taken from the command line (shell history, process lists); type it when asked, or set SWITCHBOARD_SECRET_FS_AUDIT_TOKEN');
      cli.env.SWITCHBOARD_SECRET_FS_AUDIT_TOKEN = SECRET;
      const run = await runSwitchboard(cli, base);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(`Runs:     npx -y ${PKG}@${VERSION} ${shared}`);
      expect(run.stdout).toContain('env FS_AUDIT_TOKEN=•••••••• (secret: kept in the secret store)');
      expect(run.stdout).toContain(`Installed "filesystem" (${entry.name} ${VERSION})`);
      const written = readFileSync(join(cli.dataDir, 'servers.json'), 'utf8');
      expect(written).not.toContain(SECRET);
      // The keychain is shared with the test above: its id is taken, so this one gets a fresh one.
      expect(JSON.parse(written).mcpServers.filesystem.env).toEqual({ FS_AUDIT_TOKEN: expect.stringMatching(/^\$\{secret:filesystem-fs_audit_token(-\d+)?\}$/) });
      // status names a newer version from the cached answer alone: the one-shot CLI asks no registry.
      await writeCachedAnswer(cli.dataDir, registryUrl, versionPath(entry.name, 'latest'), { server: { ...entry, version: '9999.1.0' } }, Date.now() - 3 * 3600_000);
      const before = fixture.requests.length;
      const status = await runSwitchboard(cli, ['status']);
      expect(status.stdout).toContain(`Update: filesystem ${VERSION} → 9999.1.0 published in ${registryUrl} (${entry.name}; checked 3 h ago)`);
      expect(fixture.requests.slice(before)).toEqual([]);
    } finally {
      cli.cleanup();
    }
  }, 120_000);
});
