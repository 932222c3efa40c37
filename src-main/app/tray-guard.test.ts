import { describe, expect, it } from 'vitest';
import type { PendingServerRequest } from '../../src-shared/api/inspector.js';
import { confirmItems, followConfirms } from './tray-guard.js';

const confirm: PendingServerRequest = { id: 'confirm-1', server: 'memory', kind: 'elicitation', receivedAt: 1, params: {}, confirm: { host: 'claude-code', name: 'memory_delete_relations' } };
const other: PendingServerRequest = { id: 'req-2', server: 'everything', kind: 'elicitation', receivedAt: 2, params: {} };

describe('the tray’s guard-rail confirmations (issue 31 item 3)', () => {
  it('follows only confirmations, and drops one once resolved', () => {
    let list = followConfirms([], 'requests:pending', confirm);
    list = followConfirms(list, 'requests:pending', other);
    list = followConfirms(list, 'requests:pending', confirm);
    expect(list.map((r) => r.id)).toEqual(['confirm-1']);
    expect(followConfirms(list, 'requests:resolved', { id: 'confirm-1', server: 'memory', outcome: 'accept' })).toEqual([]);
  });

  it('offers Allow and Deny lines that answer the confirmation', () => {
    expect(confirmItems([confirm])).toEqual([
      { label: 'Allow memory_delete_relations (Claude Code)', id: 'confirm-1', answer: { action: 'accept', content: { confirm: true } } },
      { label: 'Deny memory_delete_relations (Claude Code)', id: 'confirm-1', answer: { action: 'decline' } },
    ]);
  });
});
