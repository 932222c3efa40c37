import { describe, expect, it } from 'vitest';
import { looksLikeEnvName, ValueResolver } from './value-resolution.js';
import { readdirSync, readFileSync } from 'node:fs';
import { testDefinition, waitFor } from '../testing/test-helpers.js';

describe('ValueResolver (docs/auth.md)', () => {
  it('runs "!command" in the real shell, trims stdout, and caches the success', async () => {
    const r = new ValueResolver({ env: { SHELL: '/bin/sh', PATH: process.env.PATH } });
    expect(await r.resolve('!printf "  tok-1 \\n"')).toEqual({ value: 'tok-1' });
    expect(await r.resolve('!exit 3')).toEqual({ reason: '"!" command failed (exit code 3)' });
  });

  it('shares one execution between concurrent resolutions and caches for the lifetime; clear() forgets', async () => {
    let runs = 0;
    const r = new ValueResolver({
      env: {},
      run: async (cmd) => {
        runs++;
        await new Promise((res) => setImmediate(res));
        return `out:${cmd}`;
      },
    });
    const all = await Promise.all([r.resolve('!get'), r.resolve('!get'), r.resolve('!get')]);
    expect(all).toEqual([{ value: 'out:get' }, { value: 'out:get' }, { value: 'out:get' }]);
    expect(runs).toBe(1);
    await r.resolve('!get');
    expect(runs).toBe(1);
    r.clear();
    await r.resolve('!get');
    expect(runs).toBe(2);
  });

  it('a failed command is not cached', async () => {
    let runs = 0;
    const r = new ValueResolver({ env: {}, run: async () => (runs++ === 0 ? Promise.reject(new Error('boom')) : 'ok') });
    expect(await r.resolve('!x')).toEqual({ reason: '"!" boom' });
    expect(await r.resolve('!x')).toEqual({ value: 'ok' });
  });

  it('times out a slow command after the timeout (real shell)', async () => {
    const r = new ValueResolver({ env: { PATH: process.env.PATH, SHELL: '/bin/sh' }, timeoutMs: 200 });
    expect(await r.resolve('!sleep 5')).toEqual({ reason: '"!" command timed out after 200 ms' });
  });

  it.skipIf(process.platform !== 'linux')('a timed-out or disposed command leaves no child behind: the whole process group is killed (Linux only: reads /proc)', async () => {
    const tag = `77.${process.pid}${Date.now() % 100000}`;
    const sleeping = (): boolean =>
      readdirSync('/proc').some((p) => {
        try {
          return /^\d+$/.test(p) && readFileSync(`/proc/${p}/cmdline`, 'latin1').includes(tag) && !/\) Z /.test(readFileSync(`/proc/${p}/stat`, 'latin1'));
        } catch {
          return false;
        }
      });
    const r = new ValueResolver({ env: { PATH: process.env.PATH, SHELL: '/bin/sh' }, timeoutMs: 300 });
    expect(await r.resolve(`!sleep ${tag}; echo x`)).toEqual({ reason: '"!" command timed out after 300 ms' });
    await waitFor(() => !sleeping(), 'the sleep to be killed', 3_000);

    const slow = new ValueResolver({ env: { PATH: process.env.PATH, SHELL: '/bin/sh' } });
    const pending = slow.resolve(`!sleep ${tag}1; echo y`);
    await waitFor(() => sleeping(), 'the sleep to start', 3_000);
    slow.dispose();
    expect(await pending).toMatchObject({ reason: expect.stringMatching(/^"!" command killed by SIGKILL$/) });
    await waitFor(() => !sleeping(), 'the sleep to be killed on dispose', 3_000);
  });

  it('a failed command shows its exit code, never its stderr or command line; the log gets a masked excerpt', async () => {
    const r = new ValueResolver({ env: { PATH: process.env.PATH, SHELL: '/bin/sh' } });
    const out = await r.resolve('!echo "denied: STDERR_SECRET_abc" >&2; exit 1');
    expect(out).toEqual({ reason: '"!" command failed (exit code 1)', logDetail: 'denied: […]' });
    const resolved = await r.resolveDefinition(testDefinition({ name: 's', transport: 'stdio', command: 'x', env: { API_KEY: '!echo STDERR_SECRET_abc >&2; exit 2' } }));
    expect(resolved.dropped).toEqual([{ key: 'env.API_KEY', reason: '"!" command failed (exit code 2)', logDetail: '[…]' }]);
  });

  it('env names: set → value; unset ALL_CAPS_WITH_UNDERSCORES → dropped; other text → literal', async () => {
    const r = new ValueResolver({ env: { MY_TOKEN: 'secret' } });
    expect(await r.resolve('MY_TOKEN')).toEqual({ value: 'secret' });
    expect(await r.resolve('GITHUB_TOKEN')).toEqual({ reason: 'environment variable GITHUB_TOKEN is not set' });
    expect(await r.resolve('ghp_literal123')).toEqual({ value: 'ghp_literal123' });
    expect(await r.resolve('Bearer abc')).toEqual({ value: 'Bearer abc' });
    expect(looksLikeEnvName('PATH')).toBe(false);
    expect(looksLikeEnvName('API_KEY_2')).toBe(true);
  });

  it('resolves env, headers and auth of own-file servers; reports dropped entries; other hosts untouched', async () => {
    const r = new ValueResolver({ env: { TEAM: 'blue' }, run: async () => 'cmd-token\n' });
    const def = testDefinition({
      name: 's',
      transport: 'http',
      url: 'http://127.0.0.1/mcp',
      headers: { 'X-Team': 'TEAM', 'X-Missing': 'NOT_SET_ANYWHERE', 'X-Lit': 'plain' },
      auth: { type: 'bearer', token: '!get-token' },
    });
    const out = await r.resolveDefinition(def);
    expect(out.headers).toEqual({ 'X-Team': 'blue', 'X-Lit': 'plain' });
    expect(out.auth).toEqual({ type: 'bearer', token: 'cmd-token' });
    expect(out.dropped).toEqual([{ key: 'headers.X-Missing', reason: 'environment variable NOT_SET_ANYWHERE is not set' }]);

    const cursor = { ...def, source: { host: 'cursor' as const, file: '/x/mcp.json', scope: 'user' as const } };
    const passthrough = await r.resolveDefinition(cursor);
    expect(passthrough.headers).toEqual(def.headers);
    expect(passthrough.auth).toEqual(def.auth);
    expect(passthrough.dropped).toEqual([]);
  });

  it('secret references resolve for every host; a missing one is dropped with its reason', async () => {
    const r = new ValueResolver({
      env: {},
      resolveSecretRef: async (_def, value) => {
        if (!value.includes('${secret:')) return undefined;
        if (value.includes('${secret:gone}')) throw new Error('No secret stored for ${secret:gone}');
        return value.replace('${secret:gh}', 'ghp_real');
      },
    });
    const def = testDefinition({
      name: 'v',
      transport: 'http',
      url: 'http://127.0.0.1/mcp',
      headers: { Authorization: 'Bearer ${secret:gh}', 'X-Other': '${secret:gone}', 'X-Bang': '!not-run' },
      source: { host: 'vscode', file: '/p/.vscode/mcp.json', scope: 'project' },
    });
    const out = await r.resolveDefinition(def);
    expect(out.headers).toEqual({ Authorization: 'Bearer ghp_real', 'X-Bang': '!not-run' });
    expect(out.dropped).toEqual([{ key: 'headers.X-Other', reason: 'No secret stored for ${secret:gone}' }]);
  });

  it('a reference the hook refuses as not bound is dropped with notBound, in env/headers and in args/url (checked, never filled) — issue 26 item 1', async () => {
    const notBound = Object.assign(new Error('not yours'), { code: 'SECRET_NOT_BOUND' });
    const r = new ValueResolver({
      env: {},
      resolveSecretRef: async (_def, value) => {
        if (!value.includes('${secret:')) return undefined;
        if (value.includes('${secret:theirs}')) throw notBound;
        return value.replace('${secret:mine}', 'mine-value');
      },
    });
    const def = testDefinition({ name: 'n', transport: 'stdio', command: 'node', args: ['--key', '${secret:theirs}', '${secret:mine}'], env: { A: '${secret:mine}', B: '${secret:theirs}' }, source: { host: 'cursor', file: '/h/.cursor/mcp.json', scope: 'user' } });
    expect(r.resolveDefinitionSync({ ...def, env: {} })).toBeUndefined();
    const out = await r.resolveDefinition(def);
    expect(out.env).toEqual({ A: 'mine-value' });
    expect(out.dropped).toEqual([
      { key: 'args[1]', reason: 'not yours', notBound: true, cause: notBound },
      { key: 'env.B', reason: 'not yours', notBound: true, cause: notBound },
    ]);
  });

  it('resolveDefinitionSync agrees with resolveDefinition, and defers when a command or reference needs waiting', async () => {
    const r = new ValueResolver({ env: { TEAM: 'blue' } });
    const def = testDefinition({
      name: 's',
      transport: 'http',
      url: 'http://127.0.0.1/mcp',
      headers: { 'X-Team': 'TEAM', 'X-Missing': 'NOT_SET_ANYWHERE', 'X-Lit': 'plain' },
      auth: { type: 'basic', username: 'TEAM', password: 'pw' },
    });
    expect(r.resolveDefinitionSync(def)).toEqual(await r.resolveDefinition(def));
    expect(r.resolveDefinitionSync({ ...def, headers: { A: '!cmd' } })).toBeUndefined();
  });
});
