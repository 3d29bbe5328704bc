import type { Database as Db } from 'better-sqlite3';
import { FTS_TOKENIZER } from './index-text';

/**
 * The index file's layout (version 12): text, description, word pairs, tags for filters, metadata for
 * facets, stems for questions, FTS5 prefix indexes of 3 and 4 characters (see PREFIX_INDEX), in 16 KB
 * pages, and the documents whose word pairs are still to be added (index-writer/word-pair-timing.ts). The index is
 * derived data (rebuildable from the documents service), so a file of an older version is not
 * converted: it is replaced by an empty one and a re-index refills it (see SqliteIndexFile.open, which
 * says so in the log). Version 11 only lacks the backlog's tables, which are added to it.
 */
export const SCHEMA_VERSION = 12;

/**
 * BM25 column weights (title, text, description, their word pairs, tags): a title word counts four
 * times a text word; a phrase (matched in the pair columns) is weighted like its field; filters
 * (tags) do not count at all. Searches rank with bm25_given_idf() and these weights (sqlite-idf.ts);
 * the table's own rank function is FTS5's bm25() with the same weights.
 */
export const RANK_WEIGHTS = '4.0, 1.0, 2.0, 4.0, 1.0, 2.0, 0.0';
const RANK_FUNCTION = `bm25(${RANK_WEIGHTS})`;

/**
 * A document's length for BM25, in searches (bm25_given_idf's length_columns): its words (title,
 * text, description), not its pairs or tags. The pairs are written a few seconds after the words
 * (index-writer/word-pair-timing.ts), and a length that counted them would rank a document higher
 * until then, and move it between the pages of a search when they come.
 */
export const LENGTH_COLUMNS = 3;

/**
 * Prefix indexes: FTS5 keeps, beside each word, its first 3 and first 4 characters, so a prefix
 * query of that length reads one document list, lazily (a search stops at its count limit), instead
 * of first merging the whole lists of every word it expands to: `tari*` read 9,085 words' lists at a
 * million filings (p95 over 300 ms). That merge happens inside one step of SQLite's virtual
 * machine, where no interrupt reaches it, so it must stay small: the query language refuses prefixes
 * under 3 characters (@docket/query-language's QueryLimits), and 5 or more expand to few words.
 */
const PREFIX_INDEX = '3 4';

/** FTS5 leaf size: one leaf to a 16 KB page (see connect in sqlite-index-file.ts). */
const FTS_LEAF_BYTES = 16_000;

/**
 * BM25 column weights of the stems table (title, text, description) for questions: a title word
 * counts 2.5 times a text word, tuned on the SciFact dev split (npm run eval:scifact: title weights
 * 1, 1.5, 2, 2.5, 3 and 4 gave nDCG@10 0.7001, 0.7034, 0.7032, 0.7035, 0.7029 and 0.7021; SciFact has
 * no description, which keeps the search's weight 2). Used by sqlite-question-ranker.ts.
 */
export const QUESTION_RANK_WEIGHTS = '2.5, 1.0, 2.0';

/**
 * Tables (every rowid encodes the filing day, see sqlite-rowids.ts):
 * - documents: one lean row per document with its facet values (agency, filing type, docket, year)
 *   and content hashes; kept small so that counting facets over many hits stays cheap;
 * - document_bodies: what is shown and fetched (title, description, compressed text, pages, names);
 * - documents_fts: FTS5 over title, text, description, their word pairs and the tags (field values,
 *   party and entity names; token kinds in index/fts-query.ts), so that one MATCH expression holds
 *   words, phrases and field filters. Contentless (it only answers which rowids match, and BM25):
 *   the text is stored once, compressed, in document_bodies, and snippets are cut from it in
 *   JavaScript (title-highlight.ts), which keeps its accents;
 * - documents_stems: FTS5 over title, text and description with Porter stemming, contentless too, for
 *   natural-language questions only (a question's "vaccination" should find "vaccinated"), while the
 *   query language matches words exactly in documents_fts;
 * - party_keys / parties: each party name's key once, and (document, party) pairs for the party
 *   facet (integers, so counting them over many hits stays cheap);
 * - facet_labels: how to show a facet value (agency id → name, docket key → number, party key → name).
 */
