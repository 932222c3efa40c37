/**
 * Issue 30 item 6 with real parts: one process per server, shared (docs/gateway.md § Sharing). The
 * SDK v2 client spawns the BUILT CLI's stdio door for Claude Code and for Cursor; the first starts a
 * headless owner, the second attaches to it. Processes are counted in /proc: those whose command
 * line runs the server's script, children of the owner.
 * - Same definition in both hosts' files (server-memory): ONE process serves both doors; what one
 *   host writes the other reads.
 * - Cursor's file gives server-memory another environment: Cursor gets its own process (its own
 *   memory file), Claude Code keeps the first; two processes, each host reads only its own writes
 *   (through tools and resources alike).
 * - Claude Code's door for another project (`--project`): server-everything there is given that
 *   project's root, so it gets its own instance; each door's `get-roots-list` shows its own root. A
 *   door whose host declares that project as its root (`roots/list`) shares that instance.
 * - The relay fixture defined identically in both hosts' files, both hosts declaring sampling with
 *   their own canned answer: one backend process; each host's `sample` call brings back that host's
 *   answer (the server's request reaches the host whose call caused it).
 */
import { readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client, type ClientCapabilities } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { everythingScript, runSwitchboard, waitFor } from '../core/composition/test-world.js';
import { makeGatewayWorld, type GatewayWorld } from '../core/gateway/test-gateway-world.js';
import { MEMORY_SCRIPT } from '../core/mcp/testing/test-helpers.js';
import { gatewayCleanup, stdioDoor, type GatewayMade } from './test-gateway-door.js';

const RELAY_BACKEND = fileURLToPath(new URL('../core/mcp/testing/fixtures/relay-backend.mjs', import.meta.url));

const track = gatewayCleanup();
let made: GatewayMade | undefined;

