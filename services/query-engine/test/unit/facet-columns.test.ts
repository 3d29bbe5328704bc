import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FacetColumns, type FacetCounts } from '../../src/search/index/sqlite/facet-columns';
import { SqliteIndexFile } from '../../src/search/index/sqlite/sqlite-index-file';
import { generateCorpus, PARTIES, Random, SOURCES } from '../shared/search-corpus';

const directories: string[] = [];
afterAll(() => {
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

function openFile(): SqliteIndexFile {
  const dir = mkdtempSync(join(tmpdir(), 'qe-facets-'));
  directories.push(dir);
  return SqliteIndexFile.open(join(dir, 'index.sqlite'));
}

const allRowids = (file: SqliteIndexFile) =>
  file.db.prepare('SELECT rowid FROM documents ORDER BY rowid DESC').pluck().all() as number[];

/** The facets as the index file's tables say, counted by SQL: what the memory must agree with. */
function countedBySql(file: SqliteIndexFile, size: number): FacetCounts {
  const grouped = (column: string, condition: string) =>
    file.db
      .prepare(
        `SELECT ${column} AS value, count(*) AS count FROM documents
    WHERE ${condition} GROUP BY ${column} ORDER BY count DESC, value LIMIT ?`,
      )
      .all(size) as { value: never; count: number }[];
  return {
    agency: grouped('source_id', "source_id <> ''"),
    filingType: grouped('type_facet', "type_facet <> ''"),
    docket: grouped('docket_key', "docket_key <> ''"),
    year: grouped('filed_year', 'filed_year IS NOT NULL'),
    party: file.db
      .prepare(
        'SELECT party AS value, count(*) AS count FROM parties GROUP BY party ORDER BY count DESC, value LIMIT ?',
      )
      .all(size) as never[],
  };
}

describe('FacetColumns', () => {
  it('counts what the tables hold after inserts, metadata changes, moves to another day and removals', () => {
    const file = openFile();
    const random = new Random(7);
    const corpus = generateCorpus(11, 300);
    file.upsertMany(corpus.slice(0, 200));
    for (const document of corpus.slice(200)) file.upsert(document);
    for (const document of random.sample(corpus, 60)) {
      file.upsert({
        ...document,
        sourceId: random.pick(SOURCES).id,
        parties: random.sample(PARTIES, random.int(0, 4)),
        filedAt: random.chance(0.5) ? new Date(Date.UTC(2020 + random.int(0, 5), random.int(0, 11), 1)) : undefined,
      });
    }
    const beforeRemovals = allRowids(file);
    for (const document of random.sample(corpus, 40)) file.remove(document.id);

    // Asked for the removed documents too (as a stale cursor might), it counts only those left.
    const expected = countedBySql(file, 20);
    expect(file.facets?.count(beforeRemovals, 20)).toEqual(expected);
    expect(FacetColumns.load(file.db).count(beforeRemovals, 20)).toEqual(expected);
    file.close();
  });

  it('counts only the documents asked for, and keeps the largest counts, ties by smaller value', () => {
    const file = openFile();
    const corpus = generateCorpus(12, 120);
    file.upsertMany(corpus);
    const some = allRowids(file).filter((_, index) => index % 3 === 0);
    const counts = file.facets?.count(some, 3);
    const expected = file.db
      .prepare(
        `SELECT source_id AS value, count(*) AS count FROM documents ` +
          `WHERE source_id <> '' AND rowid IN (${some.join(',')})
      GROUP BY source_id ORDER BY count DESC, value LIMIT 3`,
      )
      .all();
    expect(counts?.agency).toEqual(expected);
    file.close();
  });

  it('leaves the facets as they were when a transaction rolls back', () => {
    const file = openFile();
    const corpus = generateCorpus(13, 50);
    file.upsertMany(corpus.slice(0, 30));
    const before = file.facets?.count(allRowids(file), 20);
    let written = 0;
    expect(() =>
      file.upsertMany(corpus.slice(30), () => {
        if (written++ === 10) throw new Error('the source failed');
        return false;
      }),
    ).toThrow('the source failed');
    expect(allRowids(file)).toHaveLength(30);
    expect(file.facets?.count(allRowids(file), 20)).toEqual(before);
    file.close();
  });

  it('folds many changes into its columns without changing any count', () => {
    const facets = openFile().facets!; // an empty index's
    const random = new Random(3);
    const live = new Map<number, { agency: string; partyIds: number[] }>();
    for (let i = 0; i < 12_000; i++) {
      const rowid = random.int(1, 6000);
      if (random.chance(0.2)) {
        facets.remove(rowid);
        live.delete(rowid);
      } else {
        const values = {
          agency: `a${random.int(1, 9)}`,
          partyIds: random.sample([1, 2, 3, 4, 5, 6], random.int(0, 3)),
        };
        facets.set(rowid, { ...values, filingType: '', docket: '', year: null });
        live.set(rowid, values);
      }
    }
    const rowids = Array.from({ length: 6000 }, (_, i) => i + 1);
    const counts = facets.count(rowids, 20);
    const tally = (values: (string | number)[]) => {
      const byValue = new Map<string | number, number>();
      for (const value of values) byValue.set(value, (byValue.get(value) ?? 0) + 1);
      return [...byValue]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : 1));
    };
    expect(counts.agency).toEqual(tally([...live.values()].map((values) => values.agency)));
    expect(counts.party).toEqual(tally([...live.values()].flatMap((values) => values.partyIds)));
    expect(counts.year).toEqual([]);
  });
});
