import { describe, expect, it } from 'vitest';
import type { ServerDefinition } from '../../../src-shared/config/server.js';
import { budgetWarnings } from './budget-limits.js';
import { gatewayLink, isDoorEntryFor } from './gateway-link.js';

const def = (args: string[], transport: ServerDefinition['transport'] = 'stdio') =>
  ({ name: 'sb', enabled: true, transport, command: 'switchboard', args, source: { host: 'cursor', file: '/h/.cursor/mcp.json', scope: 'user' } }) as unknown as ServerDefinition;

describe('budget warnings (issue 32)', () => {
  it('warns past Cursor’s 40 tools and past 100,000 tokens, and not at the limits', () => {
    expect(budgetWarnings('cursor', 'Cursor', { tools: 40, tokens: 100_000 })).toEqual([]);
    expect(budgetWarnings('cursor', 'Cursor', { tools: 41, tokens: 100_001 }).map((w) => [w.kind, w.limit])).toEqual([
      ['tools', 40],
      ['tokens', 100_000],
    ]);
    expect(budgetWarnings('cursor', 'Cursor', { tools: 50, tokens: 10 })[0]?.text).toBe("50 tools: more than the 40 tools Cursor takes (the limit Cursor users report); switch some off");
    // No tool limit is known for the bridge or Claude Code: only tokens.
    expect(budgetWarnings('bridge', "Switchboard's bridge", { tools: 5_000, tokens: 426_000 }).map((w) => w.kind)).toEqual(['tokens']);
    expect(budgetWarnings('claude-code', 'Claude Code', { tools: 5_000, tokens: 10 })).toEqual([]);
  });

  it('knows Windsurf’s documented 100 tools and VS Code’s reported 128 (docs/gateway.md § What each host supports)', () => {
    expect(budgetWarnings('windsurf', 'Windsurf', { tools: 100, tokens: 10 })).toEqual([]);
    expect(budgetWarnings('windsurf', 'Windsurf', { tools: 101, tokens: 10 })).toEqual([
      { kind: 'tools', limit: 100, text: '101 tools: more than the 100 tools Windsurf takes (its documented limit: "Cascade has a limit of 100 total tools"); switch some off' },
    ]);
    expect(budgetWarnings('vscode', 'VS Code', { tools: 128, tokens: 10 })).toEqual([]);
    expect(budgetWarnings('vscode', 'VS Code', { tools: 129, tokens: 10 })).toEqual([
      { kind: 'tools', limit: 128, text: '129 tools: more than the 128 tools VS Code takes (the per-request limit VS Code users report); switch some off' },
    ]);
  });
});

describe('gateway link (issue 32)', () => {
  it('a host is connected when its files load its own door entry', () => {
    expect(isDoorEntryFor(def(['gateway', '--host', 'cursor']), 'cursor')).toBe(true);
    expect(isDoorEntryFor(def(['/x/cli.mjs', 'gateway', '--host=cursor']), 'cursor')).toBe(true);
    expect(isDoorEntryFor(def(['gateway', '--host', 'claude-code']), 'cursor')).toBe(false);
    expect(isDoorEntryFor(def(['serve', '--host', 'cursor']), 'cursor')).toBe(false);
    expect(gatewayLink('cursor', [def(['gateway', '--host', 'cursor'])]).connected).toBe(true);
    expect(gatewayLink('cursor', []).note).toMatch(/^applies through the gateway; Cursor is not connected \(/);
    // Issue 31: a host put behind the gateway by `switchboard connect` is connected though its file reads as before.
    expect(gatewayLink('cursor', [], true)).toEqual({ connected: true, note: 'applies through the gateway: Cursor is connected (switchboard connect cursor), so a tool that is off is left out of what it lists' });
  });
});
