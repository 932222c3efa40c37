import { describe, expect, it } from 'vitest';
import type { ServersSnapshot, ToolCallResult } from '../../../../src-shared/api/status.js';
import { exitCodeForResult } from './call.js';
import { rendererDir } from './serve.js';
import { snapshotForServer } from './status.js';
import { warningCode } from '../../../../src-shared/config/warning-codes.js';

describe('exitCodeForResult', () => {
  const base: ToolCallResult = { server: 's', tool: 't', isError: false, text: 'ok', content: [], durationMs: 1 };
  it('is 0 for a result, 1 for a tool error, 2 for a failed call (its typed failure, not its text)', () => {
    expect(exitCodeForResult(base)).toBe(0);
    expect(exitCodeForResult({ ...base, isError: true, text: 'Error: nope' })).toBe(1);
    // A tool may well say "MCP error:" itself: still the tool's own error (issue 11 item 3).
    expect(exitCodeForResult({ ...base, isError: true, text: 'MCP error: from the tool' })).toBe(1);
    expect(exitCodeForResult({ ...base, isError: true, text: 'MCP error: connection closed', failure: { code: 'unreachable', retryable: true } })).toBe(2);
    expect(exitCodeForResult({ ...base, isError: true, text: 'Cancelled', failure: { code: 'cancelled', retryable: true } })).toBe(1);
  });
});

describe('snapshotForServer', () => {
  it('keeps one server, its shadowed definitions and its warnings, and recounts totals', () => {
    const summary = (name: string) => ({
      name,
      transport: 'stdio' as const,
      envKeys: [],
      headerKeys: [],
      enabled: true,
      timeoutMs: 1,
      source: { host: 'cursor' as const, file: '/f', scope: 'user' as const },
      unresolved: [],
    });
    const state = (name: string, toolCount: number) => ({ server: summary(name), status: 'connected' as const, toolCount, restartCount: 0, recentLatencyMs: [], shadows: [] });
    const snap: ServersSnapshot = {
      project: { dir: '/p', trusted: true, projectFiles: [] },
      servers: [state('a', 2), state('b', 3)],
      shadowed: [{ server: summary('b'), shadowedBy: summary('b').source }],
      warnings: [{ file: '/f', message: 'general', ...warningCode('malformed') }, { file: '/f', server: 'a', message: 'about a', ...warningCode('invalid-server') }, { file: '/f', server: 'b', message: 'about b', ...warningCode('invalid-server') }],
      totals: { servers: 2, connected: 2, tools: 5 },
    };
    const b = snapshotForServer(snap, 'b');
    expect(b.servers.map((s) => s.server.name)).toEqual(['b']);
    expect(b.shadowed).toHaveLength(1);
    expect(b.warnings.map((w) => w.message)).toEqual(['general', 'about b']);
    expect(b.totals).toEqual({ servers: 1, connected: 1, tools: 3 });
  });
});

describe('rendererDir', () => {
  it('is <repo>/out/renderer unless SWITCHBOARD_RENDERER_DIR is set', () => {
    expect(rendererDir({})).toMatch(/\/out\/renderer$/);
    expect(rendererDir({ SWITCHBOARD_RENDERER_DIR: '/x/ui' })).toBe('/x/ui');
  });
});
