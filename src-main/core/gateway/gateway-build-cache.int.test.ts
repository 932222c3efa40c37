/**
 * The gateway's build cache (docs/gateway.md § Speed) keeps the rule "a toggle acts on the very
 * next call": with a real core over the gateway world (server-everything and server-memory in
 * Claude Code's file), each change is followed at once by a `gateway:call` — no `gateway:list`
 * between — and the call sees it: a per-host toggle off and on, a toggle written to state.json by
 * another process, the server stopped and started again.
 */
import { describe, expect, it } from 'vitest';
import { SwitchboardToolToggles } from '../budget/tool-toggles.js';
import { ok, trackCores } from '../composition/test-cores.js';
import { startedGatewayCore } from './test-gateway-world.js';

const open = trackCores();

describe('the gateway’s cached list (issue 30 bench)', () => {
  it('acts on a toggle, another process’s toggle and a stopped server at the very next call', async () => {
    const { core, world, claudeFile } = await startedGatewayCore(open);
    const call = (message: string) => core.handlers['gateway:call']({ host: 'claude-code', name: 'everything_echo', args: { message } });
    const echoed = async (message: string): Promise<string> => (await ok(call(message))).text;
    const offWords = 'Tool "everything_echo" is switched off for Claude Code in Switchboard; switch it on with: switchboard budget on everything echo --host claude-code';
    // Warm: the second call is served from the cached list.
    expect(await echoed('one')).toBe('Echo: one');
    expect(await echoed('two')).toBe('Echo: two');

    await ok(core.handlers['budget:setTool']({ server: 'everything', tool: 'echo', on: false, host: 'claude-code' }));
    expect(await call('x')).toEqual({ ok: false, error: { code: 'DISABLED', message: offWords } });
    await ok(core.handlers['budget:setTool']({ server: 'everything', tool: 'echo', on: true, host: 'claude-code' }));
    expect(await echoed('back')).toBe('Echo: back');

    // Another process of the data folder writes state.json: the next call reads it.
    const elsewhere = new SwitchboardToolToggles(world.dataDir);
    await elsewhere.set('everything', claudeFile, 'echo', false, 'claude-code');
    expect(await call('x')).toEqual({ ok: false, error: { code: 'DISABLED', message: offWords } });
    await elsewhere.set('everything', claudeFile, 'echo', true, 'claude-code');
    expect(await echoed('again')).toBe('Echo: again');

    // The server stopped: refused as not ready at once; started again: served.
    await ok(core.handlers['servers:stop']({ server: 'everything' }));
    const stopped = await call('x');
    expect(stopped.ok).toBe(false);
    expect(stopped.ok ? '' : stopped.error.code).toBe('NOT_CONNECTED');
    expect(stopped.ok ? '' : stopped.error.message).toMatch(/^Tool "everything_echo": server "everything": server not ready \(/);
    await ok(core.handlers['servers:start']({ server: 'everything' }));
    await core.settled();
    expect(await echoed('restarted')).toBe('Echo: restarted');
    expect((await ok(core.handlers['gateway:list']({ host: 'claude-code' }))).tools.map((t) => t.name)).toContain('everything_echo');
  }, 120_000);
});
