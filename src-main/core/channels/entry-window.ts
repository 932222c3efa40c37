/**
 * The in-memory window of the channel store (issue 13): entries oldest first with their sizes, where
 * dropping the oldest costs O(1) amortised. A plain array's `splice(0, 1)` moved all 10,000 entries
 * on every append once the window was full — the largest single cost of capture in a CPU profile of
 * a 1,000/s burst. Dropped slots are cleared at once (memory stays bounded by what is live) and the
 * array is compacted when more than half of it is dropped slots.
 */

/** Dropped slots at the front before the array is compacted (and at least half the array). */
const COMPACT_AFTER = 1024;

export class EntryWindow<T> {
  private items: (T | undefined)[] = [];
  private sizes: number[] = [];
  private head = 0;
  /** Sum of the sizes of the live entries. */
  bytes = 0;

  /** Live entries. */
  get length(): number {
    return this.items.length - this.head;
  }

  /** The `i`-th live entry, oldest first (`i` in 0…length-1). */
  at(i: number): T {
    return this.items[this.head + i]!;
  }

  /** Size given for the `i`-th live entry. */
  sizeAt(i: number): number {
    return this.sizes[this.head + i]!;
  }

  /** Append the newest entry with its `size` (any unit; summed in `bytes`). */
  push(item: T, size: number): void {
    this.items.push(item);
    this.sizes.push(size);
    this.bytes += size;
  }

  /** Drop the `n` oldest entries; returns them, oldest first. */
  dropOldest(n: number): T[] {
    const count = Math.min(n, this.length);
    const gone: T[] = new Array<T>(count);
    for (let i = 0; i < count; i++) {
      gone[i] = this.items[this.head]!;
      this.bytes -= this.sizes[this.head]!;
      this.items[this.head] = undefined;
      this.head++;
    }
    if (this.head >= COMPACT_AFTER && this.head * 2 >= this.items.length) {
      this.items.splice(0, this.head);
      this.sizes.splice(0, this.head);
      this.head = 0;
    }
    return gone;
  }

  *[Symbol.iterator](): IterableIterator<T> {
    for (let i = this.head; i < this.items.length; i++) yield this.items[i]!;
  }
}
