/** Which door a path names (gateway-http.ts `gatewayDoorOf`). */
import { describe, expect, it } from 'vitest';
import { gatewayDoorOf } from './gateway-http.js';

describe('gatewayDoorOf', () => {
  it('reads /mcp/<host>[/<server>] with a known host and nothing else', () => {
    expect(gatewayDoorOf('/mcp/claude-code')).toEqual({ host: 'claude-code' });
    expect(gatewayDoorOf('/mcp/cursor/my%20server')).toEqual({ host: 'cursor', server: 'my server' });
    expect(gatewayDoorOf('/mcp/nohost')).toBeUndefined();
    expect(gatewayDoorOf('/mcp/cursor/')).toBeUndefined();
    expect(gatewayDoorOf('/mcp/cursor/a/b')).toBeUndefined();
    expect(gatewayDoorOf('/mcp/cursor/%E0%A4%A')).toBeUndefined();
    expect(gatewayDoorOf('/mcp/')).toBeUndefined();
    expect(gatewayDoorOf('/ws')).toBeUndefined();
  });
});
