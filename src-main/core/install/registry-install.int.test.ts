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
import { lookupEntry } from './registry-lookup.js';
import { keptSchemaVersions, NEWEST_SCHEMA_VERSION } from '../registry/server-json-schema.js';
import { parseCli } from '../../host/cli/args.js';
import { installCommand, installThrough } from '../../host/cli/commands/install.js';
import type { CliContext } from '../../host/cli/context.js';
import type { Caller } from '../../host/cli/owner-link.js';

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

/** Entries an install refuses or blocks (each test names why). */
const npmPkg = { registryType: 'npm', identifier: PKG, version: VERSION, transport: { type: 'stdio' } };
const directory = { type: 'positional', valueHint: 'directory', isRequired: true };
const refusedEntries = [
  { name: 'io.example/secret-url', description: 'A secret in its URL', version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'http://127.0.0.1:9/{tenant}/mcp', variables: { tenant: { isRequired: true, isSecret: true } } }] },
  { name: 'io.example/secret-arg', description: 'A secret argument', version: '1.0.0', packages: [{ ...npmPkg, packageArguments: [directory, { type: 'positional', valueHint: 'account', isRequired: true, isSecret: true }] }] },
  { name: 'io.example/gh', description: 'A token not marked secret', version: '1.0.0', packages: [{ ...npmPkg, packageArguments: [directory], environmentVariables: [{ name: 'GITHUB_TOKEN', isRequired: true }] }] },
  { name: 'io.example/bad-packages', description: 'Not a server.json', version: '1.0.0', packages: {} },
];
/** An entry whose status word is none the schema knows. */
const withdrawn = { name: 'io.example/withdrawn', description: 'Withdrawn', version: '1.0.0', packages: [npmPkg] };

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
  fixture = await startRegistryFixture({
    extraEntries: [{ server: entry, _meta: meta }, { server: bundle.entry, _meta: meta }, ...refusedEntries.map((server) => ({ server, _meta: meta })), { server: withdrawn, _meta: { 'io.modelcontextprotocol.registry/official': { status: 'withdrawn', isLatest: true } } }],
    files: { 'files.mcpb': bundle.bytes },
  });
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
  // First: later tests install "filesystem" into this world, and a taken name blocks the plan.
  it('switchboard install without a terminal: the plan is printed before a secret is asked, and every plan is cancelled on a refusal', async () => {
    const made: string[] = [];
    const call = (async (method: keyof typeof h.core.handlers, input: unknown) => {
      const r = await (h.core.handlers[method] as (i: unknown) => Promise<{ ok: boolean; data?: { id?: string } }>)(input);
      if (method === 'registry:planInstall' && r.ok && r.data?.id !== undefined) made.push(r.data.id);
      return r;
    }) as Caller;
    const run = async (env: Record<string, string>): Promise<{ out: string[]; thrown: string }> => {
      const out: string[] = [];
      const argv = ['install', entry.name, '--registry', registryUrl, '--set', `directory=${shared}`];
      const ctx = { cli: parseCli(argv, [installCommand]), io: { out: (t: string) => out.push(t), err: (t: string) => out.push(t) }, platform: { ...world.platform, env: { ...world.platform.env, ...env } } } as unknown as CliContext;
      const thrown = await installThrough(ctx, call, { name: entry.name, registry: registryUrl }, true).then(String, (e: Error) => e.message);
      return { out, thrown };
    };
    expect(process.stdin.isTTY).not.toBe(true);
    const noSecret = await run({});
    expect([noSecret.out.some((l) => l.startsWith('  Runs:')), noSecret.thrown]).toEqual([true, 'FS_AUDIT_TOKEN is a required secret: type it on a terminal, or set SWITCHBOARD_SECRET_FS_AUDIT_TOKEN']);
    const noYes = await run({ SWITCHBOARD_SECRET_FS_AUDIT_TOKEN: SECRET });
    expect(noYes.thrown).toBe('Not installed: give --yes to install without a terminal to ask on');
    expect(made.length).toBe(4);
    for (const id of made) expect(await h.core.handlers['registry:cancelInstall']({ id })).toEqual({ ok: true, data: { cancelled: false } });
  }, 60_000);

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
    // The gateway declined: planned so, the consent names Claude Code's file as the definition's, alone.
    const direct = await h.core.handlers['registry:planInstall']({ name: entry.name, registry: registryUrl, host: 'claude-code', gateway: false });
    if (!direct.ok) throw new Error(direct.error.message);
    expect({ files: direct.data.files, file: direct.data.file }).toEqual({ files: [{ path: claudeFile, what: 'definition', host: 'claude-code' }], file: claudeFile });
    // A plan made with the gateway is not installed without it (its consent showed other files).
    const switched = await h.core.handlers['registry:install']({ id: plan.data.id, values: { 'arg:package:0': shared, 'env:FS_AUDIT_TOKEN': SECRET }, gateway: false });
    expect(switched.ok ? '' : switched.error.code).toBe('CONFLICT');
    // Declining the gateway with a secret needs a second, explicit yes.
    const literal = await h.core.handlers['registry:install']({ id: direct.data.id, values: { 'arg:package:0': shared, 'env:FS_AUDIT_TOKEN': SECRET } });
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

    // Installed again under the same name (hiding confirmed): blocked, refused, and the first definition keeps its secret's binding.
    const again = await h.core.handlers['registry:planInstall']({ name: entry.name, registry: registryUrl });
    if (!again.ok) throw new Error(again.error.message);
    expect(again.data.blocked).toBe(`A server named "filesystem" is already defined in ${serversFile}: an install never replaces or hides a definition in a file it writes. Remove or rename that one first. Nothing was written.`);
    const twice = await h.core.handlers['registry:install']({ id: again.data.id, values: { 'arg:package:0': shared, 'env:FS_AUDIT_TOKEN': 'another-secret-value' }, confirmShadow: true });
    expect(twice.ok ? '' : twice.error.code).toBe('CONFLICT');
    const holders = (JSON.parse(readFileSync(join(world.dataDir, 'secret-bindings.json'), 'utf8')) as { bindings: Record<string, { holders: { server: string }[] }> }).bindings['secret:filesystem-fs_audit_token']?.holders;
    expect(holders?.map((x) => x.server)).toEqual(['filesystem']);
  }, 120_000);

  it('refuses what it cannot write safely: secrets in a URL or argument, literal secrets without the gateway, a taken name, an unknown status, a malformed entry', async () => {
    const plan = async (name: string, extra: { host?: 'claude-code'; gateway?: boolean; values?: Record<string, string> } = {}) => {
      const r = await h.core.handlers['registry:planInstall']({ name, registry: registryUrl, ...extra });
      if (!r.ok) throw new Error(r.error.message);
      return r.data;
    };
    const serversBefore = readFileSync(join(world.dataDir, 'servers.json'), 'utf8');
    // A secret URL variable: masked in the plan, and written only with the explicit yes.
    const url = await plan('io.example/secret-url', { values: { 'var:tenant': 'k-url-4d1e9b' } });
    expect({ url: url.url, plainTextInputs: url.plainTextInputs }).toEqual({ url: 'http://127.0.0.1:9/••••••••/mcp', plainTextInputs: ['URL variable tenant'] });
    expect(JSON.stringify(url)).not.toContain('k-url-4d1e9b');
    const urlRefused = await h.core.handlers['registry:install']({ id: url.id, values: { 'var:tenant': 'k-url-4d1e9b' } });
    expect(urlRefused.ok ? '' : `${urlRefused.error.code} ${urlRefused.error.message}`).toBe(
      'CONFLICT The definition would hold the secret value of URL variable tenant as plain text (a command line or URL cannot hold a keychain reference). Confirm that explicitly (confirmLiteralSecrets: true; --yes-literal-secrets), or cancel. Nothing was written.',
    );
    // A secret positional argument: the same.
    const arg = await plan('io.example/secret-arg');
    expect(arg.plainTextInputs).toEqual(['argument account']);
    const argRefused = await h.core.handlers['registry:install']({ id: arg.id, values: { 'arg:package:0': shared, 'arg:package:1': 'k-arg-77c2' } });
    expect(argRefused.ok ? '' : argRefused.error.code).toBe('CONFLICT');
    // Without the gateway, a secret the entry does not mark (GITHUB_TOKEN) still needs the explicit yes.
    const claudeFile = join(world.home, '.claude.json');
    const claudeNow = (): string | undefined => (existsSync(claudeFile) ? readFileSync(claudeFile, 'utf8') : undefined);
    const claudeBefore = claudeNow();
    const gh = await plan('io.example/gh', { host: 'claude-code', gateway: false });
    const ghRefused = await h.core.handlers['registry:install']({ id: gh.id, values: { 'arg:package:0': shared, 'env:GITHUB_TOKEN': 'ghp_5f0e3c9a7b2d4e6f8a1c3e5b7d9f0a2c4e6b8d0f' }, gateway: false });
    expect(ghRefused.ok ? '' : ghRefused.error.message).toContain("would be written to Claude Code's file as plain text");
    expect(claudeNow()).toBe(claudeBefore);
    // A server of that name in the host's own file: hiding it there is impossible, so the plan is blocked.
    const own = await h.core.handlers['config:add']({ name: 'gh', server: { transport: 'stdio', command: 'node', args: ['gh.mjs'] }, target: { host: 'claude-code' } });
    if (!own.ok) throw new Error(own.error.message);
    expect((await plan('io.example/gh', { host: 'claude-code' })).blocked).toContain(`A server named "gh" is already defined in ${claudeFile} (Claude Code's file)`);
    await h.core.handlers['config:remove']({ name: 'gh', file: claudeFile });
    // A status word that is neither active nor deprecated (here in _meta) is treated as deleted.
    expect((await plan('io.example/withdrawn')).blocked).toBe(
      `io.example/withdrawn 1.0.0 has the status "withdrawn" in ${registryUrl}, which is neither active nor deprecated: it is treated as deleted and never installed.`,
    );
    // A malformed answer: refused with where, not a TypeError.
    expect(await h.core.handlers['registry:planInstall']({ name: 'io.example/bad-packages', registry: registryUrl })).toEqual({
      ok: false,
      error: { code: 'INVALID_CONFIG', message: `${registryUrl} answered for io.example/bad-packages with an entry that is not a valid server.json (2025-12-11): /server/packages must be array. Nothing was written.` },
    });
    // A registry that cannot be asked is passed over for the next.
    const found = await lookupEntry([{ name: 'down', url: 'http://127.0.0.1:9' }, { name: 'fixture', url: registryUrl }], 'io.example/withdrawn', undefined);
    expect(found.registry.name).toBe('fixture');
    expect(readFileSync(join(world.dataDir, 'servers.json'), 'utf8')).toBe(serversBefore);
  }, 60_000);

  it('installs a server.json from a file, checked as registry validate checks it; an invalid one is refused', async () => {
    const doc = join(world.root, 'server.json');
    writeFileSync(doc, JSON.stringify({ ...entry, name: 'io.example/fs-doc' }));
    const plan = await h.core.handlers['registry:planInstall']({ name: 'server.json', file: doc });
    if (!plan.ok) throw new Error(plan.error.message);
    expect({ name: plan.data.name, origin: plan.data.origin, blocked: plan.data.blocked }).toEqual({ name: 'fs-doc', origin: { registry: doc, registryUrl: doc, name: 'io.example/fs-doc', version: VERSION }, blocked: undefined });
    const done = await h.core.handlers['registry:install']({ id: plan.data.id, values: { 'arg:package:0': shared, 'env:FS_AUDIT_TOKEN': SECRET } });
    if (!done.ok) throw new Error(done.error.message);
    const servers = readFileSync(join(world.dataDir, 'servers.json'), 'utf8');
    expect(servers).not.toContain(SECRET);
    expect(JSON.parse(servers).mcpServers['fs-doc']).toMatchObject({ command: 'npx', args: ['-y', `${PKG}@${VERSION}`, shared] });
    // A file is no registry: no origin to ask for newer versions.
    const originsFile = join(world.dataDir, 'registry-origins.json');
    const origins = existsSync(originsFile) ? (JSON.parse(readFileSync(originsFile, 'utf8')) as { servers: { server: string }[] }).servers : [];
    expect(origins.map((o) => o.server)).not.toContain('fs-doc');
    // A $schema of a version not known here: checked against the newest known, and the plan says so.
    const future = join(world.root, 'future-server.json');
    writeFileSync(future, JSON.stringify({ ...entry, $schema: 'https://static.modelcontextprotocol.io/schemas/2099-01-01/server.schema.json', name: 'io.example/fs-future' }));
    const futurePlan = await h.core.handlers['registry:planInstall']({ name: 'server.json', file: future });
    if (!futurePlan.ok) throw new Error(futurePlan.error.message);
    expect(futurePlan.data.warnings.filter((w) => w.startsWith('$schema'))).toEqual([
      `$schema names version 2099-01-01, not known here; checked against the newest known, ${NEWEST_SCHEMA_VERSION} (known: ${keptSchemaVersions().join(', ')})`,
    ]);
    const bad = join(world.root, 'bad-server.json');
    writeFileSync(bad, JSON.stringify({ name: 'io.example/bad', version: 1 }));
    expect(await h.core.handlers['registry:planInstall']({ name: 'server.json', file: bad })).toEqual({
      ok: false,
      error: { code: 'INVALID_CONFIG', message: `${bad} is not a valid server.json (2025-12-11): / must have property "description"; /version must be string. Nothing was written.` },
    });
  }, 60_000);

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
    // Removing the server removes its bundle folder, so the same version installs again.
    const removed = await h.core.handlers['config:remove']({ name: 'files', file: join(world.dataDir, 'servers.json') });
    expect(removed.ok ? removed.data.notes : removed.error.message).toContain(`Removed its MCPB bundle folder ${dir}`);
    expect(existsSync(dir)).toBe(false);
    const again = await h.core.handlers['registry:planInstall']({ name: 'io.example/files', registry: registryUrl });
    expect(again.ok ? again.data.blocked : again.error.message).toBeUndefined();
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
      // Removed, it is forgotten: no update named, no origin a later definition of the name would inherit.
      expect((await runSwitchboard(cli, ['remove', 'filesystem'])).code).toBe(0);
      expect((await runSwitchboard(cli, ['status'])).stdout).not.toContain('Update: filesystem');
      expect(JSON.parse(readFileSync(join(cli.dataDir, 'registry-origins.json'), 'utf8')).servers).toEqual([]);
      // install --file: a document that is not a server.json is refused with where it fails.
      const bad = join(cli.root, 'bad.json');
      writeFileSync(bad, '{"name": "io.example/bad"}');
      const fromFile = await runSwitchboard(cli, ['install', '--file', bad, '--yes']);
      expect({ code: fromFile.code, said: fromFile.stderr.includes(`${bad} is not a valid server.json (2025-12-11): / must have property "description"`) }).toEqual({ code: 2, said: true });
    } finally {
      cli.cleanup();
    }
  }, 120_000);
});
