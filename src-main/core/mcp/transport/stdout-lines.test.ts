import { describe, expect, it } from 'vitest';
import { formatBytes, isPlainNotification, LoggingReadBuffer, MAX_STDOUT_LINE, replyId, StdoutOverflowError } from './stdout-lines.js';

const line = (obj: unknown): Buffer => Buffer.from(`${JSON.stringify(obj)}\n`);

describe('LoggingReadBuffer', () => {
  it('allows a 64 MiB line (the SDK stops at 10 MiB)', () => {
    expect(MAX_STDOUT_LINE).toBe(67_108_864);
    expect(formatBytes(MAX_STDOUT_LINE)).toBe('64 MiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(12)).toBe('12 bytes');
  });

  it('an 11 MB reply (over the SDK cap) is read whole', () => {
    const buffer = new LoggingReadBuffer(() => {});
    const reply = { jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(11_000_000) } };
    const bytes = line(reply);
    for (let at = 0; at < bytes.length; at += 65_536) buffer.append(bytes.subarray(at, at + 65_536));
    expect(buffer.readMessage()).toEqual(reply);
  });

  it('an oversized reply (id last, TS SDK order) becomes an error reply for its id; later lines still read', () => {
    const notes: string[] = [];
    const buffer = new LoggingReadBuffer(() => {}, 100, (m) => notes.push(m));
    const big = line({ result: { text: 'y'.repeat(300) }, jsonrpc: '2.0', id: 7 });
    const next = line({ jsonrpc: '2.0', id: 8, result: {} });
    buffer.append(big.subarray(0, 50));
    buffer.append(big.subarray(50, 200));
    buffer.append(Buffer.concat([big.subarray(200), next]));
    expect(buffer.readMessage()).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32603, message: `The server's reply was ${big.length - 1} bytes, more than the 100 bytes limit for one stdio message; it was dropped (the server keeps running)` },
    });
    expect(buffer.readMessage()).toEqual({ jsonrpc: '2.0', id: 8, result: {} });
    expect(buffer.readMessage()).toBeNull();
    expect(notes).toEqual([`The server's reply was ${big.length - 1} bytes, more than the 100 bytes limit for one stdio message; it was dropped`]);
  });

  it('an oversized reply with its id first (Python order) is answered too; a complete line before it is kept', () => {
    const buffer = new LoggingReadBuffer(() => {}, 100);
    const before = line({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'hi' } });
    buffer.append(Buffer.concat([before, line({ jsonrpc: '2.0', id: 'a"1', result: { text: 'z'.repeat(300) } })]));
    expect(buffer.readMessage()).toMatchObject({ method: 'notifications/message' });
    expect(buffer.readMessage()).toMatchObject({ id: 'a"1', error: { code: -32603 } });
  });

  it('an oversized line without a readable id throws StdoutOverflowError naming the size and limit', () => {
    const buffer = new LoggingReadBuffer(() => {}, 100);
    buffer.append(Buffer.from('j'.repeat(150)));
    expect(() => buffer.append(Buffer.from('jj\n'))).toThrow(StdoutOverflowError);
    expect(() => {
      buffer.append(Buffer.from('k'.repeat(150)));
      buffer.append(Buffer.from('\n'));
    }).toThrow("The server's reply was 150 bytes, more than the 100 bytes limit for one stdio message; it was dropped, and its request could not be told apart, so the connection was closed");
  });

  it('replyId reads the id at either end only', () => {
    expect(replyId('{"jsonrpc":"2.0","id":12,"result":{', '')).toBe(12);
    expect(replyId('{"result":{"content":[{"id":3', ']}},"jsonrpc":"2.0","id":-4}')).toBe(-4);
    expect(replyId('{"result":{"x":{"id":3', '"x":{"id":5}}}')).toBeUndefined();
  });
});

describe('isPlainNotification (a notification that skips the schema pass here)', () => {
  it('accepts exactly jsonrpc, method and object params without _meta; anything else takes the schema way', () => {
    expect(isPlainNotification({ jsonrpc: '2.0', method: 'notifications/alerts/x', params: { n: 1 } })).toBe(true);
    expect(isPlainNotification({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe(true);
    for (const v of [
      { jsonrpc: '2.0', method: 'm', id: 1 },
      { jsonrpc: '2.0', method: 'm', params: { _meta: { progressToken: 1 } } },
      { jsonrpc: '2.0', method: 'm', params: [1] },
      { jsonrpc: '2.0', method: 'm', params: null },
      { jsonrpc: '2.0', method: 'm', extra: 1 },
      { jsonrpc: '1.0', method: 'm' },
      { jsonrpc: '2.0', method: 7 },
      { jsonrpc: '2.0', result: {}, id: 1 },
      [],
      null,
      'x',
    ]) {
      expect(isPlainNotification(v)).toBe(false);
    }
  });

  it('reads a plain notification and a malformed message as before (the first whole, the second skipped)', () => {
    const skipped: string[] = [];
    const buffer = new LoggingReadBuffer((text) => skipped.push(text));
    buffer.append(Buffer.concat([line({ jsonrpc: '2.0', method: 'notifications/alerts/x', params: { n: 1 } }), line({ jsonrpc: '2.0', method: 5 })]));
    expect(buffer.readMessage()).toEqual({ jsonrpc: '2.0', method: 'notifications/alerts/x', params: { n: 1 } });
    expect(buffer.readMessage()).toBeNull();
    expect(skipped).toHaveLength(1);
  });
});
