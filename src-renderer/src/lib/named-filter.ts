/**
 * The filter of the resource, template and prompt lists (issue 15 item 1): every word of the query
 * in the item's name, or in its name and detail (a URI, a description); name matches rank first.
 * One pass over the items, no string building per keystroke beyond lower-casing. Pure.
 */

interface Lowered {
  nameOf: unknown;
  detailOf: unknown;
  name: string[];
  detail: string[];
}
/** Lower-cased names and details per items array (built on the first keystroke, reused by the next). */
const lowered = new WeakMap<readonly unknown[], Lowered>();

function lowerOf<T>(items: readonly T[], nameOf: (t: T) => string, detailOf?: (t: T) => string | undefined): Lowered {
  let l = lowered.get(items);
  if (!l || l.nameOf !== nameOf || l.detailOf !== detailOf) {
    l = { nameOf, detailOf, name: items.map((i) => nameOf(i).toLowerCase()), detail: items.map((i) => (detailOf?.(i) ?? '').toLowerCase()) };
    lowered.set(items, l);
  }
  return l;
}

/**
 * Items whose name or detail holds every word of the filter; name matches first, each group in
 * list order. `words` are lower-case (queryWords); none gives `items` itself. The lower-cased
 * fields are cached per `items` array (the lists replace the array when they change).
 */
export function filterNamed<T>(items: readonly T[], words: readonly string[], nameOf: (t: T) => string, detailOf?: (t: T) => string | undefined): readonly T[] {
  if (words.length === 0) return items;
  const l = lowerOf(items, nameOf, detailOf);
  const byName: T[] = [];
  const byDetail: T[] = [];
  for (let i = 0; i < items.length; i++) {
    const name = l.name[i]!;
    const detail = l.detail[i]!;
    if (words.every((w) => name.includes(w))) byName.push(items[i]!);
    else if (words.every((w) => name.includes(w) || detail.includes(w))) byDetail.push(items[i]!);
  }
  return byName.concat(byDetail);
}
