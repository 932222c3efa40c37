/**
 * Issue 30 items 2 and 4 with a real backend (fixtures/apps-server.mjs on @modelcontextprotocol/server):
 * the MCP Apps `visibility` is read into the tool model; an app-only tool is in Switchboard's own
 * list (tagged) but never in a host's gateway list, and a call to it is refused as app-only; a tool
 * switched off for the host and a tool held by a pin in `block` mode are refused with their words;
 * every refused gateway call is in the call history with its host, the name asked for and why.
 * Item 5: a server whose command does not exist and one that never answers `initialize` are named in
 * the list's server states while the healthy one is listed complete (`settleMs`: a bounded wait).
 */
import { describe, expect, it } from 'vitest';
import { createSwitchboardCore } from '../composition/switchboard-core.js';
import { ok, trackCores } from '../composition/test-cores.js';
import { everythingScript, waitFor } from '../composition/test-world.js';
import { makeFiltersWorld } from './test-filters-world.js';

const open = trackCores();

describe('the gateway’s filters with an MCP Apps backend (issue 30)', () => {
  it('names a server whose command does not exist and one that never answers initialize, and lists the healthy one complete (item 5)', async () => {
    const world = makeFiltersWorld({ dead: true });
    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { watchConfig: false, eventDelayMs: 5 });
    open.push({ world, core });
    await core.start();
    // Not settled (mute would hold that until its connect timeout): the list's own bounded wait.
    const list = await ok(core.handlers['gateway:list']({ host: 'claude-code', settleMs: 5_000 }));
    expect(list.tools.map((t) => t.name)).toEqual(['apps_echo', 'apps_grow', 'apps_show']);
    expect(list.servers.map((s) => [s.server, s.state, s.tools])).toEqual([
      ['apps', 'listed', 3],
      ['gone', 'not-ready', 0],
      ['mute', 'not-ready', 0],
    ]);
    expect(list.servers[1]?.reason).toBe(`server not ready (error): spawn ${world.root}/no-such-command ENOENT: no such file ${world.root}/no-such-command (a command with a folder in it is not looked up on PATH)`);
    expect(list.servers[2]?.reason).toBe('server not ready (connecting): no answer to server/discover yet');
    // Servers not ready may offer completions, subscriptions and logging once connected: the door advertises them.
    const offers = await ok(core.handlers['gateway:offers']({ host: 'claude-code' }));
    expect([offers.completions, offers.subscribe, offers.logging]).toEqual([['gone', 'mute'], ['gone', 'mute'], ['gone', 'mute']]);
    expect(await core.handlers['gateway:call']({ host: 'claude-code', name: 'mute_anything', args: {} })).toEqual({
      ok: false,
      error: { code: 'NOT_CONNECTED', message: 'Tool "mute_anything": server "mute": server not ready (connecting): no answer to server/discover yet' },
    });
    // Resources and prompts of a held-back server are refused the same way.
    expect(await core.handlers['gateway:read']({ host: 'claude-code', uri: 'switchboard-gateway://mute/ui://x' })).toMatchObject({ ok: false, error: { code: 'NOT_CONNECTED' } });
    expect(await core.handlers['gateway:getPrompt']({ host: 'claude-code', name: 'gone_hello', args: {} })).toMatchObject({ ok: false, error: { code: 'NOT_CONNECTED', message: expect.stringMatching(/^Prompt "gone_hello": server "gone": server not ready/) } });
  }, 120_000);

  it('holds back app-only, off and pin-blocked tools, refuses each by name and keeps every refusal in the history', async () => {
    const world = makeFiltersWorld();
    const core = createSwitchboardCore({ platform: world.platform, projectDir: world.project, dataDir: world.dataDir, mode: 'web', version: '1.0.0', referenceServer: { command: process.execPath, args: [everythingScript(), 'stdio'] } }, { watchConfig: false, eventDelayMs: 5 });
    open.push({ world, core });
    await core.start();
    await core.settled();

    // Switchboard's own list carries the visibility the server declares (none: absent).
    const own = await ok(core.handlers['tools:list']({ server: 'apps' }));
    expect(own.map((t) => [t.name, t.visibility])).toEqual([
      ['echo', undefined],
      ['show', undefined],
      ['refresh', ['app']],
      ['grow', undefined],
    ]);
    const list = await ok(core.handlers['gateway:list']({ host: 'claude-code' }));
    expect(list.tools.map((t) => t.name)).toEqual(['apps_echo', 'apps_grow', 'apps_show']);
    expect(list.servers).toEqual([{ server: 'apps', state: 'listed', tools: 3 }]);

    const call = (name: string, host: 'claude-code' | 'cursor' = 'claude-code', server?: string) =>
      core.handlers['gateway:call']({ host, name, args: { message: 'x' }, ...(server !== undefined ? { server } : {}) });
    const appOnly = 'is app-only: its server marks it for MCP Apps only (_meta.ui.visibility ["app"]), so Switchboard\'s gateway never gives it to Claude Code\'s agent';
    expect(await call('apps_refresh')).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: `Tool "apps_refresh" ${appOnly}` } });
    expect(await call('refresh', 'claude-code', 'apps')).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: `Tool "refresh" ${appOnly}` } });
    expect(await call('Apps_Refresh')).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Unknown tool "Apps_Refresh" for Claude Code: it differs only in case or Unicode form from "apps_refresh", and names are matched exactly' },
    });
    // A full-width "ｒ" (the same name in NFKC form only) and an NFD "é" are never matched.
    expect(await call('apps_\uFF52efresh')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: expect.stringContaining('differs only in case or Unicode form from "apps_refresh"') } });
    expect(await call('apps_e\u0301cho')).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Unknown tool "apps_e\u0301cho" for Claude Code: no tool of that name in its list through Switchboard\'s gateway' } });
    expect(await call('apps_refresh', 'cursor')).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'Tool "apps_refresh": server "apps" is not in Cursor\'s servers' } });

    // Switched off for Claude Code.
    await ok(core.handlers['budget:setTool']({ server: 'apps', tool: 'echo', on: false, host: 'claude-code' }));
    const offWords = 'is switched off for Claude Code in Switchboard; switch it on with: switchboard budget on apps echo --host claude-code';
    expect(await call('apps_echo')).toEqual({ ok: false, error: { code: 'DISABLED', message: `Tool "apps_echo" ${offWords}` } });
    expect(await call('echo', 'claude-code', 'apps')).toEqual({ ok: false, error: { code: 'DISABLED', message: `Tool "echo" ${offWords}` } });

    // A tool added after the pins were taken, in block mode: held by the pin.
    await ok(core.handlers['pins:setMode']({ server: 'apps', mode: 'block' }));
    expect((await ok(core.handlers['gateway:call']({ host: 'claude-code', name: 'apps_grow', args: {} }))).text).toBe('added grown');
    // Its pins see `grown` as added once the server's new list is read.
    expect(await waitFor(async () => JSON.stringify(await ok(core.handlers['pins:list']({ server: 'apps' }))).includes('"grown"'), 30_000)).toBe(true);
    const pinWords = 'is held by a pin in block mode (it changed since it was pinned); see: switchboard pins apps';
    expect(await call('apps_grown')).toEqual({ ok: false, error: { code: 'DISABLED', message: `Tool "apps_grown" ${pinWords}` } });
    expect((await ok(core.handlers['gateway:list']({ host: 'claude-code' }))).tools.map((t) => t.name)).toEqual(['apps_grow', 'apps_show']);

    // Every refusal is in the history, with the host, the name asked for and why; the calls that ran too.
    const history = await ok(core.handlers['history:list']({}));
    // (Sorted: records of the same millisecond come in no fixed order.)
    const rows = (list: unknown[][]): unknown[][] => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(rows(history.map((r) => [r.server, r.tool, r.outcome, r.via?.host, r.refused?.name, r.refused?.code]))).toEqual(rows([
      ['apps', 'refresh', 'refused', 'claude-code', 'apps_refresh', 'NOT_FOUND'],
      ['apps', 'refresh', 'refused', 'claude-code', 'refresh', 'NOT_FOUND'],
      ['', 'Apps_Refresh', 'refused', 'claude-code', 'Apps_Refresh', 'NOT_FOUND'],
      ['', 'apps_\uFF52efresh', 'refused', 'claude-code', 'apps_\uFF52efresh', 'NOT_FOUND'],
      ['', 'apps_e\u0301cho', 'refused', 'claude-code', 'apps_e\u0301cho', 'NOT_FOUND'],
      ['apps', 'apps_refresh', 'refused', 'cursor', 'apps_refresh', 'NOT_FOUND'],
      ['apps', 'echo', 'refused', 'claude-code', 'apps_echo', 'DISABLED'],
      ['apps', 'echo', 'refused', 'claude-code', 'echo', 'DISABLED'],
      ['apps', 'grow', 'ok', 'claude-code', undefined, undefined],
      ['apps', 'grown', 'refused', 'claude-code', 'apps_grown', 'DISABLED'],
    ]));
    const refusedRecord = history.find((r) => r.refused?.name === 'apps_refresh' && r.via?.host === 'claude-code');
    expect(refusedRecord?.refused?.reason).toBe(`Tool "apps_refresh" ${appOnly}`);
    expect(refusedRecord?.preview).toBe(`Tool "apps_refresh" ${appOnly}`);
    expect(refusedRecord?.args).toEqual({ message: 'x' });
  }, 120_000);
});
