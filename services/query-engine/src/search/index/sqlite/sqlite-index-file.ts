import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import Database, { type Database as Db, type Statement } from 'better-sqlite3';
import { nameKey, normalizeDocketNumber } from '@docket/query-language';
import { partyNamesOf, type IndexedDocument } from '../../../domain/indexed-document';
import type { FetchOptions, UpsertOutcome } from '../search-backend';
import { FacetColumns, type DocumentFacets } from './facet-columns';
import { documentTags, PAIRS_PENDING } from './fts-query';
import { compressText, decompressText, decompressTextStart, indexText, wordPairs } from './index-text';
import { loadRankExtension } from './native-extensions';
import { allocationRange, nextRowid } from './sqlite-rowids';
import { prepareSchema } from './sqlite-schema';

/** How the file was found when opened; `reset` means an older schema was thrown away (empty now). */
export type OpenState = { kind: 'current' | 'created' } | { kind: 'reset'; fromVersion: number };

interface ExistingRow {
  rowid: number;
  content_hash: string;
  fields_hash: string;
  metadata_hash: string;
}

interface BodyRow {
  title: string;
  description: string;
  text_z: Buffer;
  source_name: string;
  docket_number: string;
  docket_id: string;
  filing_type: string;
  filing_category: string;
  parties: string;
  filers: string;
  entities: string;
  pages: string;
}

/** A committed change to one document's facet values: its new values, or null when it was removed. */
export type FacetChange = [rowid: number, values: DocumentFacets | null];

export interface OpenOptions {
  /** A file being rebuilt: thrown away if the process dies, so it skips fsyncs; nothing searches it. */
  bulk?: boolean;
  /**
   * Told after every committed transaction (its facet changes, perhaps none), for facets and caches
   * kept elsewhere (the search threads'); without it, a live file keeps its own `facets`.
   */
  onFacetChanges?: (changes: FacetChange[]) => void;
  /**
   * Writes a document's words now and its word pairs later (addPendingWordPairs, run in the
   * background by the writer thread): a live file's writes, so the ingest path does not wait on the
   * pairs, which are most of the FTS5 work. A file written without it gets the pairs at once.
   */
  deferWordPairs?: boolean;
}

/** What the background pass has done in all: documents paired and the CPU it took. */
export interface WordPairsCost {
  documents: number;
  cpuMs: number;
}

interface FetchRow extends BodyRow {
  id: string;
  source_id: string;
  filed_at: number | null;
  content_hash: string;
}

/**
 * One SQLite file holding the index (schema in sqlite-schema.ts). Synchronous by nature
 * (better-sqlite3); SqliteFts5Backend wraps it, and SqliteSearcher runs searches on `db`.
 */
export class SqliteIndexFile {
  private readonly statements: ReturnType<typeof prepareStatements>;
  private readonly upsertTx: (document: IndexedDocument) => UpsertOutcome;
  private readonly removeTx: (documentId: string) => boolean;
  private readonly labels = new Map<string, string>();
  private readonly partyIds = new Map<string, number>();
  private readonly fetcher: DocumentFetcher;
  private readonly deferWordPairs: boolean;
  /** Facet changes of the transaction under way, reported once it commits (null: nobody keeps facets). */
  private facetChanges: FacetChange[] | null;

  /**
   * @param facets every document's facet values in memory, for searches on this file's own
   *   connection; none for a file being rebuilt (nothing searches it, and it is reopened once built)
   *   or one whose facets are kept elsewhere (onFacetChanges).
   */
  private constructor(
    readonly path: string,
    readonly db: Db,
    readonly openState: OpenState,
    readonly facets: FacetColumns | undefined,
    private readonly onFacetChanges: ((changes: FacetChange[]) => void) | undefined,
    deferWordPairs: boolean,
  ) {
    this.deferWordPairs = deferWordPairs;
    this.facetChanges = facets || onFacetChanges ? [] : null;
    this.statements = prepareStatements(db);
    this.fetcher = new DocumentFetcher(db);
    this.upsertTx = db.transaction((document: IndexedDocument) => this.upsertInTransaction(document));
    this.removeTx = db.transaction((documentId: string) => this.removeInTransaction(documentId));
  }

