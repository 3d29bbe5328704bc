/**
 * Posting lists that carry their alerts' programs: each list is one Int32Array of entries
 * [header, program length, program…], so walking a key's candidates reads memory in order instead of
 * jumping to each alert's own arrays (with 100,000 alerts, those jumps were most of the cost).
 *
 * The header is the alert's slot, or its complement (~slot, negative) when the alert is filed in
 * several lists, which tells the reader to skip a slot it has already visited for this document.
 */
export class PostingLists {
  private readonly lists: (Int32Array | undefined)[] = [];
  private readonly lengths: number[] = [];

  /** The entries of list `list` (read up to lengthOf), or undefined while it has none. */
  entriesOf(list: number): Int32Array | undefined {
    return this.lists[list];
  }

  lengthOf(list: number): number {
    return this.lengths[list] ?? 0;
  }

  add(list: number, header: number, program: Int32Array): void {
    const length = this.lengthOf(list);
    const needed = length + 2 + program.length;
    let entries = this.lists[list];
    if (!entries || entries.length < needed) {
      const grown = new Int32Array(Math.max(needed, (entries?.length ?? 4) * 2));
      if (entries) grown.set(entries.subarray(0, length));
      entries = grown;
      while (this.lists.length <= list) this.lists.push(undefined); // kept dense: a holey array is read slower
      this.lists[list] = entries;
    }
    entries[length] = header;
    entries[length + 1] = program.length;
    entries.set(program, length + 2);
    this.fill(list, needed);
  }

  /** Drops the entry with this header from the list (closing the gap), if it is there. */
  remove(list: number, header: number): void {
    const entries = this.lists[list];
    const length = this.lengthOf(list);
    if (!entries) return;
    for (let at = 0; at < length; at += 2 + (entries[at + 1] as number)) {
      if (entries[at] !== header) continue;
      const end = at + 2 + (entries[at + 1] as number);
      entries.copyWithin(at, end, length);
      this.fill(list, length - (end - at));
      return;
    }
  }

  private fill(list: number, length: number): void {
    while (this.lengths.length <= list) this.lengths.push(0);
    this.lengths[list] = length;
  }
}
