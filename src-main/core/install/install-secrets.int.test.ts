/**
 * Secrets in an install link through the real core and the OS keychain (trial 5 finding 3): env
 * values that are secrets by shape (`sk-proj-…`, `xoxb-…`) go to the keychain with a reference in
 * servers.json; an argument's secret stays in the file (the dialog said so) but its echo in the
 * server's stderr is redacted in the server's error and its log. Run inside a D-Bus session.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeWorld, waitFor, writeOwnServers, type TempWorld } from '../composition/test-world.js';
import { startCore, type CoreHarness } from '../channels/test-fixtures.js';

let world: TempWorld;
let h: CoreHarness;

beforeAll(async () => {
  world = makeWorld();
  writeOwnServers(world, {});
  h = await startCore(world);
}, 120_000);

afterAll(async () => {
  await h?.dispose();
  world?.cleanup();
});

describe('install link secrets', () => {
  it('shape-recognised env secrets go to the keychain; an argument secret echoed on stderr is redacted', async () => {
    const config = { command: process.execPath, args: ['--api-key=sk-proj-ARGSECRET123456'], env: { OPENAI: 'sk-proj-abc123def456ghi789', SB_TEST_MARKER: world.marker } };
    const link = `mcp-switchboard://install?name=sec&config=${Buffer.from(JSON.stringify(config)).toString('base64url')}`;
    const preview = await h.core.handlers['install:preview']({ link });
    if (!preview.ok) throw new Error(preview.error.message);
    expect(preview.data.args).toEqual(['--api-key=••••••••']);
    const done = await h.core.handlers['install:confirm']({ id: preview.data.id });
    if (!done.ok) throw new Error(done.error.message);
    const written = readFileSync(join(world.dataDir, 'servers.json'), 'utf8');
    expect(written).not.toContain('sk-proj-abc123def456ghi789');
    expect(JSON.parse(written).mcpServers.sec.env.OPENAI).toMatch(/^\$\{secret:[^}]+\}$/);
    // node refuses the flag and echoes it on stderr: the server fails; what we show holds no secret.
    let shown = '';
    expect(
      await waitFor(async () => {
        const l = await h.core.handlers['servers:list']({});
        const s = l.ok ? l.data.servers.find((x) => x.server.name === 'sec') : undefined;
        shown = JSON.stringify(s ?? '');
        return s?.lastError !== undefined && s.lastError.includes('bad option');
      }, 60_000),
    ).toBe(true);
    expect(shown).toContain('--api-key=[redacted]');
    expect(shown).not.toContain('ARGSECRET');
  });
});