  /**
   * Opens (creating if needed) an index file. An older schema is replaced by an empty file: the
   * index is derived data, and a re-index refills it (the caller must say so).
   */
  static open(path: string, options: OpenOptions = {}): SqliteIndexFile {
    let db = connect(path, options.bulk ?? false);
    let state: OpenState;
    try {
      const schema = prepareSchema(db);
      if (schema.kind === 'outdated') {
        db.close();
        removeSqliteFiles(path);
        db = connect(path, options.bulk ?? false);
        prepareSchema(db);
        state = { kind: 'reset', fromVersion: schema.version };
      } else {
        state = { kind: schema.kind };
      }
    } catch (error) {
      db.close();
      throw error;
    }
    const facets = options.bulk || options.onFacetChanges ? undefined : FacetColumns.load(db);
    return new SqliteIndexFile(
      path,
      db,
      state,
      facets,
      options.bulk ? undefined : options.onFacetChanges,
      options.deferWordPairs ?? false,
    );
  }

  upsert(document: IndexedDocument): UpsertOutcome {
    return this.writing(() => this.upsertTx(document));
  }

  /** Upserts many documents in one transaction (much faster than one each); `skip` filters ids out. */
  upsertMany(documents: IndexedDocument[], skip: (id: string) => boolean = () => false): number {
    let written = 0;
    this.writing(() =>
      this.db.transaction(() => {
        for (const document of documents) {
          if (skip(document.id)) continue;
          this.upsertInTransaction(document);
          written += 1;
        }
      })(),
    );
    return written;
  }

  /**
   * Runs one transaction. Once it commits, its facet changes reach the in-memory facets; a rolled-back
   * one takes its label and party key writes with it, so the caches of them are forgotten.
   */
  private writing<T>(write: () => T): T {
    if (this.facetChanges) this.facetChanges = [];
    try {
      const result = write();
      const changes = this.facetChanges ?? [];
      for (const [rowid, values] of changes) {
        if (values) this.facets?.set(rowid, values);
        else this.facets?.remove(rowid);
      }
      this.onFacetChanges?.(changes);
      return result;
    } catch (error) {
      this.labels.clear();
      this.partyIds.clear();
      throw error;
    } finally {
      if (this.facetChanges) this.facetChanges = [];
    }
  }

  remove(documentId: string): boolean {
    return this.writing(() => this.removeTx(documentId));
  }

  /** Stored documents by id, in the order asked; unknown ids are left out. */
  fetch(documentIds: string[], options: FetchOptions = {}): IndexedDocument[] {
    return this.fetcher.fetch(documentIds, options);
  }

  count(): number {
    return this.statements.count.pluck().get() as number;
  }

  /**
   * Writes the word pairs of up to `limit` documents written without them, oldest first, in one
   * transaction (the words are written again with them: FTS5 cannot add to a row). `cpuMs` reads the
   * calling thread's CPU clock, to keep the pass's cost (pairsCost). Returns how many were paired.
   */
  addPendingWordPairs(limit: number, cpuMs: () => number): number {
    const s = this.statements;
    const started = cpuMs();
    const paired = this.db.transaction(() => {
      const rowids = s.oldestPairsPending.pluck().all(limit) as number[];
      for (const rowid of rowids) {
        const row = s.selectStoredByRowid.get(rowid) as FetchRow | undefined;
        s.deletePairsPending.run(rowid);
        if (!row) continue; // removed since (a removal drops its pending row too; this is only a guard)
        s.deleteText.run(rowid);
        s.insertText.run(rowid, ...searchable(toIndexedDocument(row, undefined), true));
      }
      return rowids.length;
    })();
    // After the commit, which writes FTS5's new segments (much of the cost); a crash in between loses
    // only this batch's figure.
    if (paired > 0) s.addPairsCost.run(paired, cpuMs() - started);
    return paired;
  }

  /** Since when (ms) the oldest document without its word pairs has waited; null when none waits. */
  pairsPendingSince(): number | null {
    return this.statements.oldestPendingSince.pluck().get() as number | null;
  }