const CREATE_SCHEMA = `
  CREATE TABLE documents (
    rowid INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    source_id TEXT NOT NULL,
    type_facet TEXT NOT NULL,
    docket_key TEXT NOT NULL,
    filed_at INTEGER,
    filed_year INTEGER,
    content_hash TEXT NOT NULL,
    fields_hash TEXT NOT NULL,
    metadata_hash TEXT NOT NULL
  );

  CREATE TABLE document_bodies (
    rowid INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    text_z BLOB NOT NULL,
    source_name TEXT NOT NULL,
    docket_number TEXT NOT NULL,
    docket_id TEXT NOT NULL,
    filing_type TEXT NOT NULL,
    filing_category TEXT NOT NULL,
    parties TEXT NOT NULL,
    filers TEXT NOT NULL,
    entities TEXT NOT NULL,
    pages TEXT NOT NULL
  );

  CREATE VIRTUAL TABLE documents_fts USING fts5 (
    title, text, description, title_pairs, text_pairs, description_pairs, tags,
    content = '', contentless_delete = 1, prefix = '${PREFIX_INDEX}',
    tokenize = "${FTS_TOKENIZER}"
  );
  INSERT INTO documents_fts (documents_fts, rank) VALUES ('rank', '${RANK_FUNCTION}');
  INSERT INTO documents_fts (documents_fts, rank) VALUES ('pgsz', ${FTS_LEAF_BYTES});

  CREATE VIRTUAL TABLE documents_stems USING fts5 (
    title, text, description,
    content = '', contentless_delete = 1,
    tokenize = "porter ${FTS_TOKENIZER}"
  );
  INSERT INTO documents_stems (documents_stems, rank) VALUES ('pgsz', ${FTS_LEAF_BYTES});

  CREATE TABLE party_keys (
    id INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE
  );
  CREATE TABLE parties (
    doc INTEGER NOT NULL,
    party INTEGER NOT NULL,
    PRIMARY KEY (doc, party)
  ) WITHOUT ROWID;

  CREATE TABLE facet_labels (
    facet TEXT NOT NULL,
    key TEXT NOT NULL,
    label TEXT NOT NULL,
    PRIMARY KEY (facet, key)
  ) WITHOUT ROWID;
`;

/**
 * - word_pairs_pending: documents written without their word pairs (rowid, and since when, in ms),
 *   which a background pass adds (index-writer/word-pair-timing.ts);
 * - word_pairs_cost: one row, the documents that pass has paired and the CPU it took, for the log and
 *   the ingest bench (the pass runs on the writer thread, so its CPU is not told apart otherwise).
 * documents_fts's `deletemerge` is 0: a deleted row's entries leave its segment when automerge next
 * merges that segment, instead of the segment being rewritten once a tenth of it is deleted. The pass
 * deletes every young row once (FTS5 cannot add columns to a row), which would rewrite every young
 * segment: 2.9 CPU-ms a document, against 0.04.
 */
const CREATE_PAIR_BACKLOG = `
  CREATE TABLE word_pairs_pending (
    rowid INTEGER PRIMARY KEY,
    since INTEGER NOT NULL
  );
  CREATE INDEX word_pairs_pending_since ON word_pairs_pending (since);
  CREATE TABLE word_pairs_cost (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    documents INTEGER NOT NULL,
    cpu_ms REAL NOT NULL
  );
  INSERT INTO word_pairs_cost (id, documents, cpu_ms) VALUES (1, 0, 0);
  INSERT INTO documents_fts (documents_fts, rank) VALUES ('deletemerge', 0);
`;

/** The schema version whose files are brought to the current one by adding tables (nothing rewritten). */
const ADDITIVE_FROM_VERSION = 11;

export type SchemaState = { kind: 'current' } | { kind: 'created' } | { kind: 'outdated'; version: number };

/** What the file holds: the current schema, nothing yet (now created), or an older version (left alone). */
export function prepareSchema(db: Db): SchemaState {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return { kind: 'current' };
  if (version > SCHEMA_VERSION) {
    throw new Error(
      `the index file has schema version ${version}, newer than this code's ${SCHEMA_VERSION}; ` +
        `run the newer query-engine or delete the file and re-index`,
    );
  }
  if (version === ADDITIVE_FROM_VERSION) {
    db.transaction(() => {
      db.exec(CREATE_PAIR_BACKLOG);
      db.pragma(`user_version = ${SCHEMA_VERSION}`);
    })();
    return { kind: 'current' };
  }
  if (version !== 0) return { kind: 'outdated', version };
  const tables = db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").pluck().get() as number;
  if (tables > 0) return { kind: 'outdated', version: 0 };
  db.transaction(() => {
    db.exec(CREATE_SCHEMA);
    db.exec(CREATE_PAIR_BACKLOG);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  })();
  return { kind: 'created' };
}
