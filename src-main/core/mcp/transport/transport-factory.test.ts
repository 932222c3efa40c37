import { describe, expect, it } from 'vitest';
import { describeLaunch } from './transport-factory.js';
import { testDefinition } from '../testing/test-helpers.js';

describe('describeLaunch (the log\'s "connecting: …" note)', () => {
  it('redacts the password and secret query values of an HTTP URL', () => {
    const def = testDefinition({ name: 'h', transport: 'http', url: 'https://me:hunter2@mcp.example.com/mcp?api_key=abc123&region=eu' });
    expect(describeLaunch(def)).toBe('http https://me:***@mcp.example.com/mcp?api_key=***&region=eu');
  });

  it('redacts URLs inside stdio arguments and leaves other arguments alone', () => {
    const def = testDefinition({ name: 's', transport: 'stdio', command: 'mcp-remote', args: ['--url=https://x.example/sse?token=t0p', 'plain', 'https://ok.example/path'] });
    expect(describeLaunch(def)).toBe('mcp-remote --url=https://x.example/sse?token=*** plain https://ok.example/path');
  });
});
