import { readOnlyMappingsOf } from '../../src/library-pages';

// Four mappings as /proc/<pid>/smaps lists them (other fields left out): a library's code, its
// relocated read-only data, its writable data, then an anonymous mapping, whose header has no path.
const smaps = [
  '7f0000000000-7f0000200000 r-xp 00001000 fe:00 42                         /opt/lib/libduckdb.so',
  'Rss:                2048 kB',
  'Anonymous:             0 kB',
  '7f0000200000-7f0000210000 r--p 00201000 fe:00 42                         /opt/lib/libduckdb.so',
  'Rss:                  64 kB',
  'Anonymous:            60 kB',
  '7f0000210000-7f0000220000 rw-p 00211000 fe:00 42                         /opt/lib/libduckdb.so',
  'Rss:                  64 kB',
  'Anonymous:            64 kB',
  '7f0000220000-7f0000320000 rw-p 00000000 00:00 0',
  'Rss:                1024 kB',
  'Anonymous:          1024 kB',
].join('\n');

describe('readOnlyMappingsOf', () => {
  it("lists a library's read-only mappings with what is resident and what the process wrote", () => {
    expect(readOnlyMappingsOf('duckdb', smaps)).toEqual([
      { start: 0x7f0000000000n, end: 0x7f0000200000n, residentKb: 2048, anonymousKb: 0, path: '/opt/lib/libduckdb.so' },
      { start: 0x7f0000200000n, end: 0x7f0000210000n, residentKb: 64, anonymousKb: 60, path: '/opt/lib/libduckdb.so' },
    ]);
  });

  it('gives an anonymous mapping after a library none of its sizes', () => {
    const code = smaps.split('\n').slice(0, 3);
    const anonymous = smaps.split('\n').slice(9);
    expect(readOnlyMappingsOf('duckdb', [...code, ...anonymous].join('\n'))).toEqual([
      { start: 0x7f0000000000n, end: 0x7f0000200000n, residentKb: 2048, anonymousKb: 0, path: '/opt/lib/libduckdb.so' },
    ]);
  });

  it('finds nothing for a library this process has not loaded', () => {
    expect(readOnlyMappingsOf('onnxruntime', smaps)).toEqual([]);
  });
});
