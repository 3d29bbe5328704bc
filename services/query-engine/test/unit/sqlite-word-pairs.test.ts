import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { parseQuery } from '@docket/query-language';
import { waitFor } from '@docket/testkit';
import { ftsPhrase, PAIRS_PENDING, pairToken } from '../../src/search/index/sqlite/fts-query';
import { SqliteFts5Backend } from '../../src/search/index/sqlite/sqlite-fts5.backend';
import { SqliteIndexFile } from '../../src/search/index/sqlite/sqlite-index-file';
import { SCHEMA_VERSION } from '../../src/search/index/sqlite/sqlite-schema';
import { filingDocument as doc } from '../shared/filing-document';

const directories: string[] = [];
afterAll(() => {
  for (const dir of directories) rmSync(dir, { recursive: true, force: true });
});

function freshPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'qe-pairs-'));
  directories.push(dir);
  mkdirSync(join(dir, 'query-engine'));
  return join(dir, 'query-engine', 'index.sqlite');
}

/** Ids of the documents an FTS5 expression matches in documents_fts. */
function matching(file: SqliteIndexFile, expression: string): string[] {
  return (
    file.db
      .prepare(
        `SELECT d.id FROM documents_fts AS f JOIN documents AS d ON d.rowid = f.rowid
         WHERE documents_fts MATCH ? ORDER BY d.id`,
      )
      .pluck()
      .all(expression) as string[]
  ).sort();
}

const quoted = (token: string) => `"${token}"`;

describe('an index file that defers word pairs', () => {
  let file: SqliteIndexFile;
  beforeEach(() => {
    file = SqliteIndexFile.open(freshPath(), { deferWordPairs: true });
  });
  afterEach(() => file.close());

  const phrase = (words: string, prefix = false) => ftsPhrase(words.split(' '), prefix, true);

  it('rewrites the words and tags of a document whose update brings its entities, and keeps its stems', () => {
    const stemmed = (word: string) =>
      file.db.prepare('SELECT rowid FROM documents_stems WHERE documents_stems MATCH ?').pluck().all(word);
    file.upsert(doc('a', 'The commissioners approved the increases.'));
    expect(stemmed('approve')).toHaveLength(1);
    expect(file.pairsPendingCount()).toBe(1);
    expect(
      file.upsert(
        doc('a', 'The commissioners approved the increases.', {
          entities: [{ id: 'e', kind: 'organisation', name: 'Pelican Power' }],
        }),
      ),
    ).toBe('updated');
    expect(stemmed('approve')).toHaveLength(1);
    expect(stemmed('increase')).toHaveLength(1);
    // Written with its pairs, as the pass would: the pass has nothing left to rewrite.
    expect(file.pairsPendingCount()).toBe(0);
    expect(matching(file, quoted(pairToken('commissioners', 'approved')))).toEqual(['a']);
    expect(matching(file, quoted('\u01c2\u01c2pelican'))).toEqual(['a']); // its entity, for entity:
    // A new text rewrites the stems too, and its pairs wait again.
    file.upsert(doc('a', 'The rate was denied.'));
    expect(stemmed('approve')).toHaveLength(0);
    expect(stemmed('deny')).toHaveLength(1);
    expect(file.pairsPendingCount()).toBe(1);
  });

  it('finds a phrase by its words while the pairs wait, and by its pairs once they are added', () => {
    const parties = ['Pacific Gas and Electric'];
    file.upsert(doc('a', 'The public utilities commission approved the rate increase.', { parties }));
    file.upsert(doc('b', 'The commission is public; utilities pay.', { parties }));
    expect(file.pairsPendingCount()).toBe(2);
    expect(matching(file, quoted(pairToken('utilities', 'commission')))).toEqual([]);
    expect(matching(file, quoted(PAIRS_PENDING))).toEqual(['a', 'b']);
    expect(matching(file, phrase('public utilities commission'))).toEqual(['a']);
    expect(matching(file, phrase('utilities comm', true))).toEqual(['a']);
    expect(matching(file, phrase('utilities p', true))).toEqual(['b']);

    let clock = 0;
    expect(file.addPendingWordPairs(10, () => (clock += 5))).toBe(2);
    expect(file.pairsPendingCount()).toBe(0);
    expect(file.pairsPendingSince()).toBeNull();
    expect(matching(file, quoted(PAIRS_PENDING))).toEqual([]);
    expect(matching(file, quoted(pairToken('utilities', 'commission')))).toEqual(['a']);
    expect(matching(file, quoted(pairToken('public', 'utilities')))).toEqual(['a', 'b']); // "public; utilities"
    expect(matching(file, phrase('public utilities commission'))).toEqual(['a']);
    expect(matching(file, phrase('utilities comm', true))).toEqual(['a']);
    // Words, tags and stems are as they were: written once more with the pairs, not lost.
    expect(matching(file, '"rate" AND "increase"')).toEqual(['a']);
    expect(matching(file, quoted('\u01c2pacific'))).toEqual(['a', 'b']);
    expect(
      file.db.prepare("SELECT count(*) FROM documents_stems WHERE documents_stems MATCH 'approve'").pluck().get(),
    ).toBe(1);
    expect(file.pairsCost()).toEqual({ documents: 2, cpuMs: 5 });
  });

  it('adds the oldest first, a batch at a time', () => {
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(3_000);
      file.upsert(doc('late', 'public utilities'));
      now.mockReturnValue(1_000);
      file.upsert(doc('early', 'public utilities'));
      now.mockReturnValue(2_000);
      file.upsert(doc('middle', 'public utilities'));
      // Written again while it waits: it keeps its place.
      now.mockReturnValue(4_000);
      file.upsert(doc('early', 'public utilities again'));
    } finally {
      now.mockRestore();
    }
    expect(file.pairsPendingSince()).toBe(1_000);
    const paired = () => matching(file, quoted(pairToken('public', 'utilities')));
    expect(file.addPendingWordPairs(1, () => 0)).toBe(1);
    expect(paired()).toEqual(['early']);
    expect(file.addPendingWordPairs(1, () => 0)).toBe(1);
    expect(paired()).toEqual(['early', 'middle']);
    expect(file.pairsPendingSince()).toBe(3_000);
  });

  it('forgets a removed document, and a write without deferral adds the pairs at once', () => {
    file.upsert(doc('gone', 'public utilities'));
    file.upsert(doc('kept', 'public utilities'));
    expect(file.remove('gone')).toBe(true);
    expect(file.pairsPendingCount()).toBe(1);
    const path = file.path;
    file.close();
    file = SqliteIndexFile.open(path);
    file.upsert(doc('kept', 'public utilities, rewritten'));
    expect(file.pairsPendingCount()).toBe(0);
    expect(matching(file, quoted(pairToken('public', 'utilities')))).toEqual(['kept']);
    expect(file.addPendingWordPairs(10, () => 0)).toBe(0);
  });
});

