/**
 * Fuzzing the writer (issue #3 "Bad input"): a fixed seed and a bounded number of random edit
 * sequences on real-looking files of every format. After every step the file parses, reads back
 * to exactly the model's servers, and every comment outside the edited entries is still there.
 * Plus: a writer killed (SIGKILL) at a random point between write and rename leaves the original
 * or the new file, never a torn one.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HostId, MCPServer } from '../../../src-shared/config/server.js';
import { addServerToFile, removeServerFromFile, setServerEnabled, updateServerInFile, type EntryLocation } from './config-writer.js';
import { discoverServers } from './discovery.js';
import { createSandbox, type Sandbox } from './test-sandbox.js';

/** mulberry32: a small seeded PRNG (deterministic runs). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WEIRD = ['plain', 'with space', 'quote"d', "it's", 'colon: yes', '# not a comment', 'ünïcødé ✓', 'back\\slash', 'tab\there', '', '-dash', 'true', '123', '${HOME}x'];

interface Template {
  host: HostId;
  path: (sb: Sandbox) => string;
  text: string;
  comments: string[];
  /** Servers in the template (canonical fields the model checks). */
  servers: Record<string, Partial<MCPServer>>;
  /** The host keeps `enabled` in the file (else: Switchboard only, still read as disabled). */
  timeouts: boolean;
}

const TEMPLATES: Template[] = [
  {
    host: 'cursor',
    path: (sb) => join(sb.home, '.cursor', 'mcp.json'),
    text: '// top comment\n{\n  "mcpServers": {\n    "one": { "command": "node", "args": ["a.js"] },\n    "two": {\n      "url": "https://two.example/mcp", // remote\n      "headers": { "X": "1" }\n    }\n  },\n  /* keep me */ "version": 2\n}\n',
    comments: ['// top comment', '/* keep me */'],
    servers: { one: { transport: 'stdio', command: 'node', args: ['a.js'] }, two: { transport: 'http', url: 'https://two.example/mcp' } },
    timeouts: false,
  },
  {
    host: 'codex',
    path: (sb) => join(sb.home, '.codex', 'config.toml'),
    text: '# codex top\nmodel = "o3" # model\n\n[mcp_servers.one]\ncommand = "node"\nargs = ["a.js"]\n\n[mcp_servers.one.env]\nK = "v"\n\n# between\n[mcp_servers.two]\nurl = "https://two.example/mcp"\n\n[tui]\ntheme = "dark" # end\n',
    comments: ['# codex top', '# model', '# end'],
    servers: { one: { transport: 'stdio', command: 'node', args: ['a.js'] }, two: { transport: 'http', url: 'https://two.example/mcp' } },
    timeouts: true,
  },
  {
    host: 'goose',
    path: (sb) => join(sb.home, '.config', 'goose', 'config.yaml'),
    text: '# goose top\nGOOSE_MODEL: gpt  # model\nextensions:\n  one:\n    cmd: node   # runner\n    args: [a.js]\n    enabled: true\n    type: stdio\n\n  two:\n    type: sse\n    uri: https://two.example/sse\n    enabled: true\n# after extensions\nother: 1\n',
    comments: ['# goose top', '# model', '# after extensions'],
    servers: { one: { transport: 'stdio', command: 'node', args: ['a.js'] }, two: { transport: 'sse', url: 'https://two.example/sse' } },
    timeouts: true,
  },
  {
    host: 'zed',
    path: (sb) => join(sb.home, '.config', 'zed', 'settings.json'),
    text: '// Zed settings\n{\n  "theme": "One",\n  "context_servers": {\n    "one": { "command": "node", "args": ["a.js"], },\n    "two": { "url": "https://two.example/mcp" },\n  },\n  // trailing\n  "vim_mode": true,\n}\n',
    comments: ['// Zed settings', '// trailing'],
    servers: { one: { transport: 'stdio', command: 'node', args: ['a.js'] }, two: { transport: 'http', url: 'https://two.example/mcp' } },
    timeouts: true,
  },
  {
    host: 'continue',
    path: (sb) => join(sb.home, '.continue', 'config.yaml'),
    text: '# continue\nname: cfg\nmcpServers:\n  - name: one\n    command: node\n    args:\n      - a.js\n  - name: two\n    type: sse\n    url: https://two.example/sse\nmodels: []  # none\n',
    comments: ['# continue', '# none'],
    servers: { one: { transport: 'stdio', command: 'node', args: ['a.js'] }, two: { transport: 'sse', url: 'https://two.example/sse' } },
    timeouts: false,
  },
];

let sb: Sandbox;
beforeEach(async () => {
  sb = await createSandbox();
});
afterEach(() => sb.cleanup());

const ITERATIONS = 6;
const STEPS = 6;

