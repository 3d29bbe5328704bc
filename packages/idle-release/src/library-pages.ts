import fs from 'node:fs';
import { glibcFunction } from './glibc';

/** madvise(2)'s MADV_DONTNEED (Linux). */
const MADV_DONTNEED = 4;

type Madvise = (address: bigint, length: number, advice: number) => number;
let madvise: Madvise | null | undefined;

export interface LibraryMapping {
  start: bigint;
  end: bigint;
  /** Resident, in kB. */
  residentKb: number;
  /** Pages of it the process wrote (copy-on-write), in kB: the dynamic linker's relocations. */
  anonymousKb: number;
  path: string;
}

/**
 * The read-only, private file mappings of this process whose path contains `name` (a shared
 * library's code and constants), from /proc/self/smaps.
 */
export function readOnlyMappingsOf(
  name: string,
  smaps = fs.readFileSync('/proc/self/smaps', 'utf8'),
): LibraryMapping[] {
  const mappings: LibraryMapping[] = [];
  let current: LibraryMapping | undefined;
  for (const line of smaps.split('\n')) {
    // An anonymous mapping's header ends at its inode, with no path.
    const header = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ \d+(?:\s+(.*))?$/.exec(line);
    if (header) {
      const [, start, end, perms] = header as unknown as [string, string, string, string];
      const path = header[4] ?? '';
      const readOnlyPrivate = !perms.includes('w') && perms.endsWith('p');
      current =
        readOnlyPrivate && path.includes(name)
          ? { start: BigInt(`0x${start}`), end: BigInt(`0x${end}`), residentKb: 0, anonymousKb: 0, path }
          : undefined;
      if (current) mappings.push(current);
      continue;
    }
    const size = /^(Rss|Anonymous):\s+(\d+) kB/.exec(line);
    if (current && size) current[size[1] === 'Rss' ? 'residentKb' : 'anonymousKb'] = Number(size[2]);
  }
  return mappings;
}

/**
 * Drops this process's resident pages of a library it no longer uses (its code and read-only data;
 * `name` is part of the file's path): they stay in the OS's file cache, and the next call into the
 * library faults them back in. After DuckDB closed, its 30 MB of code stayed resident in the
 * documents service, counted in its PSS for as long as it ran. Only mappings none of whose pages
 * this process wrote: a written page (the dynamic linker's relocations, before it made them
 * read-only) would be read back from the file without them. Returns the bytes advised; 0 off Linux.
 */
export function releaseLibraryPages(name: string): number {
  if (madvise === undefined) madvise = glibcFunction<Madvise>('int madvise(uintptr_t addr, size_t length, int advice)');
  if (!madvise) return 0;
  let released = 0;
  for (const mapping of readOnlyMappingsOf(name)) {
    if (mapping.anonymousKb > 0) continue;
    const length = Number(mapping.end - mapping.start);
    if (madvise(mapping.start, length, MADV_DONTNEED) === 0) released += length;
  }
  return released;
}
