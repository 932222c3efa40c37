/** The gateway's names (issue 30 item 3, docs/gateway.md § Names): host-safe, within 64 with the host's prefix, collisions suffixed and reported. */
import { describe, expect, it } from 'vitest';
import { nameHash } from '../../../src-shared/config/tool-names.js';
import { gatewayNames, hostShownName, nameRoom } from './gateway-names.js';

describe('gateway names', () => {
  it('makes <server>_<tool> host-safe and keeps digits and case', () => {
    const out = gatewayNames('claude-code', [
      { server: 'my.server', tool: 'read:file' },
      { server: 'mail', tool: 'op 4999' },
      { server: 'gh', tool: 'Search/Issues' },
    ], false);
    expect(out).toEqual({ names: ['my_server_read_file', 'mail_op_4999', 'gh_Search_Issues'], collisions: [] });
  });

  it('suffixes equal names in the order given, reports them, drops none', () => {
    const out = gatewayNames('claude-code', [
      { server: 'a', tool: 'x.y' },
      { server: 'a', tool: 'x:y' },
      { server: 'a', tool: 'x y' },
      { server: 'a', tool: 'x_y_2' },
    ], false);
    expect(out.names).toEqual(['a_x_y', 'a_x_y_2', 'a_x_y_3', 'a_x_y_2_2']);
    expect(out.collisions).toEqual([{ name: 'a_x_y', tools: [{ server: 'a', tool: 'x.y' }, { server: 'a', tool: 'x:y' }, { server: 'a', tool: 'x y' }] }]);
  });

  it('the single-server door uses the raw tool name', () => {
    expect(gatewayNames('cursor', [{ server: 'memory', tool: 'read_graph' }], true).names).toEqual(['read_graph']);
  });

  it('shortens so that the name the host shows fits 64 characters', () => {
    // Claude Code (and unknown hosts): mcp__switchboard__<name> — 18 characters of prefix.
    expect(nameRoom('claude-code')).toBe(46);
    expect(nameRoom('cursor')).toBe(46);
    const long = 'a'.repeat(60);
    const [name] = gatewayNames('claude-code', [{ server: 's', tool: long }], false).names;
    const full = `s_${long}`;
    expect(name).toBe(`${full.slice(0, 37)}_${nameHash(full)}`);
    expect(hostShownName('claude-code', name ?? '')).toMatch(/^[A-Za-z0-9_-]{64}$/);
    // Gemini rewrites names past 63 characters: the room leaves its shown name intact.
    const gem = gatewayNames('gemini', [{ server: 's', tool: long }], false).names[0] ?? '';
    expect(hostShownName('gemini', gem)).toMatch(/^[A-Za-z0-9_-]{1,63}$/);
  });
});
