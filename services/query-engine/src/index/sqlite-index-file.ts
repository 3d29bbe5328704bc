import Database, { type Database as Db, type Statement } from 'better-sqlite3';
import type { IndexedDocument, SearchHit } from '../domain/indexed-document';
import { SNIPPET_CLOSE, SNIPPET_OPEN, snippetToHtml, stripSnippetSentinels } from './snippet-html';
import type { UpsertOutcome } from './search-backend';

const SCHEMA_VERSION = 1;
/** BM25 column weights (title, text): a word in the title counts four times as much. */
const RANK_FUNCTION = 'bm25(4.0, 1.0)';
const SNIPPET_TOKENS = 24;

interface MetadataRow {
  rowid: number;
  id: string;
  source_id: string;
  docket_number: string;
  filing_type: string;
  filed_at: number | null;
  sha256: string;
}

interface HitRow extends MetadataRow {
  title: string;
  snippet: string;
  rank: number;
}

/**
 * One SQLite file holding the index: an FTS5 table with the searchable columns (title, text) and an
 * ordinary table with the metadata, joined by rowid, so filters and facets (issue 4) can use
 * normal B-tree indexes. Synchronous by nature (better-sqlite3); the backend wraps it.
 */
export class SqliteIndexFile {
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly upsertTx: (document: IndexedDocument) => UpsertOutcome;
  private readonly removeTx: (documentId: string) => boolean;

  private constructor(readonly path: string, private readonly db: Db) {
    this.statements = prepareStatements(db);
    this.upsertTx = db.transaction((document: IndexedDocument) => this.upsertInTransaction(document));
    this.removeTx = db.transaction((documentId: string) => this.removeInTransaction(documentId));
  }

  /**
   * Opens (creating if needed) an index file. `bulk` is for a file being rebuilt: it is thrown away
   * if the process dies, so it skips fsyncs.
   */
  static open(path: string, options: { bulk?: boolean } = {}): SqliteIndexFile {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma(options.bulk ? 'synchronous = OFF' : 'synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('temp_store = MEMORY');
    migrate(db);
    return new SqliteIndexFile(path, db);
  }

  upsert(document: IndexedDocument): UpsertOutcome {
    return this.upsertTx(document);
  }

  /** Upserts many documents in one transaction (much faster than one each); `skip` filters ids out. */
  upsertMany(documents: IndexedDocument[], skip: (id: string) => boolean = () => false): number {
    let written = 0;
    this.db.transaction(() => {
      for (const document of documents) {
        if (skip(document.id)) continue;
        this.upsertInTransaction(document);
        written += 1;
      }
    })();
    return written;
  }

  remove(documentId: string): boolean {
    return this.removeTx(documentId);
  }

  search(match: string, limit: number, offset: number): { hits: SearchHit[]; total: number } {
    const rows = this.statements.search.all({ match, limit, offset, open: SNIPPET_OPEN, close: SNIPPET_CLOSE, tokens: SNIPPET_TOKENS }) as HitRow[];
    // The count is only needed when the page is full or we skipped rows; otherwise the page says it.
    const total = rows.length < limit && (offset === 0 || rows.length > 0)
      ? offset + rows.length
      : (this.statements.countMatches.get({ match }) as { n: number }).n;
    return {
      total,
      hits: rows.map((row) => ({
        documentId: row.id,
        title: row.title,
        snippet: snippetToHtml(row.snippet),
        score: -row.rank, // bm25() is "lower is better"; callers expect higher is better
        filedAt: row.filed_at === null ? undefined : new Date(row.filed_at),
        sourceId: row.source_id,
        docketNumber: row.docket_number,
        filingType: row.filing_type,
      })),
    };
  }

  count(): number {
    return (this.statements.count.get() as { n: number }).n;
  }

  /** After a bulk load: merge FTS5 segments for faster queries, and fold the WAL into the main file. */
  optimize(): void {
    this.db.exec("INSERT INTO documents_fts(documents_fts) VALUES ('optimize')");
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private upsertInTransaction(document: IndexedDocument): UpsertOutcome {
    const s = this.statements;
    const metadata = {
      id: document.id,
      source_id: document.sourceId,
      docket_number: document.docketNumber,
      filing_type: document.filingType,
      filed_at: document.filedAt ? document.filedAt.getTime() : null,
      sha256: document.sha256,
    };
    const searchable = { title: stripSnippetSentinels(document.title), text: stripSnippetSentinels(document.text) };
    const existing = s.selectById.get({ id: document.id }) as MetadataRow | undefined;
    if (!existing) {
      const { lastInsertRowid } = s.insertMetadata.run(metadata);
      s.insertText.run({ rowid: lastInsertRowid, ...searchable });
      return 'inserted';
    }
    const sameText = existing.sha256 === document.sha256;
    const sameMetadata = existing.source_id === metadata.source_id && existing.docket_number === metadata.docket_number
      && existing.filing_type === metadata.filing_type && existing.filed_at === metadata.filed_at;
    if (sameText && sameMetadata) return 'unchanged';
    s.updateMetadata.run({ ...metadata, rowid: existing.rowid });
    // Re-tokenizing is the expensive part; skip it when the content hash says the text is the same.
    if (!sameText) s.updateText.run({ rowid: existing.rowid, ...searchable });
    return 'updated';
  }

  private removeInTransaction(documentId: string): boolean {
    const existing = this.statements.selectById.get({ id: documentId }) as MetadataRow | undefined;
    if (!existing) return false;
    this.statements.deleteText.run({ rowid: existing.rowid });
    this.statements.deleteMetadata.run({ rowid: existing.rowid });
    return true;
  }
}

function migrate(db: Db): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === SCHEMA_VERSION) return;
  if (version > SCHEMA_VERSION) throw new Error(`index file has schema version ${version}; this code knows ${SCHEMA_VERSION}`);
  db.exec(`
    CREATE TABLE IF NOT EXISTS documents (
      rowid INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      source_id TEXT NOT NULL,
      docket_number TEXT NOT NULL,
      filing_type TEXT NOT NULL,
      filed_at INTEGER,
      sha256 TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS documents_source_id ON documents (source_id);
    CREATE INDEX IF NOT EXISTS documents_docket_number ON documents (docket_number);
    CREATE INDEX IF NOT EXISTS documents_filing_type ON documents (filing_type);
    CREATE INDEX IF NOT EXISTS documents_filed_at ON documents (filed_at);
    CREATE VIRTUAL TABLE IF NOT EXISTS documents_fts USING fts5 (
      title, text,
      tokenize = 'porter unicode61 remove_diacritics 2'
    );
    INSERT INTO documents_fts (documents_fts, rank) VALUES ('rank', '${RANK_FUNCTION}');
    PRAGMA user_version = ${SCHEMA_VERSION};
  `);
}

