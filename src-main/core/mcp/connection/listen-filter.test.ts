/** The `subscriptions/listen` filter a server's capabilities allow (issue 34: the Events extension's own field). */
import { describe, expect, it } from 'vitest';
import { listFilter } from './listen-stream.js';

describe('listFilter', () => {
  it('asks for events list changes only when the Events extension says it sends them', () => {
    expect(listFilter({ tools: { listChanged: true }, extensions: { 'io.modelcontextprotocol/events': { listChanged: true } } })).toEqual({ toolsListChanged: true, eventsListChanged: true });
    expect(listFilter({ extensions: { 'io.modelcontextprotocol/events': {} } })).toEqual({});
    expect(listFilter({ tools: {} })).toEqual({});
  });
});
