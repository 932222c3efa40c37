import { describe, expect, it } from 'vitest';
import { filterNamed } from './named-filter.js';

const items = [
  { name: 'notes', uri: 'mem://alpha/readme' },
  { name: 'readme', uri: 'mem://beta/readme' },
  { name: 'config', uri: 'mem://readme/config' },
];
const name = (i: { name: string }): string => i.name;
const uri = (i: { uri: string }): string => i.uri;

describe('filterNamed', () => {
  it('ranks name matches above matches in the detail, keeping list order within each', () => {
    expect(filterNamed(items, ['readme'], name, uri).map(name)).toEqual(['readme', 'notes', 'config']);
  });
  it('needs every word, in the name or the detail', () => {
    expect(filterNamed(items, ['alpha', 'notes'], name, uri).map(name)).toEqual(['notes']);
    expect(filterNamed(items, ['alpha', 'config'], name, uri)).toEqual([]);
  });
  it('gives the list itself when there is no word, and searches names only without a detail', () => {
    expect(filterNamed(items, [], name, uri)).toBe(items);
    expect(filterNamed(items, ['beta'], name).map(name)).toEqual([]);
  });
});
