import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { TriggerFiring } from '../../src-shared/api/channels.js';
import { desktopNotices } from '../../src-shared/channels/desktop-notices.js';
import { summarizeAttention, trayIconFile, trayTooltip } from './tray-attention.js';

const firing = (id: string, outcome: TriggerFiring['outcome'], extra: Partial<TriggerFiring> = {}): TriggerFiring => ({
  id,
  rule: 'disk',
  mode: 'confirm',
  seq: 1,
  server: 'mon',
  channel: 'alerts/critical',
  time: 0,
  outcome,
  prompt: 'Restart the   database\nnow?',
  ...extra,
});

describe('summarizeAttention', () => {
  it('nothing loaded or nothing unread: no badge, no lines', () => {
    expect(summarizeAttention(undefined, [])).toEqual({ attention: false, unread: 0, pending: 0, note: '', unreadItems: [], pendingItems: [], hidden: 0 });
  });

  it('unread per server (most first) and waiting confirmations, capped, with what was left out', () => {
    const a = summarizeAttention({ unread: 9, unreadByServer: { web: 2, mon: 6, db: 1 } }, [firing('f1', 'pending'), firing('f2', 'ran'), firing('f3', 'pending', { prompt: 'x'.repeat(100) })], 2);
    expect(a.attention).toBe(true);
    expect(a.note).toBe('9 unread · 2 waiting for you');
    expect(a.unreadItems).toEqual([
      { server: 'mon', label: '● mon — 6 unread' },
      { server: 'web', label: '● web — 2 unread' },
    ]);
    expect(a.pendingItems).toEqual([
      { confirmation: 'f1', label: 'Confirm disk: Restart the database now?' },
      { confirmation: 'f3', label: `Confirm disk: ${'x'.repeat(59)}…` },
    ]);
    expect(a.hidden).toBe(1);
  });

  it('a confirmation alone raises the badge', () => {
    expect(summarizeAttention({ unread: 0, unreadByServer: {} }, [firing('f', 'pending')]).attention).toBe(true);
  });

  it('icon files: the badge variant exists for every level', () => {
    const resources = resolve(fileURLToPath(new URL('../../resources', import.meta.url)));
    for (const level of ['green', 'amber', 'grey'] as const) {
      expect(trayIconFile(level, false)).toBe(`tray-${level}.png`);
      const file = trayIconFile(level, true);
      expect(file).toBe(`tray-${level}-attention.png`);
      expect(existsSync(join(resources, file))).toBe(true);
      expect(existsSync(join(resources, file.replace('.png', '@2x.png')))).toBe(true);
    }
    expect(trayTooltip('2 of 3 servers connected', summarizeAttention({ unread: 1, unreadByServer: { a: 1 } }, []))).toBe('2 of 3 servers connected · 1 unread');
  });
});

describe('desktopNotices', () => {
  it('notify → the prompt; confirm → a confirmation to open; auto → its result; skips → nothing', () => {
    expect(
      desktopNotices([
        firing('1', 'notified', { mode: 'notify', prompt: 'Disk full' }),
        firing('2', 'pending'),
        firing('3', 'rate-limited'),
        firing('4', 'running', { mode: 'auto' }),
        firing('5', 'failed', { mode: 'auto', error: 'not connected' }),
      ]),
    ).toEqual([
      { title: 'disk · mon', body: 'Disk full', tag: 'rule:disk' },
      { title: 'Confirm "disk"?', body: 'Restart the   database\nnow?', confirmation: '2', tag: 'confirm:2' },
      { title: 'disk · mon', body: 'failed: not connected', tag: 'rule:disk' },
    ]);
  });

  it('a burst becomes one summary', () => {
    const many = Array.from({ length: 10 }, (_, i) => firing(String(i), 'notified', { mode: 'notify', rule: `r${i % 2}` }));
    expect(desktopNotices(many)).toEqual([{ title: '10 notifications from MCP servers', body: 'r0 · mon, r1 · mon', tag: 'summary' }]);
  });
});
