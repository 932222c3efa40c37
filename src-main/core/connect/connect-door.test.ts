import { describe, expect, it } from 'vitest';
import { HOST_SHAPES } from '../config/host-shapes.js';
import { connectDoor, tokenReference } from './connect-door.js';

const notAsked = (): Promise<string> => Promise.reject(new Error('not asked'));

describe('connect --http: the token in the host\'s own secret syntax (docs/gateway.md § What each host supports)', () => {
  it('Codex names the variable (bearer_token_env_var): no literal token in config.toml', async () => {
    expect(tokenReference('codex')).toBe('${SWITCHBOARD_GATEWAY_TOKEN}');
    const codex = await connectDoor('codex', true, undefined, 47100, notAsked);
    expect(codex.door).toMatchObject({ kind: 'http', authorization: 'Bearer ${SWITCHBOARD_GATEWAY_TOKEN}' });
    expect(codex.notes).toEqual(["Codex reads the token from SWITCHBOARD_GATEWAY_TOKEN: set it in Codex's environment (switchboard gateway --host codex --print-http --show-token prints it)"]);
    assertHttp(codex.door);
    const written = HOST_SHAPES.codex.toHost({ name: 'gh', transport: 'http', url: codex.door.url('gh'), headers: { Authorization: codex.door.authorization }, enabled: true });
    expect(written).toEqual({ entry: { url: 'http://127.0.0.1:47100/mcp/codex/gh', bearer_token_env_var: 'SWITCHBOARD_GATEWAY_TOKEN' }, notes: [] });
  });

  it('the hosts with no syntax for a secret in a header get the token literally; Claude Desktop takes no URL', async () => {
    for (const host of ['cline', 'zed', 'goose', 'continue', 'lmstudio'] as const) expect(tokenReference(host)).toBeUndefined();
    await expect(connectDoor('claude-desktop', true, undefined, 47100, notAsked)).rejects.toThrow(/^Claude Desktop's file cannot take the HTTP door as written: Claude Desktop reads only stdio servers from its file/);
  });
});

function assertHttp(door: Awaited<ReturnType<typeof connectDoor>>['door']): asserts door is Extract<typeof door, { kind: 'http' }> {
  if (door.kind !== 'http') throw new Error(`expected the HTTP door, got ${door.kind}`);
}
