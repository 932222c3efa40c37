/** The search answer's "more" hint: a command line safe to paste (the cursor is the registry's text). */
import { describe, expect, it } from 'vitest';
import { formatSearch } from './registry-format.js';

describe('formatSearch', () => {
  it('quotes the next cursor POSIX-style, so a cursor holding $(…) or a quote is not run when pasted', () => {
    const part = { registry: 'official', url: 'https://r', cache: { fromCache: false, ageMs: 0 }, hidden: 0, skipped: [] };
    const { notes } = formatSearch({ cards: [], registries: [{ ...part, nextCursor: `$(touch /tmp/x)'` }] }, 'file system');
    expect(notes).toEqual([`More from official: switchboard search 'file system' --registry official --cursor '$(touch /tmp/x)'\\'''`]);
  });
});