/** Live processes whose command line contains `script`, with their parent pid (Linux /proc). */
function processesRunning(script: string): Array<{ pid: number; ppid: number }> {
  const out: Array<{ pid: number; ppid: number }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (!cmdline.includes(script)) continue;
      // /proc/<pid>/stat: "pid (comm) state ppid …" — comm may hold spaces, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      out.push({ pid: Number(entry), ppid });
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

/** The door's client for `host` (extra args e.g. `--project`), its stderr collected. */
async function door(world: GatewayWorld['world'], host: string, extra: string[] = [], capabilities: ClientCapabilities = {}): Promise<{ client: Client; stderr: () => string }> {
  const transport = stdioDoor(world, host, extra);
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const client = new Client({ name: `gateway-shared-${host}`, version: '1.0.0' }, { capabilities });
  made?.clients.push(client);
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

/** The owner's pid, as the first door says on stderr. */
const ownerPid = (stderr: string): number => Number(/\(pid (\d+)/.exec(stderr)?.[1] ?? NaN);

/** The text of a tool call's single text content. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<string> {
  const r = await client.callTool({ name, arguments: args });
  expect(r.isError ?? false).toBe(false);
  return (r.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('');
}

/** Wait until exactly `n` processes run `script` as children of `owner` (polled: spawns and exits take their time). */
async function expectChildren(script: string, owner: number, n: number): Promise<void> {
  const ok = await waitFor(() => {
    const all = processesRunning(script);
    return all.length === n && all.every((p) => p.ppid === owner);
  }, 20_000, 100);
  expect({ ok, seen: processesRunning(script), owner }).toEqual({ ok: true, seen: processesRunning(script), owner });
  expect(processesRunning(script).length).toBe(n);
}

describe('switchboard gateway: one process per server, shared (issue 30 item 6)', () => {
  it('serves two hosts with the same definition from one process, and another definition from its own', async () => {
    const { world, cursorFile } = makeGatewayWorld();
    made = track(world);
    const claude = await door(world, 'claude-code');
    const cursor = await door(world, 'cursor');
    const owner = ownerPid(claude.stderr());
    expect(owner).toBeGreaterThan(0);

    // Same definition: one memory process, a child of the owner; Cursor's write is Claude Code's read.
    await call(cursor.client, 'memory_create_entities', { entities: [{ name: 'shared-entity', entityType: 't', observations: ['from cursor'] }] });
    expect(await call(claude.client, 'memory_read_graph')).toContain('shared-entity');
    await expectChildren(MEMORY_SCRIPT, owner, 1);

    // Cursor's file now gives memory another environment (its own memory file): a separate process.
    const memoryCursor = { command: process.execPath, args: [MEMORY_SCRIPT], env: { SB_TEST_MARKER: world.marker, MEMORY_FILE_PATH: join(world.root, 'memory-cursor.jsonl') } };
    writeFileSync(cursorFile, JSON.stringify({ mcpServers: { memory: memoryCursor } }, null, 2));
    const peek = async (): Promise<string> => {
      const r = await cursor.client.callTool({ name: 'memory_read_graph', arguments: {} }).catch(() => undefined);
      return r && !r.isError ? JSON.stringify(r.content) : 'not yet';
    };
    expect(await waitFor(async () => !(await peek()).includes('shared-entity') && (await peek()) !== 'not yet', 30_000, 250)).toBe(true);
    await call(cursor.client, 'memory_create_entities', { entities: [{ name: 'cursor-only', entityType: 't', observations: ['mine'] }] });
    expect(await call(cursor.client, 'memory_read_graph')).toContain('cursor-only');
    const claudeGraph = await call(claude.client, 'memory_read_graph');
    expect(claudeGraph).toContain('shared-entity');
    expect(claudeGraph).not.toContain('cursor-only');
    // Resources go to the same process as tools: each host reads its own instance's graph.
    const graph = async (client: Client): Promise<string> => JSON.stringify((await client.readResource({ uri: 'memory://knowledge-graph' })).contents);
    expect(await graph(cursor.client)).toContain('cursor-only');
    expect(await graph(claude.client)).not.toContain('cursor-only');
    await expectChildren(MEMORY_SCRIPT, owner, 2);
    // The owner's status lists Cursor's instance under memory.
    const status = await runSwitchboard(world, ['status', 'memory']);
    expect(status.stdout).toMatch(/\n {2}↳ gateway instances: memory@[0-9a-f]{8} \(connected\)\n/);
  }, 180_000);

  it('gives a door for another project its own instance, whose roots/list is that project', async () => {
    const { world } = makeGatewayWorld();
    made = track(world);
    const other = join(world.root, 'other-project');
    mkdirSync(other, { recursive: true });
    const here = await door(world, 'claude-code');
    const owner = ownerPid(here.stderr());
    expect(await call(here.client, 'everything_get-roots-list')).toContain(pathToFileURL(world.project).href);
    await expectChildren(everythingScript(), owner, 1);

    // The same project again (Cursor has no server-everything; a second Claude Code door): shared.
    const again = await door(world, 'claude-code');
    expect(await call(again.client, 'everything_get-roots-list')).toContain(pathToFileURL(world.project).href);
    await expectChildren(everythingScript(), owner, 1);

    const there = await door(world, 'claude-code', ['--project', other]);
    const roots = await call(there.client, 'everything_get-roots-list');
    expect(roots).toContain(pathToFileURL(other).href);
    expect(roots).not.toContain(pathToFileURL(world.project).href);
    expect(await call(here.client, 'everything_get-roots-list')).not.toContain(pathToFileURL(other).href);
    await expectChildren(everythingScript(), owner, 2);

    // A host that declares that other project as its root (roots/list): the same key, so it shares
    // the other project's instance — still two processes.
    const transport = stdioDoor(world);
    transport.stderr?.on('data', () => undefined);
    const rooted = new Client({ name: 'gateway-shared-rooted', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
    rooted.setRequestHandler('roots/list', () => ({ roots: [{ uri: pathToFileURL(other).href, name: 'other' }] }));
    made?.clients.push(rooted);
    await rooted.connect(transport);
    const seen = async (): Promise<string> => {
      const r = await rooted.callTool({ name: 'everything_get-roots-list', arguments: {} }).catch(() => undefined);
      return JSON.stringify(r?.content ?? []);
    };
    expect(await waitFor(async () => (await seen()).includes(pathToFileURL(other).href), 30_000, 250)).toBe(true);
    await expectChildren(everythingScript(), owner, 2);
  }, 180_000);
  it('runs one relay backend for both hosts, and sends each host\'s sampling request to that host', async () => {
    const { world, claudeFile, cursorFile } = makeGatewayWorld();
    made = track(world);
    // The same definition in both hosts' files: one instance key, so one process.
    const relay = { command: process.execPath, args: [RELAY_BACKEND], env: { SB_TEST_MARKER: world.marker } };
    for (const file of [claudeFile, cursorFile]) {
      const config = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown> };
      writeFileSync(file, JSON.stringify({ mcpServers: { ...config.mcpServers, relay } }, null, 2));
    }
    const asked: string[] = [];
    const answering = async (host: string, answer: string): Promise<{ client: Client; stderr: () => string }> => {
      const d = await door(world, host, [], { sampling: {} });
      d.client.setRequestHandler('sampling/createMessage', async (request) => {
        const first = request.params.messages[0]?.content;
        asked.push(`${host}: ${first && 'text' in first ? String(first.text) : '?'}`);
        return { role: 'assistant', content: { type: 'text', text: answer }, model: `${host}-model`, stopReason: 'endTurn' };
      });
      return d;
    };
    const claude = await answering('claude-code', 'answer of Claude Code');
    const cursor = await answering('cursor', 'answer of Cursor');
    const owner = ownerPid(claude.stderr());
    expect(owner).toBeGreaterThan(0);

    expect(await call(claude.client, 'relay_sample', { prompt: 'from A' })).toBe('Sampled: answer of Claude Code');
    expect(await call(cursor.client, 'relay_sample', { prompt: 'from B' })).toBe('Sampled: answer of Cursor');
    expect(await call(claude.client, 'relay_sample', { prompt: 'A again' })).toBe('Sampled: answer of Claude Code');
    expect(asked).toEqual(['claude-code: from A', 'cursor: from B', 'claude-code: A again']);
    await expectChildren(RELAY_BACKEND, owner, 1);
  }, 180_000);
});
