/** The gateway's lines of `switchboard status` (gateway-status.ts), from `gateway:httpDoor` answers. */
import { describe, expect, it } from 'vitest';
import { gatewayStatusLines } from './gateway-status.js';

describe('gatewayStatusLines', () => {
  it('says nothing to someone who does not use the HTTP door, and the URL, tokens and a moved port to someone who does', () => {
    expect(gatewayStatusLines({ baseUrl: 'http://127.0.0.1:47100/mcp', port: 47100, movedFrom: null, tokens: [] })).toEqual([]);
    expect(gatewayStatusLines({ baseUrl: null, port: null, movedFrom: null, tokens: null })).toEqual([]);
    expect(gatewayStatusLines({ baseUrl: 'http://127.0.0.1:47100/mcp', port: 47100, movedFrom: null, tokens: ['claude-code', 'cursor'] })).toEqual([
      'Gateway: http://127.0.0.1:47100/mcp/<host>[/<server>] (HTTP door) · tokens: claude-code, cursor',
    ]);
    expect(gatewayStatusLines({ baseUrl: null, port: null, movedFrom: null, tokens: ['cursor'] })).toEqual([
      'Gateway: not served now (no Switchboard runs; it serves the HTTP door on its port) · tokens: cursor',
    ]);
    expect(gatewayStatusLines({ baseUrl: 'http://127.0.0.1:47100/mcp', port: 47100, movedFrom: 47000, tokens: null })).toEqual([
      'Gateway: http://127.0.0.1:47100/mcp/<host>[/<server>] (HTTP door) · tokens: not known (the keychain cannot be read)',
      'Gateway: port 47000 was taken; the gateway moved to 47100 — give each host its new URL (switchboard gateway --host <id> --print-http)',
    ]);
  });
});
