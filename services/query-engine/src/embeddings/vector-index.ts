import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database, { type Database as Db } from 'better-sqlite3';
import type { CompiledQuery } from '@docket/query-language';
import { matchableOf, type FilterMetadata } from './filter-metadata';
import { decodeVectors, encodeVectors, quantize, VectorMatrix, type ScoredDocument } from './vector-matrix';

const SCHEMA_VERSION = 1;
/** Candidates checked against a filter in the first round; each further round checks 4× more. */
const FIRST_FILTER_ROUND = 64;

export interface VectorSearchOptions {
  /** Only these documents are candidates (the search backend listed what passes the filters). */
  restrictTo?: ReadonlySet<string> | undefined;
  /** Only documents whose filter metadata passes (the query language's compiled filters). */
  filter?: CompiledQuery | undefined;
}

export interface StoredVectorDocument {
  sha256: string;
  metadata: FilterMetadata;
}

/**
 * The vector index: one SQLite file (next to the search index) with every document's passage
 * vectors (int8, see VectorMatrix), content hash and filter metadata, loaded at open into one
 * contiguous matrix for brute-force search. The file also holds the indexer's backlog
 * (VectorIndexer), so writes and the backlog share transactions.
 *
 * The file records the model that made its vectors; opened with another model it is emptied (and
 * the indexer re-embeds what the search index holds), since vectors of two models do not compare.
 */
export class VectorIndex {
  readonly matrix: VectorMatrix;
  private readonly statements: ReturnType<typeof prepareStatements>;

  private constructor(
    readonly path: string,
    readonly db: Db,
    readonly modelId: string,
    readonly dimensions: number,
  ) {
    this.statements = prepareStatements(db);
    this.matrix = new VectorMatrix(dimensions, Math.max(1024, this.countRows() * 2));
    for (const row of this.statements.allVectors.iterate() as Iterable<{ id: string; vectors: Buffer }>) {
      this.matrix.set(row.id, decodeVectors(row.vectors, dimensions));
    }
  }

  static open(path: string, model: { modelId: string; dimensions: number }): VectorIndex {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    migrate(db, model);
    return new VectorIndex(path, db, model.modelId, model.dimensions);
  }

  get documentCount(): number {
    return this.matrix.documentCount;
  }

  /** Stores a document's passage vectors (unit length, from this index's model) and filter metadata. */
  put(documentId: string, sha256: string, metadata: FilterMetadata, vectors: readonly Float32Array[]): void {
    const quantized = quantize(vectors, this.dimensions);
    this.statements.upsert.run({
      id: documentId,
      sha256,
      metadata: JSON.stringify(metadata),
      vectors: encodeVectors(quantized, this.dimensions),
    });
    this.matrix.set(documentId, quantized);
  }

  /** Updates what filters see, without touching the vectors; false when the document has none. */
  updateMetadata(documentId: string, metadata: FilterMetadata): boolean {
    return this.statements.updateMetadata.run({ id: documentId, metadata: JSON.stringify(metadata) }).changes > 0;
  }

  remove(documentId: string): boolean {
    this.statements.delete.run({ id: documentId });
    return this.matrix.delete(documentId);
  }

  stored(documentId: string): StoredVectorDocument | undefined {
    const row = this.statements.selectOne.get({ id: documentId }) as { sha256: string; metadata: string } | undefined;
    return row && { sha256: row.sha256, metadata: JSON.parse(row.metadata) as FilterMetadata };
  }

  /** Ids of every document with vectors (for reconciling after a rebuild of the search index). */
  *documentIds(): Iterable<string> {
    for (const row of this.statements.allIds.iterate() as Iterable<{ id: string }>) yield row.id;
  }

