/**
 * `switchboard servers --host <id>` as a real child process (issue 14 item 4): the failing input —
 * one server name in Claude Desktop's file and in Cursor's — shows Claude Desktop's own server as
 * active, "also defined in" Cursor's file, never shadowed by it (Claude Desktop never reads it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostView } from '../../src-shared/api/config.js';
import { makeWorld, runSwitchboard, type TempWorld } from '../core/composition/test-world.js';

let world: TempWorld;
let desktop: string;
let cursor: string;

function write(path: string, value: unknown): string {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
  return path;
}

beforeAll(() => {
  world = makeWorld();
  desktop = write(join(world.xdgConfig, 'Claude', 'claude_desktop_config.json'), { mcpServers: { weather: { command: 'desktop-weather' } }, preferences: {} });
  cursor = write(join(world.home, '.cursor', 'mcp.json'), { mcpServers: { weather: { command: 'cursor-weather' } } });
});
afterAll(() => world.cleanup());

describe('servers --host claude-desktop', () => {
  it("shows Claude Desktop's server active, also defined in Cursor's file (--json and text)", async () => {
    const json = await runSwitchboard(world, ['servers', '--host', 'claude-desktop', '--json']);
    expect(json.code).toBe(0);
    const view = JSON.parse(json.stdout) as HostView;
    expect(view.files.filter((f) => f.exists).map((f) => f.path)).toEqual([desktop]);
    expect(view.entries.map((e) => [e.server.name, e.server.command, e.loaded, e.state])).toEqual([['weather', 'desktop-weather', true, 'active']]);
    expect(view.entries[0]!.alsoDefinedIn).toEqual([expect.objectContaining({ host: 'cursor', file: cursor })]);

    const text = await runSwitchboard(world, ['servers', '--host', 'claude-desktop']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('● weather  desktop-weather');
    expect(text.stdout).toContain(`also defined in Cursor (user) ${cursor}:3`);
    expect(text.stdout).not.toMatch(/shadowed/);
  });

  it('the whole-machine list still says which definition Switchboard runs (Cursor, rank 6, over Claude Desktop, rank 10)', async () => {
    const run = await runSwitchboard(world, ['servers', '--json']);
    const report = JSON.parse(run.stdout) as { shadowed: Array<{ server: { source: { host: string } }; shadowedBy: { host: string } }> };
    expect(report.shadowed.map((s) => [s.server.source.host, s.shadowedBy.host])).toEqual([['claude-desktop', 'cursor']]);
  });
});

describe('servers --host with a file that does not parse (issue 27 item 9)', () => {
  it('shows the file as an error with line and column, never as fine with no servers', async () => {
    const other = makeWorld();
    try {
      const file = join(other.home, '.cursor', 'mcp.json');
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, '{\n  "mcpServers": {\n    "a": { "command": "node" }\n    "b": { "command": "node" }\n  }\n}\n');
      const json = await runSwitchboard(other, ['servers', '--host', 'cursor', '--json']);
      expect(json.code).toBe(0);
      const view = JSON.parse(json.stdout) as HostView;
      expect(view.files.find((f) => f.path === file)).toEqual({ path: file, scope: 'user', exists: true, error: { message: 'Malformed JSON: comma expected at line 4, column 5', line: 4, column: 5 } });
      const text = await runSwitchboard(other, ['servers', '--host', 'cursor']);
      expect(text.stdout).toContain(`    ✕ ${file}:4:5  (user)\n        Malformed JSON: comma expected at line 4, column 5\n`);
      expect(text.stdout).not.toContain(`✓ ${file}`);
    } finally {
      other.cleanup();
    }
  });
});
