import Database, { type Database as Db } from 'better-sqlite3';
import { MARK } from '../../src/search/index/sqlite/fts-query';
import { loadRankExtension } from '../../src/search/index/sqlite/native-extensions';
import { inverseDocumentFrequency, phrasesOf, SearchIdfs } from '../../src/search/index/sqlite/sqlite-idf';

/** An FTS5 table `t` (title, text) beside a `documents` table with the same rowids, as the index has. */
function openIndex(rows: [string, string][]): Db {
  const db = new Database(':memory:');
  loadRankExtension(db);
  db.exec(
    "CREATE TABLE documents (rowid INTEGER PRIMARY KEY); CREATE VIRTUAL TABLE t USING fts5 (title, text, content = '')",
  );
  const insert = db.prepare('INSERT INTO t (rowid, title, text) VALUES (?, ?, ?)');
  const document = db.prepare('INSERT INTO documents (rowid) VALUES (?)');
  rows.forEach(([title, text], index) => {
    insert.run(index + 1, title, text);
    document.run(index + 1);
  });
  return db;
}

const words = ['tariff', 'rate', 'gas', 'pipeline', 'storage', 'order', 'rehearing', 'capacity'];
/**
 * 60 rows: the text of row i holds words[j] when i is a multiple of j + 1
 * ('tariff' in all, 'capacity' in every 8th).
 */
const rows = Array.from({ length: 60 }, (_, i): [string, string] => [
  words
    .filter((_, j) => i % (j + 2) === 0)
    .slice(0, 2)
    .join(' '),
  words.filter((_, j) => i % (j + 1) === 0).join(' ') + (i % 5 === 0 ? ' rate rate' : ''),
]);

describe('bm25_given_idf', () => {
  const db = openIndex(rows);
  afterAll(() => db.close());

  const count = (phrase: string) => db.prepare('SELECT count(*) FROM t WHERE t MATCH ?').pluck().get(phrase) as number;

  it.each(['"rate"', '"gas" OR "capacity"', '"tariff" "pipeline"', '"storage" NOT "order"', '"rate" OR "re" *'])(
    'scores %s as FTS5 bm25() does when given the exact IDFs',
    (match) => {
      const idfs = phrasesOf(match).map((phrase) => inverseDocumentFrequency(rows.length, count(phrase)));
      const expected = db
        .prepare('SELECT rowid, bm25(t, 3.0, 1.0) AS k FROM t WHERE t MATCH ? ORDER BY rowid')
        .all(match) as { rowid: number; k: number }[];
      const given = db
        .prepare(
          `SELECT rowid, bm25_given_idf(t, ${idfs.map(() => '?').join(', ')}, 3.0, 1.0) AS k ` +
            `FROM t WHERE t MATCH ? ORDER BY rowid`,
        )
        .all(...idfs, match) as { rowid: number; k: number }[];
      expect(given.map((row) => row.rowid)).toEqual(expected.map((row) => row.rowid));
      expect(expected.length).toBeGreaterThan(0);
      given.forEach((row, index) => expect(row.k).toBeCloseTo(expected[index]!.k, 9));
    },
  );

  it('counts only the first length_columns columns in a row length when given them', () => {
    // The same titles with no text: FTS5's bm25() there is bm25_given_idf's over the titles alone.
    const titlesOnly = openIndex(rows.map(([title]): [string, string] => [title, '']));
    try {
      const titleCount = (phrase: string) =>
        titlesOnly.prepare('SELECT count(*) FROM t WHERE t MATCH ?').pluck().get(phrase) as number;
      for (const match of ['"rate"', '"gas" OR "order"']) {
        const idfs = phrasesOf(match).map((phrase) => inverseDocumentFrequency(rows.length, titleCount(phrase)));
        const expected = titlesOnly
          .prepare('SELECT rowid, bm25(t, 3.0, 1.0) AS k FROM t WHERE t MATCH ? ORDER BY rowid')
          .all(match) as { rowid: number; k: number }[];
        const given = db
          .prepare(
            `SELECT rowid, bm25_given_idf(t, ${idfs.map(() => '?').join(', ')}, 3.0, 1.0, 1) AS k ` +
              `FROM t WHERE t MATCH ? ORDER BY rowid`,
          )
          .all(...idfs, `title : (${match})`) as { rowid: number; k: number }[];
        expect(expected.length).toBeGreaterThan(0);
        expect(given.map((row) => row.rowid)).toEqual(expected.map((row) => row.rowid));
        given.forEach((row, index) => expect(row.k).toBeCloseTo(expected[index]!.k, 9));
        // Counting the text too gives other scores: the option does something.
        const allColumns = db
          .prepare(`SELECT bm25_given_idf(t, ${idfs.map(() => '?').join(', ')}, 3.0, 1.0) FROM t WHERE t MATCH ?`)
          .pluck()
          .all(...idfs, `title : (${match})`) as number[];
        expect(allColumns).not.toEqual(given.map((row) => row.k));
      }
    } finally {
      titlesOnly.close();
    }
  });

  it('says what is wrong when it is given fewer IDFs than the expression has phrases', () => {
    expect(() => db.prepare('SELECT bm25_given_idf(t, 1.0) FROM t WHERE t MATCH \'"gas" "rate"\'').all()).toThrow(
      /one IDF per phrase/u,
    );
  });
});