describe('index file schema 11', () => {
  it('gains the word-pair backlog and keeps its documents', () => {
    const path = freshPath();
    const old = SqliteIndexFile.open(path);
    old.upsert(doc('a', 'public utilities commission'));
    old.db.exec('DROP TABLE word_pairs_pending; DROP TABLE word_pairs_cost; PRAGMA user_version = 11');
    old.close();

    const file = SqliteIndexFile.open(path, { deferWordPairs: true });
    try {
      expect(file.openState).toEqual({ kind: 'current' });
      expect(file.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(file.count()).toBe(1);
      file.upsert(doc('b', 'public utilities'));
      expect(file.pairsPendingCount()).toBe(1);
      expect(file.pairsCost()).toEqual({ documents: 0, cpuMs: 0 });
      const deleteMerge = "SELECT v FROM documents_fts_config WHERE k = 'deletemerge'";
      expect(file.db.prepare(deleteMerge).pluck().get()).toBe(0);
    } finally {
      file.close();
    }
  });
});

describe('SqliteFts5Backend adding word pairs in the background', () => {
  const search = (backend: SqliteFts5Backend, query: string) =>
    backend.search({ query: parseQuery(query), sort: 'relevance', limit: 10, facets: false });
  const pendingIn = (path: string) => {
    const db = new Database(path, { readonly: true });
    try {
      return db.prepare('SELECT count(*) FROM word_pairs_pending').pluck().get() as number;
    } finally {
      db.close();
    }
  };

  it('serves phrases at once, and a restarted service adds the pairs left waiting', async () => {
    const path = freshPath();
    const texts = [
      'The public utilities commission approved the rate increase for the utility.',
      'A public utilities commission order, and the public utilities commission again.',
      'The commission is public. Then utilities pay.',
      ...Array.from({ length: 30 }, (_, i) => `Another filing, number ${i}, about pipelines and tariffs.`),
    ];
    const first = SqliteFts5Backend.open(path, {
      wordPairs: { quietMs: 600_000, maxWaitMs: 600_000, batch: 8, maxBatch: 8 },
    });
    let before: Array<[string, number]>;
    try {
      for (const [i, text] of texts.entries()) await first.upsert(doc(`d${i}`, text));
      before = (await search(first, 'commission "public utilities"')).hits.map((hit) => [hit.documentId, hit.score]);
      expect(before.map(([id]) => id)).toEqual(['d1', 'd0']);
    } finally {
      await first.close();
    }
    expect(pendingIn(path)).toBe(texts.length);

    const second = SqliteFts5Backend.open(path, { wordPairs: { quietMs: 0, maxWaitMs: 0, batch: 8, maxBatch: 8 } });
    try {
      await waitFor(() => pendingIn(path) === 0, { description: 'the pairs to be added', intervalMs: 20 });
      const after = (await search(second, 'commission "public utilities"')).hits;
      expect(after.map((hit) => hit.documentId)).toEqual(['d1', 'd0']);
      // The same IDFs and lengths (words only) either way, and pair columns weighed as their words: the same scores.
      for (const [index, hit] of after.entries()) expect(hit.score).toBeCloseTo(before[index]![1], 9);
      expect((await search(second, '"utilities pay"')).hits.map((hit) => hit.documentId)).toEqual(['d2']);
    } finally {
      await second.close();
    }
  });
});
