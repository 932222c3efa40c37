/**
 * Search as you type over `registry:search` (issue 36 item 2): the text is sent 250 ms after the
 * last keystroke; every answer carries the number of the search it belongs to and an answer to an
 * older search (or a page of one) is dropped, so typing is never blocked and never overwritten by a
 * slow answer. "Load more" asks each registry with a next cursor for its next page. All rules
 * (status filter, cache, errors) are the core's; this only keeps the answers in order.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RegistryCard, RegistrySearchPart } from '../../../src-shared/api/registry.js';
import type { SwitchboardApi } from '../../../src-shared/api/contract.js';

/** Milliseconds after the last keystroke before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface RegistrySearchState {
  cards: RegistryCard[];
  parts: RegistrySearchPart[];
  /** A search is on its way (the first page). */
  searching: boolean;
  /** A next page is on its way. */
  loadingMore: boolean;
  /** The whole search failed (not one registry: those are in `parts[].error`). */
  error?: string;
  /** The `<filter>:<text>` the shown answer is for (undefined before the first answer). */
  answeredFor?: string;
  /** The request the shown answer is for: its cursors belong to it, never to newer text. */
  answeredQuery?: { text: string; includeInactive: boolean };
}

/**
 * The `registry:search` requests "Load more" sends: each registry's next cursor with the text and
 * filter of the answer the cursor came from. None while a search for other text is on its way
 * (`key`, the `<filter>:<text>` now typed, differs from `answeredFor`) or a page is loading.
 */
export function nextPageRequests(state: RegistrySearchState, key: string): { registry: string; text: string; cursor: string; includeInactive?: true }[] {
  const q = state.answeredQuery;
  if (q === undefined || state.answeredFor !== key || state.loadingMore) return [];
  return state.parts.flatMap((p) => (p.nextCursor === undefined ? [] : [{ registry: p.registry, text: q.text, cursor: p.nextCursor, ...(q.includeInactive ? { includeInactive: true as const } : {}) }]));
}

/** `includeInactive`: deprecated and deleted entries too (the core hides them by default). */
export function useRegistrySearch(api: SwitchboardApi, text: string, includeInactive = false): RegistrySearchState & { loadMore(): void } {
  const [state, setState] = useState<RegistrySearchState>({ cards: [], parts: [], searching: false, loadingMore: false });
  const seq = useRef(0);

  // What an answer is for: the text and the filter (an answer to another pair is stale).
  const key = `${includeInactive ? 'all' : 'active'}:${text.trim()}`;
  useEffect(() => {
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      const answeredQuery = { text: text.trim(), includeInactive };
      void api.call('registry:search', { text: answeredQuery.text, ...(includeInactive ? { includeInactive } : {}) }).then((r) => {
        if (seq.current !== mine) return;
        setState(r.ok
          ? { cards: r.data.cards, parts: r.data.registries, searching: false, loadingMore: false, answeredFor: key, answeredQuery }
          : { cards: [], parts: [], searching: false, loadingMore: false, error: r.error.message, answeredFor: key, answeredQuery });
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [api, text, includeInactive, key]);

  const loadMore = useCallback(() => {
    const mine = seq.current;
    const pending = nextPageRequests(state, key);
    if (pending.length === 0) return;
    setState((s) => ({ ...s, loadingMore: true }));
    void Promise.all(pending.map((p) => api.call('registry:search', p))).then((answers) => {
      if (seq.current !== mine) return;
      setState((s) => {
        let cards = s.cards;
        let parts = s.parts;
        answers.forEach((r, i) => {
          const was = pending[i];
          if (!was) return;
          if (!r.ok) {
            parts = parts.map((p) => (p.registry === was.registry ? { ...p, error: r.error.message } : p));
            return;
          }
          cards = [...cards, ...r.data.cards];
          const next = r.data.registries.find((p) => p.registry === was.registry);
          parts = parts.map((p) => (p.registry === was.registry ? (next ?? { ...p, nextCursor: undefined }) : p));
        });
        return { ...s, cards, parts, loadingMore: false };
      });
    });
  }, [api, state, key]);

  // Searching: the shown answer is for another text (a search for this one is on its way).
  return { ...state, searching: state.answeredFor !== key, loadMore };
}