describe('phrasesOf', () => {
  it('lists the quoted phrases in order, with doubled quotes and prefix stars', () => {
    expect(phrasesOf('("a" OR "b c" *) AND "say ""hi""" NOT "d"')).toEqual(['"a"', '"b c" *', '"say ""hi"""', '"d"']);
  });
});

describe('SearchIdfs', () => {
  it('counts exactly on an index smaller than its sample, and gives field filters (tags) nothing', () => {
    const db = openIndex(rows);
    const idfs = new SearchIdfs(db, 't', { sampleDocuments: 1000, rareBelow: 5 });
    const exact = (phrase: string) =>
      inverseDocumentFrequency(60, db.prepare('SELECT count(*) FROM t WHERE t MATCH ?').pluck().get(phrase) as number);
    expect(idfs.of(`"capacity" OR "gas" AND "${MARK}agency${MARK}ferc"`)).toEqual([
      exact('"capacity"'),
      exact('"gas"'),
      0,
    ]);
    expect(idfs.isExact()).toBe(true);
    db.close();
  });

  it('estimates a common phrase from the newest documents and counts a rare one in the whole index', () => {
    const db = openIndex(rows);
    const idfs = new SearchIdfs(db, 't', { sampleDocuments: 20, rareBelow: 5 });
    const count = (phrase: string, fromRowid = 0) =>
      db.prepare('SELECT count(*) FROM t WHERE t MATCH ? AND rowid >= ?').pluck().get(phrase, fromRowid) as number;
    // The sample is the newest 20 rows, rowids 41-60: 'tariff' is in all of them, 'capacity' in fewer than rareBelow.
    expect(count('"tariff"', 41)).toBe(20);
    expect(count('"capacity"', 41)).toBeLessThan(5);
    const [common, rare] = idfs.of('"tariff" "capacity"');
    expect(common).toBe(inverseDocumentFrequency(20, 20));
    expect(rare).toBe(inverseDocumentFrequency(60, count('"capacity"')));
    expect(count('"capacity"')).toBeGreaterThan(count('"capacity"', 41));
    expect(idfs.isExact()).toBe(false);
    db.close();
  });

  it('forgets exact counts when the index changes', () => {
    const db = openIndex(rows);
    const idfs = new SearchIdfs(db, 't', { sampleDocuments: 1000, rareBelow: 5 });
    const before = idfs.of('"capacity"')[0];
    const containing = db.prepare(`SELECT count(*) FROM t WHERE t MATCH '"capacity"'`).pluck().get() as number;
    db.prepare("INSERT INTO t (rowid, title, text) VALUES (61, '', 'capacity')").run();
    db.prepare('INSERT INTO documents (rowid) VALUES (61)').run();
    expect(idfs.of('"capacity"')[0]).toBe(before); // remembered
    idfs.indexChanged();
    expect(idfs.of('"capacity"')[0]).toBe(inverseDocumentFrequency(61, containing + 1));
    db.close();
  });
});