  /** Documents waiting for their word pairs. */
  pairsPendingCount(): number {
    return this.statements.countPairsPending.pluck().get() as number;
  }

  pairsCost(): WordPairsCost {
    const row = this.statements.pairsCost.get() as { documents: number; cpu_ms: number };
    return { documents: row.documents, cpuMs: row.cpu_ms };
  }

  /** After a bulk load: merge FTS5 segments for faster queries, refresh planner statistics, fold the WAL in. */
  optimize(): void {
    this.db.exec("INSERT INTO documents_fts (documents_fts) VALUES ('optimize')");
    this.db.exec("INSERT INTO documents_stems (documents_stems) VALUES ('optimize')");
    this.db.exec('ANALYZE');
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private upsertInTransaction(document: IndexedDocument): UpsertOutcome {
    const s = this.statements;
    const row = documentRow(document);
    let existing = s.selectById.get(document.id) as ExistingRow | undefined;
    if (existing && document.onlyIfNew) return 'unchanged';
    let outcome: UpsertOutcome = 'inserted';
    const [first, last] = allocationRange(row.filed_at);
    if (existing && (existing.rowid < first || existing.rowid > last)) {
      // Filed on another day now: its rowid (which encodes the day) must change, so it moves.
      this.removeInTransaction(document.id);
      existing = undefined;
      outcome = 'updated';
    }
    if (!existing) {
      const rowid = nextRowid(row.filed_at, s.largestRowid.pluck().get(first, last) as number | null);
      s.insertDocument.run({ ...row, rowid });
      const body = bodyRow(document);
      s.insertBody.run({ rowid, ...body });
      this.insertSearchable(rowid, document);
      this.changedFacets(rowid, row, this.insertParties(rowid, document));
      return outcome;
    }
    const sameText = existing.content_hash === row.content_hash;
    const sameFields = existing.fields_hash === row.fields_hash;
    const sameMetadata = existing.metadata_hash === row.metadata_hash;
    if (sameText && sameFields && sameMetadata) return 'unchanged';
    const rowid = existing.rowid;
    s.updateDocument.run({ ...row, rowid });
    // The tags hold the metadata filters use, so a metadata change rewrites the row too. When only
    // they change (an update bringing its entities, in the background), the stems (title, text,
    // description) stay, and the row is written with its word pairs at once: deferring them would
    // have the pass rewrite the row once more.
    const tagsOnly = sameText && sameFields;
    this.deleteSearchable(rowid, !tagsOnly);
    this.insertSearchable(rowid, document, !tagsOnly, tagsOnly);
    // Re-compressing the text is the costly part of a body; keep the stored blob when the text is the same.
    if (sameText) {
      const { text_z: _unchanged, ...body } = bodyRow(document, false);
      s.updateBodyKeepText.run({ rowid, ...body });
    } else {
      s.updateBody.run({ rowid, ...bodyRow(document) });
    }
    if (!sameMetadata) {
      s.deleteParties.run(rowid);
      this.changedFacets(rowid, row, this.insertParties(rowid, document));
    }
    return 'updated';
  }

  private removeInTransaction(documentId: string): boolean {
    const s = this.statements;
    const existing = s.selectById.get(documentId) as ExistingRow | undefined;
    if (!existing) return false;
    this.deleteSearchable(existing.rowid);
    s.deletePairsPending.run(existing.rowid);
    s.deleteParties.run(existing.rowid);
    s.deleteBody.run(existing.rowid);
    s.deleteDocument.run(existing.rowid);
    this.facetChanges?.push([existing.rowid, null]);
    return true;
  }

  /**
   * The document's words, pairs and tags in documents_fts, and its stems in documents_stems; with
   * deferWordPairs, unless `pairsNow`, the pairs are left to addPendingWordPairs (a document already
   * waiting keeps its place in the queue).
   */
  private insertSearchable(rowid: number, document: IndexedDocument, stems = true, pairsNow = false): void {
    const s = this.statements;
    const defer = this.deferWordPairs && !pairsNow;
    const columns = searchable(document, !defer);
    s.insertText.run(rowid, ...columns);
    if (stems) s.insertStems.run(rowid, ...columns.slice(0, 3));
    if (defer) s.insertPairsPending.run(rowid, Date.now());
    else s.deletePairsPending.run(rowid);
  }

  private deleteSearchable(rowid: number, stems = true): void {
    this.statements.deleteText.run(rowid);
    if (stems) this.statements.deleteStems.run(rowid);
  }

  /** Writes the document's parties and facet labels; returns its party ids. */
  private insertParties(rowid: number, document: IndexedDocument): number[] {
    const s = this.statements;
    const ids = new Set<number>();
    for (const name of partyNamesOf(document)) {
      const key = nameKey(name);
      const id = this.partyId(key);
      s.insertParty.run(rowid, id);
      ids.add(id);
      this.label('party', key, name);
    }
    this.label('agency', document.sourceId, document.sourceName || document.sourceId);
    const docketKey = normalizeDocketNumber(document.docketNumber);
    if (docketKey !== '') this.label('docket', docketKey, document.docketNumber.trim());
    return [...ids];
  }

  private changedFacets(rowid: number, row: ReturnType<typeof documentRow>, partyIds: number[]): void {
    this.facetChanges?.push([
      rowid,
      { agency: row.source_id, filingType: row.type_facet, docket: row.docket_key, year: row.filed_year, partyIds },
    ]);
  }

  private partyId(key: string): number {
    let id = this.partyIds.get(key);
    if (id === undefined) {
      const s = this.statements;
      id =
        (s.selectPartyKey.pluck().get(key) as number | undefined) ?? Number(s.insertPartyKey.run(key).lastInsertRowid);
      if (this.partyIds.size >= 200_000) this.partyIds.clear();
      this.partyIds.set(key, id);
    }
    return id;
  }

  /** Facet labels change rarely; remembering the last ones written saves a write per name per document. */
  private label(facet: string, key: string, label: string): void {
    const cacheKey = `${facet}\u0000${key}`;
    if (this.labels.get(cacheKey) === label) return;
    if (this.labels.size >= 50_000) this.labels.clear();
    this.statements.upsertLabel.run(facet, key, label);
    this.labels.set(cacheKey, label);
  }
}

/**
 * The documents_fts columns: title, text, description as indexed, their word pairs, the tags. Without
 * `withPairs`, the pair columns are empty and the tags say the pairs are pending (fts-query.ts).
 */
function searchable(document: IndexedDocument, withPairs: boolean): string[] {
  const { title, text, description } = document;
  const tags = documentTags({
    agencies: [document.sourceId, document.sourceName],
    types: [document.filingType, document.filingCategory],
    docket: document.docketNumber,
    parties: partyNamesOf(document),
    entities: document.entities.map((entity) => entity.name),
  });
  return [
    indexText(title),
    indexText(text),
    indexText(description),
    withPairs ? wordPairs(title) : '',
    withPairs ? wordPairs(text) : '',
    withPairs ? wordPairs(description) : '',
    withPairs ? tags : `${tags} ${PAIRS_PENDING}`,
  ];
}

/** A connection that only reads (a search thread's): the file exists, in WAL mode, with its schema. */
export function connectReader(path: string): Db {
  const db = new Database(path, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -65536');
  loadRankExtension(db);
  return db;
}

function connect(path: string, bulk: boolean): Db {
  const db = new Database(path);
  // 16 KB pages (FTS5 leaves of 16,000 bytes, sqlite-schema.ts): a search reads a fraction of many
  // long document lists, and a page read from disk costs about the same at 4 or 16 KB, so a cold
  // search does fewer, fuller reads. It takes effect only on a new file, so it precedes WAL mode.
  db.pragma('page_size = 16384');
  db.pragma('journal_mode = WAL');
  db.pragma(bulk ? 'synchronous = OFF' : 'synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('temp_store = MEMORY');
  db.pragma('cache_size = -65536'); // 64 MB of page cache (the OS caches the rest of the file)
  loadRankExtension(db);
  return db;
}

export function removeSqliteFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

function sha256(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url');
}

function filedAtMs(document: IndexedDocument): number | null {
  const time = document.filedAt?.getTime();
  return time === undefined || Number.isNaN(time) ? null : time;
}

function documentRow(document: IndexedDocument) {
  const filedAt = filedAtMs(document);
  return {
    id: document.id,
    source_id: document.sourceId,
    type_facet: (document.filingCategory || document.filingType).trim(),
    docket_key: normalizeDocketNumber(document.docketNumber),
    filed_at: filedAt,
    filed_year: filedAt === null ? null : new Date(filedAt).getUTCFullYear(),
    content_hash: document.sha256,
    fields_hash: sha256([document.title, document.description]),
    metadata_hash: sha256([
      document.sourceId,
      document.sourceName,
      document.docketNumber,
      document.docketId,
      document.filingType,
      document.filingCategory,
      filedAt,
      document.parties,
      document.filers,
      document.entities,
      document.pages,
    ]),
  };
}

function bodyRow(document: IndexedDocument, withText = true) {
  return {
    title: document.title,
    description: document.description,
    text_z: withText ? compressText(document.text) : null,
    source_name: document.sourceName,
    docket_number: document.docketNumber,
    docket_id: document.docketId,
    filing_type: document.filingType,
    filing_category: document.filingCategory,
    parties: JSON.stringify(document.parties),
    filers: JSON.stringify(document.filers),
    entities: JSON.stringify(document.entities),
    pages: JSON.stringify(document.pages),
  };
}

/** Stored documents by id, on any connection to an index file. */
export class DocumentFetcher {
  private readonly byId: Statement;

  constructor(db: Db) {
    this.byId = db.prepare(`${SELECT_STORED} WHERE d.id = ?`);
  }

  /** In the order asked; unknown ids are left out. */
  fetch(documentIds: string[], options: FetchOptions = {}): IndexedDocument[] {
    const found: IndexedDocument[] = [];
    for (const id of documentIds) {
      const row = this.byId.get(id) as FetchRow | undefined;
      if (row) found.push(toIndexedDocument(row, options.textChars));
    }
    return found;
  }
}

function toIndexedDocument(row: FetchRow, textChars: number | undefined): IndexedDocument {
  return {
    id: row.id,
    title: row.title,
    text: textChars === undefined ? decompressText(row.text_z) : decompressTextStart(row.text_z, textChars),
    description: row.description,
    sourceId: row.source_id,
    sourceName: row.source_name,
    docketNumber: row.docket_number,
    docketId: row.docket_id,
    filingType: row.filing_type,
    filingCategory: row.filing_category,
    filedAt: row.filed_at === null ? undefined : new Date(row.filed_at),
    parties: JSON.parse(row.parties) as string[],
    filers: JSON.parse(row.filers) as string[],
    entities: JSON.parse(row.entities) as IndexedDocument['entities'],
    pages: JSON.parse(row.pages) as IndexedDocument['pages'],
    sha256: row.content_hash,
  };
}

const BODY_COLUMNS =
  'title, description, text_z, source_name, docket_number, docket_id, filing_type, filing_category, ' +
  'parties, filers, entities, pages';

/** A stored document's row (FetchRow), to be narrowed by a WHERE on `d`. */
const SELECT_STORED = `SELECT d.id, d.source_id, d.filed_at, d.content_hash, ${BODY_COLUMNS.split(', ')
  .map((column) => `b.${column}`)
  .join(', ')}
  FROM documents AS d JOIN document_bodies AS b ON b.rowid = d.rowid`;

function prepareStatements(db: Db) {
  const prepare = (sql: string): Statement => db.prepare(sql);
  const bodyColumns = BODY_COLUMNS;
  return {
    selectById: prepare('SELECT rowid, content_hash, fields_hash, metadata_hash FROM documents WHERE id = ?'),
    insertDocument: prepare(`INSERT INTO documents (id, source_id, type_facet, docket_key,
        filed_at, filed_year, content_hash, fields_hash, metadata_hash, rowid)
      VALUES (@id, @source_id, @type_facet, @docket_key,
        @filed_at, @filed_year, @content_hash, @fields_hash, @metadata_hash, @rowid)`),
    largestRowid: prepare('SELECT max(rowid) FROM documents WHERE rowid BETWEEN ? AND ?'),
    updateDocument: prepare(
      `UPDATE documents SET source_id = @source_id, type_facet = @type_facet, docket_key = @docket_key, ` +
        `filed_at = @filed_at,
        filed_year = @filed_year, content_hash = @content_hash,
        fields_hash = @fields_hash, metadata_hash = @metadata_hash
      WHERE rowid = @rowid`,
    ),
    deleteDocument: prepare('DELETE FROM documents WHERE rowid = ?'),
    insertBody: prepare(
      `INSERT INTO document_bodies (rowid, ${bodyColumns})
      VALUES (@rowid, @title, @description, @text_z, @source_name, ` +
        `@docket_number, @docket_id, @filing_type, @filing_category,
        @parties, @filers, @entities, @pages)`,
    ),
    updateBody: prepare(
      `UPDATE document_bodies SET title = @title, description = @description, ` +
        `text_z = @text_z, source_name = @source_name,
        docket_number = @docket_number, docket_id = @docket_id, ` +
        `filing_type = @filing_type, filing_category = @filing_category,
        parties = @parties, filers = @filers, entities = @entities, pages = @pages
      WHERE rowid = @rowid`,
    ),
    updateBodyKeepText: prepare(
      `UPDATE document_bodies SET title = @title, description = @description, source_name = @source_name,
        docket_number = @docket_number, docket_id = @docket_id, ` +
        `filing_type = @filing_type, filing_category = @filing_category,
        parties = @parties, filers = @filers, entities = @entities, pages = @pages
      WHERE rowid = @rowid`,
    ),
    selectBody: prepare(`SELECT ${bodyColumns} FROM document_bodies WHERE rowid = ?`),
    deleteBody: prepare('DELETE FROM document_bodies WHERE rowid = ?'),
    insertText: prepare(
      `INSERT INTO documents_fts (rowid, title, text, description, ` +
        `title_pairs, text_pairs, description_pairs, tags)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    deleteText: prepare('DELETE FROM documents_fts WHERE rowid = ?'),
    selectStoredByRowid: prepare(`${SELECT_STORED} WHERE d.rowid = ?`),
    insertPairsPending: prepare('INSERT OR IGNORE INTO word_pairs_pending (rowid, since) VALUES (?, ?)'),
    deletePairsPending: prepare('DELETE FROM word_pairs_pending WHERE rowid = ?'),
    oldestPairsPending: prepare('SELECT rowid FROM word_pairs_pending ORDER BY since, rowid LIMIT ?'),
    oldestPendingSince: prepare('SELECT min(since) FROM word_pairs_pending'),
    countPairsPending: prepare('SELECT count(*) FROM word_pairs_pending'),
    pairsCost: prepare('SELECT documents, cpu_ms FROM word_pairs_cost WHERE id = 1'),
    addPairsCost: prepare('UPDATE word_pairs_cost SET documents = documents + ?, cpu_ms = cpu_ms + ? WHERE id = 1'),
    insertStems: prepare('INSERT INTO documents_stems (rowid, title, text, description) VALUES (?, ?, ?, ?)'),
    deleteStems: prepare('DELETE FROM documents_stems WHERE rowid = ?'),
    insertParty: prepare('INSERT OR IGNORE INTO parties (doc, party) VALUES (?, ?)'),
    selectPartyKey: prepare('SELECT id FROM party_keys WHERE key = ?'),
    insertPartyKey: prepare('INSERT INTO party_keys (key) VALUES (?)'),
    deleteParties: prepare('DELETE FROM parties WHERE doc = ?'),
    upsertLabel: prepare(`INSERT INTO facet_labels (facet, key, label) VALUES (?, ?, ?)
      ON CONFLICT (facet, key) DO UPDATE SET label = excluded.label WHERE label <> excluded.label`),
    count: prepare('SELECT count(*) FROM documents'),
  };
}
