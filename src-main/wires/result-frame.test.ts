/**
 * A reused (frozen) result is serialised once per object (docs/gateway.md § Speed: `gateway:list`
 * of 1,000 tools cost the owner ~9 ms of `JSON.stringify` per list), and every frame's text is
 * exactly `JSON.stringify(frame)`.
 */
import { describe, expect, it } from 'vitest';
import type { WireResult } from '../../src-shared/api/wire.js';
import { resultFrameText } from './result-frame.js';

describe('resultFrameText', () => {
  it('gives JSON.stringify(frame) for frozen, unfrozen, failed and primitive results', () => {
    const frozen = Object.freeze({ tools: Object.freeze([Object.freeze({ name: 'a"b', n: 1 })]) });
    const frames: WireResult[] = [
      { type: 'result', id: 7, result: { ok: true, data: frozen } },
      { type: 'result', id: 8, result: { ok: true, data: { tools: [] } } },
      { type: 'result', id: 9, result: { ok: false, error: { code: 'NOT_FOUND', message: 'no' } } },
      { type: 'result', id: 10, result: { ok: true, data: 'text' } },
      { type: 'result', id: 11, result: { ok: true, data: null } },
    ];
    for (const f of frames) expect(resultFrameText(f)).toBe(JSON.stringify(f));
    expect(JSON.parse(resultFrameText(frames[0] as WireResult))).toEqual(frames[0]);
  });

  it('serialises a frozen data object once, an unfrozen one every time', () => {
    let frozenReads = 0;
    let openReads = 0;
    const frozen = Object.freeze({ toJSON: () => (frozenReads++, { n: 1 }) });
    const open = { toJSON: () => (openReads++, { n: 2 }) };
    for (const id of [1, 2, 3]) {
      expect(resultFrameText({ type: 'result', id, result: { ok: true, data: frozen } })).toBe(`{"type":"result","id":${id},"result":{"ok":true,"data":{"n":1}}}`);
      expect(resultFrameText({ type: 'result', id, result: { ok: true, data: open } })).toBe(`{"type":"result","id":${id},"result":{"ok":true,"data":{"n":2}}}`);
    }
    expect([frozenReads, openReads]).toEqual([1, 3]);
  });
});