describe('writer fuzz (seeded)', () => {
  for (const tpl of TEMPLATES) {
    it(`${tpl.host}: random add/edit/enable/disable/remove sequences keep the file readable and the rest intact`, async () => {
      const rand = prng(0x5eed + tpl.host.length);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
      for (let iter = 0; iter < ITERATIONS; iter++) {
        const file = await sb.write(tpl.path(sb), tpl.text);
        await writeFile(join(sb.dataDir, 'state.json'), '{}');
        const loc: EntryLocation = { host: tpl.host, file, scope: 'user' };
        const model = new Map<string, Partial<MCPServer>>(Object.entries(tpl.servers).map(([k, v]) => [k, { ...v, enabled: true }]));
        let counter = 0;
        for (let step = 0; step < STEPS; step++) {
          const names = [...model.keys()];
          const op = names.length === 0 ? 'add' : pick(['add', 'edit', 'enable', 'disable', 'remove', 'edit'] as const);
          if (op === 'add') {
            const name = `s${iter}_${counter++}`;
            const stdio = rand() < 0.5;
            const server: MCPServer = stdio
              ? { name, transport: 'stdio', command: pick(WEIRD.filter((w) => w !== '')), args: [pick(WEIRD), pick(WEIRD)], enabled: true }
              : { name, transport: tpl.host === 'codex' || tpl.host === 'zed' ? 'http' : pick(['http', 'sse'] as const), url: `https://h.example/${counter}`, enabled: true };
            if (stdio && rand() < 0.5) server.env = { KEY: pick(WEIRD) };
            await addServerToFile(loc, server, sb.ctx());
            model.set(name, { transport: server.transport, command: server.command, args: server.args, url: server.url, env: server.env, enabled: true });
          } else {
            const name = pick(names);
            const cur = model.get(name)!;
            if (op === 'remove') {
              await removeServerFromFile(loc, name, sb.ctx());
              model.delete(name);
            } else if (op === 'enable' || op === 'disable') {
              await setServerEnabled(loc, name, op === 'enable', sb.ctx());
              cur.enabled = op === 'enable';
            } else if (cur.transport === 'stdio') {
              const args = [pick(WEIRD)];
              await updateServerInFile(loc, name, { args }, sb.ctx());
              cur.args = args;
            } else {
              const url = `https://edited.example/${counter++}?q=${encodeURIComponent(pick(WEIRD))}`;
              await updateServerInFile(loc, name, { url }, sb.ctx());
              cur.url = url;
            }
          }
          const text = await readFile(file, 'utf8');
          for (const c of tpl.comments) expect(text, `${tpl.host} iter ${iter} step ${step}: comment kept`).toContain(c);
          const found = await discoverServers(sb.ctx());
          const mine = found.servers.filter((s) => s.source.file === file);
          expect(found.warnings.filter((w) => w.file === file && w.severity !== 'warning' && w.code !== 'disabled-in-switchboard-only' && w.code !== 'not-strict-json'), text).toEqual([]);
          expect(mine.map((s) => s.name).sort(), text).toEqual([...model.keys()].sort());
          for (const s of mine) {
            const want = model.get(s.name)!;
            expect({ transport: s.transport, command: s.command, args: s.args, url: s.url, enabled: s.enabled }, `${s.name} in\n${text}`).toEqual({
              transport: want.transport, command: want.command, args: want.args?.length ? want.args : undefined, url: want.url, enabled: want.enabled,
            });
            if (want.env) expect(s.env).toEqual(want.env);
          }
        }
      }
    });
  }
});

describe('atomic write under SIGKILL', () => {
  it('a writer killed at random points leaves the old or the new file, never a torn one', async () => {
    const target = join(sb.root, 'victim.json');
    const oldText = `${JSON.stringify({ mcpServers: { a: { command: 'x'.repeat(200_000) } } })}\n`;
    const newText = `${JSON.stringify({ mcpServers: { b: { command: 'y'.repeat(300_000) } } })}\n`;
    await writeFile(target, oldText);
    const script = fileURLToPath(new URL('../files/atomic-write.ts', import.meta.url));
    const rand = prng(42);
    const code = `import { writeFileAtomic } from ${JSON.stringify(script)}; import { readFileSync } from 'node:fs';
process.stdout.write('ready\\n');
const text = readFileSync(0, 'utf8');
for (;;) { await writeFileAtomic(${JSON.stringify(target)}, text); }`;
    const scriptFile = join(sb.root, 'writer-loop.mts');
    await writeFile(scriptFile, code);
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      // One process (tsx's CLI would fork a grandchild that survives the kill).
      const child = spawn(process.execPath, ['--import', 'tsx', scriptFile], { stdio: ['pipe', 'pipe', 'inherit'] });
      const started = await new Promise<boolean>((resolve) => {
        child.stdout!.once('data', () => resolve(true));
        child.once('close', () => resolve(false));
      });
      expect(started).toBe(true);
      child.stdin!.end(i % 2 === 0 ? newText : oldText);
      const killAfter = Math.floor(rand() * 150);
      await new Promise((r) => setTimeout(r, killAfter)); // a random kill point, not a synchronisation
      child.kill('SIGKILL');
      await new Promise((r) => child.once('close', r));
      const now = await readFile(target, 'utf8');
      expect([oldText, newText]).toContain(now);
      seen.add(now === oldText ? 'old' : 'new');
    }
    expect(seen.size).toBeGreaterThan(0);
  }, 180_000);
});
