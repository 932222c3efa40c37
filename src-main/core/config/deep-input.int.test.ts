/**
 * Attack-pass finding (c), issue 14: a value nested 10,000 levels deep given to `config:add` (any
 * face: UI, web, CLI) is a clear error and writes nothing. Failing input: an unknown field holding
 * it was written, and every later read refused the whole servers.json ("nests deeper than 256").
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { trackCores } from '../composition/test-cores.js';
import { everythingScript, makeWorld } from '../composition/test-world.js';

const open = trackCores();

function nested(levels: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < levels; i++) v = i % 2 === 0 ? { a: v } : [v];
  return v;
}

describe('config:add with a deeply nested value', () => {
  it('refuses it in words, before anything is written', async () => {
    const world = makeWorld();
    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'cli', version: '0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { onlyServers: [] });
    open.push({ world, core });
    for (const server of [
      { name: 'd1', transport: 'stdio', command: 'node', extra: nested(10_000) },
      { name: 'd2', transport: 'stdio', command: 'node', env: { A: nested(10_000) } },
      { name: 'd3', transport: 'http', url: 'https://a.example/mcp', headers: nested(10_000) },
    ]) {
      const r = await core.handlers['config:add']({ server } as never);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('INVALID_CONFIG');
        expect(r.error.message).toMatch(/^Invalid server config: .* nests deeper than 200 levels \(a config file cannot hold it\)$/);
      }
    }
    expect(existsSync(join(world.dataDir, 'servers.json'))).toBe(false);
    // A value of ordinary depth is still written.
    const r = await core.handlers['config:add']({ server: { name: 'fine', transport: 'stdio', command: 'node', extra: nested(20) } } as never);
    expect(r.ok).toBe(true);
  }, 120_000);
});
