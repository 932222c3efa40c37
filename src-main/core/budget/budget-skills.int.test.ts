/**
 * Skills cost context (issue 35 item 3, docs/context-budget.md § What is counted) with real servers:
 * the skills fixture (fixtures/skills-server.mjs, the SDK's own `./ext/skills`) and a server without
 * the extension (many-tools-server.mjs, three tools); the skills fixture once more in the
 * 2025-11-25 era. The skills servers' rows and the totals count each listed skill's name and
 * description; the other server has no skills; the listing reads no file (`resources/read` never
 * arrives).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { ok, trackCores } from '../composition/test-cores.js';
import { everythingScript, makeWorld, writeOwnServers } from '../composition/test-world.js';

const SKILLS = fileURLToPath(new URL('../mcp/testing/fixtures/skills-server.mjs', import.meta.url));
const MANY = fileURLToPath(new URL('../mcp/testing/fixtures/many-tools-server.mjs', import.meta.url));

const open = trackCores();

describe('context budget with a server offering skills (issue 35 item 3)', () => {
  it("counts the skills' names and descriptions for that server only, in its tokens and the totals, reading no file", async () => {
    const world = makeWorld();
    const readLog = join(world.root, 'reads.log');
    writeFileSync(readLog, '');
    const env = { SB_TEST_MARKER: world.marker };
    const skills = { command: process.execPath, args: [SKILLS], env: { ...env, FIXTURE_READ_LOG: readLog } };
    writeOwnServers(world, { skilled: skills, 'skilled-legacy': { ...skills, protocol: 'legacy' }, plain: { command: process.execPath, args: [MANY], env: { ...env, MANY_TOOLS: '3' } } });
    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { watchConfig: false });
    open.push({ world, core });
    await core.start();
    await core.settled();

    const b = await ok(core.handlers['budget:get']({}));
    const skilled = b.servers.find((s) => s.server === 'skilled');
    const plain = b.servers.find((s) => s.server === 'plain');
    // The fixture lists eight skills; their {"name","description"} texts are 122 tokens with o200k_base.
    expect(skilled).toMatchObject({ listed: true, skills: 8, skillTokens: 122 });
    const toolTokens = (server: string) => b.tools.filter((t) => t.server === server && t.on).reduce((n, t) => n + t.tokens.total, 0);
    expect(skilled?.tokens).toBe(toolTokens('skilled') + 122);
    expect(plain).toMatchObject({ listed: true, tools: 3 });
    expect(plain).not.toHaveProperty('skills');
    expect(plain?.tokens).toBe(toolTokens('plain'));
    // The same in the 2025-11-25 era.
    expect(b.servers.find((s) => s.server === 'skilled-legacy')).toMatchObject({ skills: 8, skillTokens: 122, tokens: toolTokens('skilled-legacy') + 122 });
    expect(b.totals).toMatchObject({ skills: 16, skillTokens: 244, tokens: toolTokens('skilled') + toolTokens('skilled-legacy') + toolTokens('plain') + 244 });
    expect(b.hosts.find((h) => h.id === 'bridge')?.tokens).toBe(b.totals.tokens);
    // skills/list only: not one file was read.
    expect(readFileSync(readLog, 'utf8')).toBe('');
  });
});
