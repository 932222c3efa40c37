/**
 * Issue 30 item 2, completions through the gateway with real servers (the gateway world: Claude
 * Code's file holds server-everything and server-memory, Cursor's only server-memory):
 * `gateway:offers` names the listed servers that declare completions, per host; `gateway:complete`
 * relays a prompt argument (by the gateway's prompt name) and a resource template's variable to the
 * server through the inspector's `completion:complete`, and refuses what is outside the host's list
 * with the gate's words — another host's server included, by name or by the distinguishing form.
 */
import { describe, expect, it } from 'vitest';
import { ok, trackCores } from '../composition/test-cores.js';
import { startedGatewayCore } from './test-gateway-world.js';

const open = trackCores();

describe('completions through the gateway (issue 30)', () => {
  it('offers, relays and refuses per host', async () => {
    const { world, core } = await startedGatewayCore(open);
    const h = core.handlers;

    expect(await ok(h['gateway:offers']({ host: 'claude-code' }))).toEqual({ host: 'claude-code', project: world.project, completions: ['everything'], subscribe: ['everything', 'memory'], logging: ['everything'] });
    expect(await ok(h['gateway:offers']({ host: 'cursor' }))).toEqual({ host: 'cursor', project: world.project, completions: [], subscribe: ['memory'], logging: [] });

    const prompt = { type: 'ref/prompt', name: 'everything_completable-prompt' } as const;
    expect(await ok(h['gateway:complete']({ host: 'claude-code', ref: prompt, argument: { name: 'department', value: 'M' } }))).toEqual({ values: ['Marketing'], total: 1, hasMore: false });
    expect(await ok(h['gateway:complete']({ host: 'claude-code', ref: prompt, argument: { name: 'name', value: '' }, context: { department: 'Support' } }))).toMatchObject({ values: ['John', 'Kim', 'Lee'] });
    // The single-server door: the prompt's raw name.
    expect(await ok(h['gateway:complete']({ host: 'claude-code', server: 'everything', ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'E' } }))).toMatchObject({ values: ['Engineering'] });
    const template = { type: 'ref/resource', uri: 'demo://resource/dynamic/blob/{resourceId}' } as const;
    expect(await ok(h['gateway:complete']({ host: 'claude-code', ref: template, argument: { name: 'resourceId', value: '12' } }))).toMatchObject({ values: ['12'] });

    // Cursor's door holds no server-everything: refused with the gate's words, nothing sent to it.
    expect(await h['gateway:complete']({ host: 'cursor', ref: prompt, argument: { name: 'department', value: 'M' } })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Prompt "everything_completable-prompt": server "everything" is not in Cursor\'s servers' },
    });
    expect(await h['gateway:complete']({ host: 'cursor', ref: template, argument: { name: 'resourceId', value: '1' } })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Unknown resource template "demo://resource/dynamic/blob/{resourceId}" for Cursor: no resource template of its servers has that URI template through Switchboard\'s gateway' },
    });
    expect(await h['gateway:complete']({ host: 'cursor', ref: { type: 'ref/resource', uri: 'switchboard-gateway://everything/demo://resource/dynamic/blob/{resourceId}' }, argument: { name: 'resourceId', value: '1' } })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'Resource template "switchboard-gateway://everything/demo://resource/dynamic/blob/{resourceId}": server "everything" is not in Cursor\'s servers' },
    });
  });
});
