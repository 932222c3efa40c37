/**
 * Resources and prompts through the gateway from fixed inputs (issue 30 item 2, docs/gateway.md §
 * Resources and prompts): a URI two servers list (the second under its distinguishing form,
 * reported), reads routed by exposed URI, distinguishing form and template start, each server
 * through the same gate as tools; prompt names from the tools' naming code, refused with words.
 */
import { describe, expect, it } from 'vitest';
import type { GatewayList } from '../../../src-shared/api/gateway.js';
import { distinguishedUri, parseDistinguished, promptTarget, promptView, resourceTarget, resourceView } from './gateway-kinds.js';
import type { GatewayGate } from './gateway-view.js';

const gate: GatewayGate = {
  served: new Map(),
  held: new Map(),
  unlisted: [{ part: 'u', server: 'u', refusal: { code: 'UNTRUSTED', message: 'server "u": server not trusted; see: switchboard trust' } }],
  foreign: [{ part: 'other', server: 'other' }],
};
const list: GatewayList = {
  host: 'claude-code',
  project: '/p',
  tools: [],
  servers: [
    { server: 'a', state: 'listed', tools: 0 },
    { server: 'b/x', state: 'listed', tools: 0 },
    { server: 'u', state: 'untrusted', reason: 'server not trusted; see: switchboard trust', tools: 0 },
  ],
  collisions: [],
};
const res = (uri: string) => ({ uri, name: uri });
const view = resourceView([
  { server: 'a', resources: [res('file:///same'), res('file:///a-only')], templates: [{ uriTemplate: 'demo://a/{id}', name: 't', arguments: ['id'] }] },
  { server: 'b/x', resources: [res('file:///same'), res('file:///same')], templates: [] },
]);

describe('gateway resources (issue 30 item 2)', () => {
  it('keeps the first server’s URI, exposes a repeated one under the distinguishing form and reports it', () => {
    expect(distinguishedUri('b/x', 'file:///same')).toBe('switchboard-gateway://b%2Fx/file:///same');
    expect(parseDistinguished('switchboard-gateway://b%2Fx/file:///same')).toEqual({ server: 'b/x', uri: 'file:///same' });
    expect(parseDistinguished('switchboard-gateway:///nothing')).toBeUndefined();
    expect(view.resources.map((r) => [r.server, r.uri, r.serverUri ?? null])).toEqual([
      ['a', 'file:///same', null],
      ['a', 'file:///a-only', null],
      ['b/x', 'switchboard-gateway://b%2Fx/file:///same', 'file:///same'],
    ]);
    expect(view.collisions).toEqual([{ uri: 'file:///same', servers: ['a', 'b/x'], exposed: ['file:///same', 'switchboard-gateway://b%2Fx/file:///same'] }]);
    expect(view.templates).toEqual([{ uriTemplate: 'demo://a/{id}', name: 't', arguments: ['id'], server: 'a' }]);
  });

  it('routes a read by exposed URI, distinguishing form or template start; refuses through the one gate', () => {
    const target = (uri: string, l: GatewayList = list) => resourceTarget(view, gate, l, uri);
    expect(target('file:///same')).toEqual({ server: 'a', uri: 'file:///same' });
    expect(target('switchboard-gateway://b%2Fx/file:///same')).toEqual({ server: 'b/x', uri: 'file:///same' });
    expect(target('demo://a/7')).toEqual({ server: 'a', uri: 'demo://a/7' });
    expect(target('switchboard-gateway://u/file:///x')).toEqual({ code: 'UNTRUSTED', message: 'Resource "switchboard-gateway://u/file:///x": server "u": server not trusted; see: switchboard trust' });
    expect(target('switchboard-gateway://other/file:///x')).toEqual({ code: 'NOT_FOUND', message: 'Resource "switchboard-gateway://other/file:///x": server "other" is not in Claude Code\'s servers' });
    expect(target('file:///nowhere')).toEqual({
      code: 'NOT_FOUND',
      message: 'Unknown resource "file:///nowhere" for Claude Code: no resource or resource template of its servers gives that URI through Switchboard\'s gateway',
    });
    // The single-server door sends an unlisted URI to its server.
    expect(target('file:///nowhere', { ...list, server: 'a' })).toEqual({ server: 'a', uri: 'file:///nowhere' });
  });
});

describe('gateway prompts (issue 30 item 2)', () => {
  it('names prompts as tools are named and refuses what is not served with words', () => {
    const p = promptView('claude-code', [{ server: 'a', prompts: [{ name: 'z' }, { name: 'hello world' }] }, { server: 'a_hello', prompts: [{ name: 'world' }] }], gate, false);
    expect(p.prompts.map((x) => [x.name, x.server, x.prompt])).toEqual([
      ['a_hello_world', 'a', 'hello world'],
      ['a_z', 'a', 'z'],
      ['a_hello_world_2', 'a_hello', 'world'],
    ]);
    expect(p.collisions).toEqual([{ name: 'a_hello_world', prompts: [{ server: 'a', prompt: 'hello world' }, { server: 'a_hello', prompt: 'world' }] }]);
    expect(promptTarget(p.gate, 'claude-code', 'a_hello_world_2', false)).toEqual({ server: 'a_hello', prompt: 'world' });
    expect(promptTarget(p.gate, 'claude-code', 'u_x', false)).toEqual({ code: 'UNTRUSTED', message: 'Prompt "u_x": server "u": server not trusted; see: switchboard trust' });
    expect(promptTarget(p.gate, 'claude-code', 'A_Z', false)).toEqual({
      code: 'NOT_FOUND',
      message: 'Unknown prompt "A_Z" for Claude Code: it differs only in case or Unicode form from "a_z", and names are matched exactly',
    });
  });
});
