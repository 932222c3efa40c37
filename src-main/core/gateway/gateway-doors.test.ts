/** How a host reaches its doors (issue 30 items 1 and 3): both stdio forms and the HTTP URL from the live owner's endpoint. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gatewayDoors, gatewayEntryJson, livePort } from './gateway-doors.js';

describe('gateway doors', () => {
  it('gives the switchboard form, the absolute form and the URL', () => {
    expect(gatewayDoors('cursor', 'my server', { command: '/usr/bin/node', args: ['/opt/sb/bin/switchboard.mjs'] }, 4100)).toEqual({
      host: 'cursor',
      server: 'my server',
      stdio: { command: 'switchboard', args: ['gateway', '--host', 'cursor', '--server', 'my server'] },
      stdioAbsolute: { command: '/usr/bin/node', args: ['/opt/sb/bin/switchboard.mjs', 'gateway', '--host', 'cursor', '--server', 'my server'] },
      url: 'http://127.0.0.1:4100/mcp/cursor/my%20server',
    });
    expect(gatewayDoors('claude-code', undefined, undefined, undefined)).toEqual({ host: 'claude-code', stdio: { command: 'switchboard', args: ['gateway', '--host', 'claude-code'] } });
    expect(JSON.parse(gatewayEntryJson({ command: 'switchboard', args: ['gateway'] }))).toEqual({ mcpServers: { switchboard: { command: 'switchboard', args: ['gateway'] } } });
  });

  it('reads the port of a live owner only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-doors-'));
    try {
      expect(livePort(dir)).toBeUndefined();
      writeFileSync(join(dir, 'endpoint.json'), JSON.stringify({ pid: process.pid, port: 4242 }));
      expect(livePort(dir)).toBe(4242);
      writeFileSync(join(dir, 'endpoint.json'), JSON.stringify({ pid: 2 ** 22 + 12_345, port: 4242 }));
      expect(livePort(dir)).toBeUndefined();
      writeFileSync(join(dir, 'endpoint.json'), '{');
      expect(livePort(dir)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
