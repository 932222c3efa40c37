/** "Load more": a registry's cursor goes with the text it came from, and not while another search is on its way. */
import { describe, expect, it } from 'vitest';
import { nextPageRequests, type RegistrySearchState } from './use-registry-search.js';

const part = { registry: 'official', url: 'https://r', cache: { fromCache: false, ageMs: 0 }, hidden: 0, skipped: [], nextCursor: 'c1' };
const shown: RegistrySearchState = { cards: [], parts: [part, { ...part, registry: 'last', nextCursor: undefined }], searching: false, loadingMore: false, answeredFor: 'all:files', answeredQuery: { text: 'files', includeInactive: true } };

describe('nextPageRequests', () => {
  it('sends each cursor with the text and filter of its answer; nothing once other text is typed or a page is loading', () => {
    expect(nextPageRequests(shown, 'all:files')).toEqual([{ registry: 'official', text: 'files', cursor: 'c1', includeInactive: true }]);
    expect(nextPageRequests(shown, 'all:filesys')).toEqual([]);
    expect(nextPageRequests({ ...shown, loadingMore: true }, 'all:files')).toEqual([]);
  });
});