function prepareStatements(db: Db) {
  const prepare = (sql: string): Statement => db.prepare(sql);
  return {
    selectById: prepare('SELECT rowid, id, source_id, docket_number, filing_type, filed_at, sha256 FROM documents WHERE id = @id'),
    insertMetadata: prepare(`INSERT INTO documents (id, source_id, docket_number, filing_type, filed_at, sha256)
      VALUES (@id, @source_id, @docket_number, @filing_type, @filed_at, @sha256)`),
    updateMetadata: prepare(`UPDATE documents SET source_id = @source_id, docket_number = @docket_number,
      filing_type = @filing_type, filed_at = @filed_at, sha256 = @sha256 WHERE rowid = @rowid`),
    deleteMetadata: prepare('DELETE FROM documents WHERE rowid = @rowid'),
    insertText: prepare('INSERT INTO documents_fts (rowid, title, text) VALUES (@rowid, @title, @text)'),
    updateText: prepare('UPDATE documents_fts SET title = @title, text = @text WHERE rowid = @rowid'),
    deleteText: prepare('DELETE FROM documents_fts WHERE rowid = @rowid'),
    // `rank` uses the bm25 weights configured on the table, which lets FTS5 sort efficiently.
    search: prepare(`SELECT d.id, d.source_id, d.docket_number, d.filing_type, d.filed_at, f.title,
        snippet(documents_fts, 1, @open, @close, '…', @tokens) AS snippet, f.rank AS rank
      FROM documents_fts AS f JOIN documents AS d ON d.rowid = f.rowid
      WHERE documents_fts MATCH @match
      ORDER BY f.rank
      LIMIT @limit OFFSET @offset`),
    countMatches: prepare('SELECT count(*) AS n FROM documents_fts WHERE documents_fts MATCH @match'),
    count: prepare('SELECT count(*) AS n FROM documents'),
  };
}
