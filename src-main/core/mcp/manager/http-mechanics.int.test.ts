/**
 * 2026-07-28 Streamable HTTP mechanics (issue 12 item 4), against a real server on
 * @modelcontextprotocol/server (fixtures/modern-features-server.mjs): a tool whose `x-mcp-header`
 * declaration is invalid is left out of the list with a warning naming it and the reason; a declared
 * argument travels as an `Mcp-Param-*` header; a response stream cut before the reply is re-issued
 * once under a new id, visible in the trace, and the call still succeeds.
 */
import { describe, expect, it } from 'vitest';
import { featuresKit } from '../testing/features-test-kit.js';
const kit = featuresKit();

describe('2026-07-28 HTTP headers and lost streams', () => {
  it('leaves out a tool with an invalid x-mcp-header, naming it and the reason', async () => {
    const fixture = await kit.start();
    const m = await kit.connect(fixture);
    const names = m.listTools('features').map((t) => t.name).sort();
    expect(names).toEqual(['change', 'flaky', 'regional']);
    const excluded = m.runtime('features')?.excludedTools ?? [];
    expect(excluded.map((t) => t.name)).toEqual(['bad_header']);
    expect(excluded[0]!.reason).toMatch(/primitive-typed properties \(string, integer, boolean\); got number/);
    const log = m.logs('features').map((l) => l.text);
    expect(log.some((t) => t.startsWith("warning: tool 'bad_header' left out: invalid x-mcp-header declaration — "))).toBe(true);
  });

  it('mirrors a declared argument into its Mcp-Param header, and only that one', async () => {
    const fixture = await kit.start();
    const m = await kit.connect(fixture);
    const result = await m.callTool('features', 'regional', { region: 'eu-west1', note: 'not mirrored' });
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([{ type: 'text', text: 'region eu-west1' }]);
    expect(fixture.paramHeaders.get('regional')).toEqual({ 'mcp-param-region': 'eu-west1' });
  });

  it('re-issues a request whose response stream broke, once, under a new id shown in the trace', async () => {
    const fixture = await kit.start();
    const m = await kit.connect(fixture);
    const result = await m.callTool('features', 'flaky', { text: 'again' }, { timeoutMs: 60_000 });
    expect(result.content).toEqual([{ type: 'text', text: 'flaky again' }]);
    expect(fixture.counts.get('tools/call')).toBe(2);
    const calls = m.trace('features').filter((e) => e.method === 'tools/call' && e.kind === 'request' && e.direction === 'out');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.id).toBe(`reissue:${calls[0]!.id}`);
    expect(m.logs('features').some((l) => l.text.includes(`re-issued once as id reissue:${calls[0]!.id}`))).toBe(true);
  });
});
