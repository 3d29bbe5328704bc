import { PostingLists } from '../../src/domain/posting-lists';

/** The entries of a list as [header, program] pairs, in order. */
function entries(lists: PostingLists, list: number): [number, number[]][] {
  const result: [number, number[]][] = [];
  const data = lists.entriesOf(list);
  for (let at = 0; data && at < lists.lengthOf(list); at += 2 + (data[at + 1] as number))
    result.push([data[at] as number, [...data.subarray(at + 2, at + 2 + (data[at + 1] as number))]]);
  return result;
}

describe('posting lists', () => {
  it('keeps each list’s entries with their programs, in the order added, and closes gaps on removal', () => {
    const lists = new PostingLists();
    expect(lists.entriesOf(3)).toBeUndefined();
    expect(lists.lengthOf(3)).toBe(0);
    lists.add(3, 7, Int32Array.of(1, 2, 3));
    lists.add(3, ~8, Int32Array.of());
    lists.add(3, 9, Int32Array.of(4));
    lists.add(0, 7, Int32Array.of(5, 6));
    expect(entries(lists, 3)).toEqual([
      [7, [1, 2, 3]],
      [~8, []],
      [9, [4]],
    ]);
    lists.remove(3, ~8);
    lists.remove(3, 42); // not there: nothing changes
    expect(entries(lists, 3)).toEqual([
      [7, [1, 2, 3]],
      [9, [4]],
    ]);
    lists.remove(3, 7);
    lists.remove(3, 9);
    expect(entries(lists, 3)).toEqual([]);
    expect(entries(lists, 0)).toEqual([[7, [5, 6]]]);
  });

  it('grows a list past its first allocation without losing entries', () => {
    const lists = new PostingLists();
    for (let slot = 0; slot < 1_000; slot += 1) lists.add(1, slot, Int32Array.of(slot, slot + 1));
    for (let slot = 0; slot < 1_000; slot += 2) lists.remove(1, slot);
    expect(entries(lists, 1)).toEqual(
      Array.from({ length: 500 }, (_, at) => [2 * at + 1, [2 * at + 1, 2 * at + 2]] as [number, number[]]),
    );
  });
});