  /**
   * The `k` documents most similar to the query vector, best first. With a filter, candidates are
   * taken in score order and checked in growing rounds until `k` pass or none are left, so the
   * answer is exactly the top k among the documents that pass.
   */
  search(query: Float32Array, k: number, options: VectorSearchOptions = {}): ScoredDocument[] {
    if (k <= 0) return [];
    const ranked = this.matrix.rank(query, options.restrictTo);
    const { filter } = options;
    if (!filter) return ranked.next(k);
    const out: ScoredDocument[] = [];
    let round = Math.max(FIRST_FILTER_ROUND, k * 2);
    for (;;) {
      const candidates = ranked.next(round);
      if (candidates.length === 0) break;
      const metadata = this.metadataOf(candidates.map((c) => c.documentId));
      for (const candidate of candidates) {
        const found = metadata.get(candidate.documentId);
        if (found && filter(matchableOf(found))) {
          out.push(candidate);
          if (out.length === k) return out;
        }
      }
      round *= 4;
    }
    return out;
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private metadataOf(ids: string[]): Map<string, FilterMetadata> {
    const rows = this.statements.metadataOf.all({ ids: JSON.stringify(ids) }) as Array<{
      id: string;
      metadata: string;
    }>;
    return new Map(rows.map((row) => [row.id, JSON.parse(row.metadata) as FilterMetadata]));
  }

  private countRows(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM vector_documents').get() as { n: number }).n;
  }
}

function migrate(db: Db, model: { modelId: string; dimensions: number }): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > SCHEMA_VERSION)
    throw new Error(`vector index file has schema version ${version}; this code knows ${SCHEMA_VERSION}`);
  db.exec(
    `
    CREATE TABLE IF NOT EXISTS vector_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS vector_documents (
      id TEXT PRIMARY KEY,
      sha256 TEXT NOT NULL,
      metadata TEXT NOT NULL,
      vectors BLOB NOT NULL
    );
    -- What the indexer still has to do, one row per document (the latest event wins).
    CREATE TABLE IF NOT EXISTS vector_backlog (
      seq INTEGER PRIMARY KEY AUTOINCREMENT,
      document_id TEXT NOT NULL UNIQUE,
      op TEXT NOT NULL CHECK (op IN ('upsert', 'remove')),
      sha256 TEXT,
      metadata TEXT,
      attempts INTEGER NOT NULL DEFAULT 0
    );
    -- The documents of a search-index rebuild in progress, with their hash and metadata.
    CREATE TABLE IF NOT EXISTS vector_build (document_id TEXT PRIMARY KEY, ` +
      `sha256 TEXT NOT NULL, metadata TEXT NOT NULL);
    PRAGMA user_version = ${SCHEMA_VERSION};
  `,
  );
  const stored = db.prepare("SELECT value FROM vector_settings WHERE key = 'model'").get() as
    { value: string } | undefined;
  const wanted = `${model.modelId}/${model.dimensions}`;
  if (stored?.value !== wanted) {
    db.transaction(() => {
      if (stored) {
        // Vectors of another model: keep the ids as work to redo, drop the vectors.
        db.exec(`INSERT INTO vector_backlog (document_id, op, sha256, metadata)
          SELECT id, 'upsert', '', metadata FROM vector_documents WHERE true
          ON CONFLICT (document_id) DO NOTHING`);
        db.exec('DELETE FROM vector_documents');
      }
      db.prepare("INSERT OR REPLACE INTO vector_settings (key, value) VALUES ('model', ?)").run(wanted);
    })();
  }
}

function prepareStatements(db: Db) {
  return {
    upsert: db.prepare(
      `INSERT INTO vector_documents (id, sha256, metadata, vectors) VALUES (@id, @sha256, @metadata, @vectors)
      ON CONFLICT (id) DO UPDATE SET sha256 = excluded.sha256, ` +
        `metadata = excluded.metadata, vectors = excluded.vectors`,
    ),
    updateMetadata: db.prepare('UPDATE vector_documents SET metadata = @metadata WHERE id = @id'),
    delete: db.prepare('DELETE FROM vector_documents WHERE id = @id'),
    selectOne: db.prepare('SELECT sha256, metadata FROM vector_documents WHERE id = @id'),
    allVectors: db.prepare('SELECT id, vectors FROM vector_documents'),
    allIds: db.prepare('SELECT id FROM vector_documents'),
    metadataOf: db.prepare('SELECT id, metadata FROM vector_documents WHERE id IN (SELECT value FROM json_each(@ids))'),
  };
}
