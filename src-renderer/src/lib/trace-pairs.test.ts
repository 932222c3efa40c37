import { describe, expect, it } from 'vitest';
import type { TraceEntry } from '../../../src-shared/api/lifecycle.js';
import { filterTrace, isFailure, pairTrace, prettyJson, replayableCall, traceJsonl, traceMethods, traceServers, traceVia } from './trace-pairs.js';

let seq = 0;
const e = (p: Partial<TraceEntry>): TraceEntry => ({ seq: seq++, server: 's', time: 0, direction: 'out', kind: 'request', text: '{}', ...p });

describe('trace pairs', () => {
  const call = e({ id: 1, method: 'tools/call', text: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"m":"hi"}}}' });
  const note = e({ direction: 'in', kind: 'notification', method: 'notifications/progress' });
  const theirs = e({ direction: 'in', id: 1, method: 'roots/list' });
  const ours = e({ direction: 'out', kind: 'response', id: 1, method: 'roots/list' });
  const reply = e({ direction: 'in', kind: 'response', id: 1, method: 'tools/call', latencyMs: 5, text: '{"result":{"isError": true}}' });
  const all = [call, note, theirs, ours, reply];
  it('pairs by id and direction: our request with the server reply, theirs with ours', () => {
    const p = pairTrace(all);
    expect(p.get(call.seq)).toBe(reply.seq);
    expect(p.get(reply.seq)).toBe(call.seq);
    expect(p.get(theirs.seq)).toBe(ours.seq);
    expect(p.has(note.seq)).toBe(false);
  });
  it('marks JSON-RPC errors and isError results as failures', () => {
    expect(isFailure(reply)).toBe(true);
    expect(isFailure(e({ kind: 'error', direction: 'in' }))).toBe(true);
    expect(isFailure(ours)).toBe(false);
  });
  it('filters by direction, method and text', () => {
    expect(filterTrace(all, { direction: 'in', method: '', text: '' })).toEqual([note, theirs, reply]);
    expect(filterTrace(all, { direction: 'all', method: 'roots/list', text: '' })).toEqual([theirs, ours]);
    expect(filterTrace(all, { direction: 'all', method: '', text: 'ECHO' })).toEqual([call]);
    expect(traceMethods(all)).toEqual(['notifications/progress', 'roots/list', 'tools/call']);
  });
  it('pretty-prints, exports JSON lines, and knows which requests replay', () => {
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson('{"a":1… (cut)')).toBe('{"a":1… (cut)');
    const text = traceJsonl([call, reply]);
    // Trial 6: the file ends with a newline, so `wc -l` counts 2 records (it counted 1).
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')).toHaveLength(3);
    const lines = text.trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ direction: 'out', kind: 'request', method: 'tools/call', message: { params: { name: 'echo' } } });
    expect(lines[1]).toMatchObject({ latencyMs: 5, message: { result: { isError: true } } });
    expect(replayableCall(call)).toEqual({ tool: 'echo', args: { m: 'hi' } });
    expect(replayableCall(reply)).toBeUndefined();
  });
  it('pairs within each server when the trace of every server is merged (both servers\' first request is #0)', () => {
    const aInit = e({ server: 'a', id: 0, method: 'initialize' });
    const bInit = e({ server: 'b', id: 0, method: 'initialize' });
    const aReply = e({ server: 'a', direction: 'in', kind: 'response', id: 0, method: 'initialize' });
    const bReply = e({ server: 'b', direction: 'in', kind: 'response', id: 0, method: 'initialize' });
    const p = pairTrace([aInit, bInit, aReply, bReply]);
    expect(p.get(aInit.seq)).toBe(aReply.seq);
    expect(p.get(bInit.seq)).toBe(bReply.seq);
    expect(p.get(bReply.seq)).toBe(bInit.seq);
  });
  it('filters by W3C trace id, any case, a call with its reply (issue 35 item 4)', () => {
    const id = '0af7651916cd43dd8448eb211c80319c';
    const req = e({ method: 'tools/call', id: 7, traceId: id });
    const res = e({ direction: 'in', kind: 'response', method: 'tools/call', id: 7, traceId: id });
    const other = e({ method: 'tools/list', id: 8, traceId: 'ffffffffffffffffffffffffffffffff' });
    const untraced = e({ direction: 'in', kind: 'notification', method: 'notifications/message' });
    expect(filterTrace([req, other, res, untraced], { direction: 'all', method: '', text: '', traceId: ` ${id.toUpperCase()} ` })).toEqual([req, res]);
    expect(filterTrace([req, other, res, untraced], { direction: 'all', method: '', text: '', traceId: '' })).toHaveLength(4);
  });
  it('filters by server, and exports each line with its server', () => {
    const a = e({ server: 'a', method: 'ping', id: 3 });
    const b = e({ server: 'b', method: 'ping', id: 3 });
    expect(filterTrace([a, b], { direction: 'all', method: '', text: '', server: 'b' })).toEqual([b]);
    expect(filterTrace([a, b], { direction: 'all', method: 'ping', text: '', server: '' })).toEqual([a, b]);
    expect(traceServers([b, a, b])).toEqual(['a', 'b']);
    expect(traceJsonl([a, b]).trimEnd().split('\n').map((l) => (JSON.parse(l) as { server: string }).server)).toEqual(['a', 'b']);
  });
  it('tags a gateway door\'s entries via <host> (and the instance), in the row and the export (issue 30 trial)', () => {
    const door = e({ server: 'memory@0a1b2c3d', method: 'tools/call', via: { host: 'cursor', instance: 'memory@0a1b2c3d' } });
    const shared = e({ server: 'memory', method: 'tools/call', via: { host: 'claude-code' } });
    const own = e({ server: 'memory', method: 'tools/list' });
    expect([door, shared, own].map(traceVia)).toEqual(['via cursor · memory@0a1b2c3d', 'via claude-code', undefined]);
    const lines = traceJsonl([door, shared, own]).trimEnd().split('\n').map((l) => JSON.parse(l) as { via?: unknown });
    expect(lines.map((l) => l.via)).toEqual([{ host: 'cursor', instance: 'memory@0a1b2c3d' }, { host: 'claude-code' }, undefined]);
  });
});
