/**
 * Issue 16 item 4 with real servers: server-everything twice, once from Codex's TOML file (a host
 * with a per-tool list) and once from Cursor's file (none). Token costs per tool, server and host;
 * a toggle written to Codex's `disabled_tools` (comments kept, the file back byte for byte when
 * switched on again), a Switchboard-only toggle for Cursor's server, and the bridge applying both.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { everythingScript, makeWorld } from '../composition/test-world.js';
import { ok, trackCores } from '../composition/test-cores.js';

const open = trackCores();

describe('context budget with real servers (issue 16 item 4)', () => {
  it('counts every tool per host, writes a toggle to Codex’s list and keeps Cursor’s in Switchboard only', async () => {
    const world = makeWorld();
    const codexFile = join(world.home, '.codex', 'config.toml');
    mkdirSync(join(world.home, '.codex'), { recursive: true });
    const codexText = [
      '# my codex settings',
      'model = "gpt-5"',
      '',
      '[mcp_servers.evcodex]',
      `command = ${JSON.stringify(process.execPath)}`,
      `args = [${JSON.stringify(everythingScript())}, "stdio"] # the reference server`,
      `env = { SB_TEST_MARKER = "${world.marker}" }`,
      '',
    ].join('\n');
    writeFileSync(codexFile, codexText);
    const cursorFile = join(world.home, '.cursor', 'mcp.json');
    mkdirSync(join(world.home, '.cursor'), { recursive: true });
    const cursorText = `${JSON.stringify({ mcpServers: { evcursor: { command: process.execPath, args: [everythingScript(), 'stdio'], env: { SB_TEST_MARKER: world.marker } } } }, null, 2)}\n`;
    writeFileSync(cursorFile, cursorText);

    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { watchConfig: false, eventDelayMs: 5 });
    open.push({ world, core });
    await core.start();
    await core.settled();

    const bridge = await ok(core.handlers['budget:get']({}));
    expect(bridge.tokenizer).toMatchObject({ package: 'gpt-tokenizer', encoding: 'o200k_base' });
    expect(bridge.tokenizer.note).toContain('estimate');
    const listed = await ok(core.handlers['tools:list']({}));
    expect(bridge.totals.tools).toBe(listed.length);
    expect(bridge.tools.length).toBe(listed.length);
    // Biggest first; totals are the sum of the tools that are on.
    const totals = bridge.tools.map((t) => t.tokens.total);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    expect(bridge.totals.tokens).toBe(totals.reduce((a, b) => a + b, 0));
    expect(bridge.servers.map((s) => s.server).sort()).toEqual(['evcodex', 'evcursor']);
    const ev = bridge.servers.find((s) => s.server === 'evcodex')!;
    expect(ev.tokens).toBeGreaterThan(1000);
    expect(ev.toggle).toEqual({ kind: 'file', host: 'codex', file: codexFile, keys: 'enabled_tools / disabled_tools' });
    expect(bridge.servers.find((s) => s.server === 'evcursor')!.toggle.kind).toBe('switchboard');
    const echo = bridge.tools.find((t) => t.server === 'evcodex' && t.tool === 'echo')!;
    expect(echo.name).toBe('mcp_evcodex_echo');
    expect(echo.tokens.total).toBeGreaterThan(echo.tokens.description + echo.tokens.inputSchema);
    console.log(`[budget] server-everything: ${ev.tools} tools, ${ev.tokens} tokens (bridge names); bridge total ${bridge.totals.tokens}`);

    // Each host's own view: its names, only its servers.
    expect(bridge.hosts.map((h) => h.id)).toEqual(['bridge', 'codex', 'cursor']);
    const codex = await ok(core.handlers['budget:get']({ host: 'codex' }));
    expect(codex.servers.map((s) => s.server)).toEqual(['evcodex']);
    expect(codex.tools.find((t) => t.tool === 'echo')!.name).toBe('mcp__evcodex__echo');
    expect(codex.naming).toBe('mcp__<server>__<tool>');
    const cursor = await ok(core.handlers['budget:get']({ host: 'cursor' }));
    expect(cursor.naming).toContain('raw tool name');
    expect(cursor.servers[0]!.toggle.kind).toBe('switchboard');
    console.log(`[budget] Codex's agent sees ${codex.totals.tools} tools, ~${codex.totals.tokens} tokens; Cursor's ${cursor.totals.tools}, ~${cursor.totals.tokens}`);

    // Off in Codex's own list: written to disabled_tools, nothing else in the file changes.
    const off = await ok(core.handlers['budget:setTool']({ server: 'evcodex', tool: 'echo', on: false }));
    expect(off).toMatchObject({ on: false, unchanged: false, target: { kind: 'file', host: 'codex' } });
    const written = readFileSync(codexFile, 'utf8');
    expect(written).toBe(codexText.replace(`env = { SB_TEST_MARKER = "${world.marker}" }\n`, `env = { SB_TEST_MARKER = "${world.marker}" }\ndisabled_tools = ["echo"]\n`));
    expect((await ok(core.handlers['tools:list']({ server: 'evcodex' }))).map((t) => t.name)).not.toContain('echo');
    const afterCodex = await ok(core.handlers['budget:get']({ host: 'codex' }));
    expect(afterCodex.totals.tokens).toBe(codex.totals.tokens - codex.tools.find((t) => t.tool === 'echo')!.tokens.total);
    expect(afterCodex.tools.find((t) => t.tool === 'echo')).toMatchObject({ on: false, offBy: 'host-list' });

    // Off for Cursor's server: Cursor's file has no list, so Switchboard only; the file is untouched.
    const sbOff = await ok(core.handlers['budget:setTool']({ server: 'evcursor', tool: 'echo', on: false }));
    expect(sbOff.target.kind).toBe('switchboard');
    expect(readFileSync(cursorFile, 'utf8')).toBe(cursorText);
    expect((await ok(core.handlers['tools:list']({ server: 'evcursor' }))).map((t) => t.name)).not.toContain('echo');
    const offCall = await core.handlers['tools:call']({ server: 'evcursor', tool: 'echo', args: { message: 'x' } });
    expect(!offCall.ok && offCall.error.message).toBe(
      'Tool "echo" on server "evcursor" is switched off in Switchboard (context budget); switch it on with: switchboard budget on evcursor echo',
    );
    const bridgeOff = await ok(core.handlers['budget:get']({}));
    expect(bridgeOff.totals.tools).toBe(bridge.totals.tools - 2);
    expect(bridgeOff.tools.find((t) => t.server === 'evcursor' && t.tool === 'echo')).toMatchObject({ on: false, offBy: 'switchboard' });
    // Cursor itself still sends it: its own total is unchanged.
    expect((await ok(core.handlers['budget:get']({ host: 'cursor' }))).totals.tokens).toBe(cursor.totals.tokens);
    // From Cursor's own view: its file has no list, so it is kept in Switchboard for Cursor's gateway door (issue 30).
    const forCursor = await ok(core.handlers['budget:setTool']({ server: 'evcursor', tool: 'echo', on: false, host: 'cursor' }));
    expect(forCursor.target).toEqual({
      kind: 'switchboard',
      note: "Cursor's file has no per-tool list: kept in Switchboard for Cursor (its gateway door, switchboard gateway --host cursor, leaves the tool out; Cursor itself still sends it from servers it starts on its own)",
    });
    expect(readFileSync(cursorFile, 'utf8')).toBe(cursorText);
    await ok(core.handlers['budget:setTool']({ server: 'evcursor', tool: 'echo', on: true, host: 'cursor' }));

    // On again: both back; Codex's file byte for byte as it was.
    await ok(core.handlers['budget:setTool']({ server: 'evcodex', tool: 'echo', on: true }));
    await ok(core.handlers['budget:setTool']({ server: 'evcursor', tool: 'echo', on: true }));
    expect(readFileSync(codexFile, 'utf8')).toBe(codexText);
    expect((await ok(core.handlers['budget:get']({}))).totals).toEqual(bridge.totals);
    const again = await ok(core.handlers['budget:setTool']({ server: 'evcodex', tool: 'echo', on: true }));
    expect(again.unchanged).toBe(true);
    const unknown = await core.handlers['budget:setTool']({ server: 'evcodex', tool: 'no-such-tool', on: false });
    expect(unknown.ok ? 'ok' : unknown.error.code).toBe('NOT_FOUND');
  }, 120_000);
});
