import { describe, expect, it } from 'vitest';
import { rankEntries } from './palette-rank.js';
import { withPick } from './recent-picks.js';

const entries = [
  { id: 'view:logs', label: 'everything — Logs' },
  { id: 'tool:everything/echo', label: 'echo — everything' },
  { id: 'tool:everything/get-env', label: 'get-env — everything' },
  { id: 'tool:memory/read_graph', label: 'read_graph — memory' },
  { id: 'view:checks', label: 'Checks', keywords: 'view' },
];
const ids = (list: { id: string }[]) => list.map((e) => e.id);

describe('rankEntries', () => {
  it('orders by fuzzy score when nothing was picked, and drops entries that do not match', () => {
    expect(ids(rankEntries(entries, 'echo', []))).toEqual(['tool:everything/echo']);
    // "ev" starts "everything" in four labels (ties keep the given order), not in "Checks — view"'s.
    expect(ids(rankEntries(entries, 'ev', []))).toEqual(['view:logs', 'tool:everything/echo', 'tool:everything/get-env', 'view:checks']);
    // Every word must match: "everything logs" only the logs entry.
    expect(ids(rankEntries(entries, 'everything logs', []))).toEqual(['view:logs']);
  });

  it('puts recent picks first (most recent first), then the rest by score', () => {
    const recent = withPick(withPick([], 'tool:everything/get-env'), 'view:checks');
    expect(recent).toEqual(['view:checks', 'tool:everything/get-env']);
    expect(ids(rankEntries(entries, 'ev', recent))).toEqual(['view:checks', 'tool:everything/get-env', 'view:logs', 'tool:everything/echo']);
    // A recent pick that does not match the query is not shown.
    expect(ids(rankEntries(entries, 'echo', recent))).toEqual(['tool:everything/echo']);
  });

  it('lists everything for an empty query, recent first, at most `limit`', () => {
    expect(ids(rankEntries(entries, '  ', ['tool:memory/read_graph']))).toEqual(['tool:memory/read_graph', 'view:logs', 'tool:everything/echo', 'tool:everything/get-env', 'view:checks']);
    expect(ids(rankEntries(entries, '', [], 2))).toEqual(['view:logs', 'tool:everything/echo']);
  });

  it('a pick moves to the front of the recent list without duplicates, capped', () => {
    expect(withPick(['a', 'b', 'c'], 'c', 3)).toEqual(['c', 'a', 'b']);
    expect(withPick(['a', 'b', 'c'], 'd', 3)).toEqual(['d', 'a', 'b']);
  });
});
