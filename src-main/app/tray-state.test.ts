import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ServerState, ServerStatusName } from '../../src-shared/api/status.js';
import { summarizeTray, TRAY_ICON_FILES } from './tray-state.js';

function server(name: string, status: ServerStatusName): ServerState {
  return {
    server: {
      name,
      transport: 'stdio',
      command: 'node',
      args: [],
      envKeys: [],
      headerKeys: [],
      enabled: status !== 'disabled',
      timeoutMs: 60_000,
      source: { host: 'switchboard', file: '/tmp/servers.json', scope: 'user' },
      unresolved: [],
    },
    status,
    toolCount: 0,
    restartCount: 0,
    recentLatencyMs: [],
    shadows: [],
  };
}

describe('summarizeTray', () => {
  it('is grey with no snapshot or no servers', () => {
    expect(summarizeTray(undefined)).toEqual({ level: 'grey', tooltip: '0 of 0 servers connected', items: [], hidden: 0 });
    expect(summarizeTray({ servers: [] }).level).toBe('grey');
  });

  it('is grey when every server is deliberately off', () => {
    const s = summarizeTray({ servers: [server('a', 'disabled'), server('b', 'stopped'), server('c', 'untrusted')] });
    expect(s.level).toBe('grey');
    expect(s.tooltip).toBe('0 of 3 servers connected');
  });

  it('is green when every server meant to run is connected', () => {
    const s = summarizeTray({ servers: [server('a', 'connected'), server('b', 'disabled'), server('c', 'connected')] });
    expect(s.level).toBe('green');
    expect(s.tooltip).toBe('2 of 3 servers connected');
  });

  it.each<ServerStatusName>(['error', 'backoff', 'needs-auth', 'disconnected', 'connecting'])(
    'is amber when one server is %s',
    (status) => {
      const s = summarizeTray({ servers: [server('a', 'connected'), server('b', status)] });
      expect(s.level).toBe('amber');
      expect(s.tooltip).toBe('1 of 2 servers connected');
    },
  );

  it('is amber, not grey, when every server fails', () => {
    expect(summarizeTray({ servers: [server('a', 'error'), server('b', 'error')] }).level).toBe('amber');
  });

  it('labels each server with its status, in order', () => {
    const s = summarizeTray({ servers: [server('everything', 'connected'), server('db', 'error')] });
    expect(s.items).toEqual([
      { name: 'everything', status: 'connected', label: '● everything — connected' },
      { name: 'db', status: 'error', label: '✕ db — error' },
    ]);
  });

  it('caps the menu and counts the rest', () => {
    const servers = Array.from({ length: 25 }, (_, i) => server(`s${i}`, 'connected'));
    const s = summarizeTray({ servers }, 20);
    expect(s.items).toHaveLength(20);
    expect(s.items[19]!.name).toBe('s19');
    expect(s.hidden).toBe(5);
    expect(s.tooltip).toBe('25 of 25 servers connected');
  });
});

describe('tray and app icons in resources/', () => {
  const resources = resolve(fileURLToPath(new URL('../../resources', import.meta.url)));
  /** Width and height from a PNG's IHDR, after checking the signature. */
  function pngSize(file: string): [number, number] {
    const buf = readFileSync(file);
    expect(buf.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(buf.subarray(12, 16).toString('ascii')).toBe('IHDR');
    return [buf.readUInt32BE(16), buf.readUInt32BE(20)];
  }

  it.each(Object.values(TRAY_ICON_FILES))('%s is a 16x16 PNG with a 32x32 @2x', (file) => {
    expect(pngSize(join(resources, file))).toEqual([16, 16]);
    expect(pngSize(join(resources, file.replace(/\.png$/, '@2x.png')))).toEqual([32, 32]);
  });

  it('icon.png is a 256x256 PNG', () => {
    expect(pngSize(join(resources, 'icon.png'))).toEqual([256, 256]);
  });
});
