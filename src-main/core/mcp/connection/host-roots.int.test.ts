/**
 * Roots the way each host gives them (issue 14 item 3; docs/roots.md), through the core against real
 * servers defined in real host files of a temp HOME:
 * - Claude Desktop's file: `mcp-server-filesystem <dir>` reads a file in its own folder (the failing
 *   input: offered the project folder, it swapped its folder for it and answered "Access denied");
 * - VS Code's user `mcp.json`: the modern fixture (2026-07-28) is offered the project folder;
 * - Claude Code's `~/.claude.json`: server-everything (2025 era) is offered the project folder;
 * - xcsh (rule unknown): the modern fixture is offered none;
 * - Switchboard's own `servers.json`: none until the person chooses, and back to none on reset.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput, MethodName, MethodOutput } from '../../../../src-shared/api/contract.js';
import { createSwitchboardCore } from '../../composition/switchboard-core.js';
import { everythingScript, makeWorld, writeOwnServers, type TempWorld } from '../../composition/test-world.js';
import type { SwitchboardCore } from '../../facade/types.js';
import { FILESYSTEM_SCRIPT, waitFor } from '../testing/test-helpers.js';

const MODERN_STDIO = fileURLToPath(new URL('../testing/fixtures/modern-stdio-server.mjs', import.meta.url));

let world: TempWorld;
let core: SwitchboardCore;
let shared: string;

async function call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const r = await (core.handlers[method] as (i: unknown) => Promise<{ ok: boolean; data?: unknown; error?: { message: string } }>)(input);
  if (!r.ok) throw new Error(`${method}: ${r.error!.message}`);
  return r.data as MethodOutput<M>;
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
}

beforeAll(async () => {
  world = makeWorld();
  const env = { SB_TEST_MARKER: world.marker };
  shared = join(world.root, 'shared');
  mkdirSync(shared);
  writeFileSync(join(shared, 'hello.txt'), 'hello from the shared folder');
  writeJson(join(world.xdgConfig, 'Claude', 'claude_desktop_config.json'), {
    mcpServers: { files: { command: process.execPath, args: [FILESYSTEM_SCRIPT, shared], env } },
  });
  writeJson(join(world.xdgConfig, 'Code', 'User', 'mcp.json'), {
    servers: { 'vs-modern': { type: 'stdio', command: process.execPath, args: [MODERN_STDIO, '--legacy', 'reject'], env } },
  });
  writeJson(join(world.home, '.claude.json'), { mcpServers: { 'cc-everything': { command: process.execPath, args: [everythingScript(), 'stdio'], env } } });
  writeJson(join(world.home, '.xcsh', 'agent', 'mcp.json'), {
    mcpServers: { 'xcsh-modern': { command: process.execPath, args: [MODERN_STDIO, '--legacy', 'reject'], env } },
  });
  writeOwnServers(world, { own: { command: process.execPath, args: [everythingScript(), 'stdio'], env } });
  core = createSwitchboardCore({
    platform: world.platform,
    projectDir: world.project,
    dataDir: world.dataDir,
    mode: 'web',
    version: '1.0.0',
    referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] },
  });
  await core.start();
  await core.settled();
}, 180_000);

afterAll(async () => {
  await core?.dispose();
  world?.cleanup();
});

const projectUri = () => pathToFileURL(world.project).href;

describe('roots by host', () => {
  it("Claude Desktop's filesystem server keeps its own folder and reads a file in it", async () => {
    const text = await waitFor(async () => {
      const r = await call('tools:call', { server: 'files', tool: 'read_text_file', args: { path: join(shared, 'hello.txt') } });
      return r.isError ? undefined : r.text;
    }, 'the filesystem server to read its own folder');
    expect(text).toBe('hello from the shared folder');
    const view = await call('roots:get', { server: 'files' });
    expect(view.roots).toEqual([]);
    expect(view.origin).toMatchObject({ kind: 'host', host: 'claude-desktop', rule: 'none' });
    expect(view.origin.text).toBe('From Claude Desktop’s file: Claude Desktop gives its servers no roots (docs/roots.md).');
  });

  it('VS Code gives the project folder (2026-07-28 fixture)', async () => {
    const r = await call('tools:call', { server: 'vs-modern', tool: 'roots', args: {} });
    expect(JSON.parse(r.text)).toEqual([{ uri: projectUri(), name: 'project' }]);
    expect((await call('roots:get', { server: 'vs-modern' })).origin).toMatchObject({ kind: 'host', host: 'vscode', rule: 'project' });
  });

  it('Claude Code gives the project folder (2025 era, server-everything)', async () => {
    const r = await call('tools:call', { server: 'cc-everything', tool: 'get-roots-list', args: {} });
    expect(r.text).toContain(projectUri());
  });

  it('a host whose rule is unknown (xcsh) gives none', async () => {
    const r = await call('tools:call', { server: 'xcsh-modern', tool: 'roots', args: {} });
    expect(JSON.parse(r.text)).toEqual([]);
    expect((await call('roots:get', { server: 'xcsh-modern' })).origin.text).toBe(
      'From xcsh’s file: xcsh’s roots rule is unknown, so none are sent (docs/roots.md).',
    );
  });

  it("Switchboard's own servers get none until the person chooses, and none again on reset", async () => {
    const before = await call('tools:call', { server: 'own', tool: 'get-roots-list', args: {} });
    expect(before.text).not.toContain('file://');
    expect((await call('roots:get', { server: 'own' })).origin).toMatchObject({ kind: 'host', host: 'switchboard', rule: 'none' });

    const chosen = await call('roots:set', { server: 'own', roots: [{ uri: 'file:///tmp/chosen-root', name: 'chosen' }] });
    expect(chosen.origin.kind).toBe('chosen');
    await waitFor(async () => (await call('tools:call', { server: 'own', tool: 'get-roots-list', args: {} })).text.includes('file:///tmp/chosen-root'), 'the chosen root');

    const reset = await call('roots:set', { server: 'own', roots: [], reset: true });
    expect(reset).toMatchObject({ roots: [], origin: { kind: 'host', rule: 'none' } });
    await waitFor(async () => !(await call('tools:call', { server: 'own', tool: 'get-roots-list', args: {} })).text.includes('file:///tmp/chosen-root'), 'the reset');
  });
});
