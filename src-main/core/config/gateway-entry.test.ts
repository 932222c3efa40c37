/** Issue 30 trial: which host entries start Switchboard's own gateway door (never run, never listed). */
import { describe, expect, it } from 'vitest';
import { isSwitchboardGatewayEntry } from './gateway-entry.js';

describe('isSwitchboardGatewayEntry', () => {
  it.each([
    [{ command: 'switchboard', args: ['gateway', '--host', 'claude-code'] }, true],
    [{ command: '/usr/local/bin/switchboard', args: ['--data-dir', '/x', 'gateway'] }, true],
    [{ command: 'C:\\Users\\me\\AppData\\Roaming\\npm\\switchboard.cmd', args: ['gateway', '--host', 'cursor'] }, true],
    [{ command: 'node', args: ['/opt/switchboard/bin/switchboard.mjs', 'gateway', '--host', 'cursor'] }, true],
    [{ command: 'node.exe', args: ['C:\\sb\\bin\\switchboard.mjs', 'gateway'] }, true],
    [{ command: process.execPath, args: ['/work/sb/out/cli/cli.mjs', 'gateway', '--host', 'claude-code'] }, true],
    [{ command: 'node', args: ['C:\\sb\\out\\cli\\cli.mjs', 'gateway'] }, true],
    [{ command: 'switchboard', args: ['serve'] }, false],
    [{ command: 'switchboard', args: [] }, false],
    [{ command: 'node', args: ['/opt/gateway/server.js', 'gateway'] }, false],
    [{ command: 'node', args: ['gateway', '/opt/switchboard/bin/switchboard.mjs'] }, false],
    [{ command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] }, false],
    [{ args: ['gateway'] }, false],
  ])('%j → %s', (def, expected) => {
    expect(isSwitchboardGatewayEntry(def)).toBe(expected);
  });
});
