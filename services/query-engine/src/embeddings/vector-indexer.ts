import { UserActivity } from '@docket/service-kit';
import type { IndexedDocument } from '../domain/indexed-document';
import type { Embedder } from './embedder';
import { filterMetadataOf, type FilterMetadata } from './filter-metadata';
import { DEFAULT_PASSAGES, documentPassages, type PassageOptions } from './passages';
import type { VectorIndex } from './vector-index';

/** Where the indexer reads a document's text when its turn comes (the search backend's fetch). */
export interface DocumentReader {
  fetch(documentIds: string[]): Promise<IndexedDocument[]>;
}

export interface VectorIndexerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface VectorIndexerOptions {
  index: VectorIndex;
  embedder: Embedder;
  documents: DocumentReader;
  passages?: PassageOptions | undefined;
  /** Documents embedded per step; their vectors are written in one transaction. */
  batchSize?: number | undefined;
  /** Wait after a failed step before trying again (the failing rows are retried, others too). */
  retryDelayMs?: number | undefined;
  logger?: VectorIndexerLogger | undefined;
  /**
   * Users' requests under way: the background loop waits until there is none before each step, so
   * embedding never takes the cores from a question or a search (see UserActivity).
   */
  users?: Pick<UserActivity, 'whenQuiet'> | undefined;
  /**
   * While documents keep arriving (an import, the default corpus's load), the loop waits until none
   * has for this long before each step: making them searchable comes first, and embedding beside it
   * took a sixth of the ingest rate although its processes run at nice 19 (their cache and memory
   * traffic, and the CPU they get whenever a part of the pipeline waits). Undefined: no waiting.
   */
  writesQuietMs?: number | undefined;
}

/**
 * Longest a backlog step waits for users, or for writes, to pause: under ones that never do,
 * the backlog still moves.
 */
const MAX_WAIT_FOR_USERS_MS = 10_000;
const MAX_WAIT_FOR_WRITES_MS = 10_000;

/**
 * What the vectors of an index were made with: the model and how documents were cut into passages.
 * A vector index is opened with it; a change of either empties the index and re-embeds everything
 * (vectors made differently do not compare, and unchanged content hashes would not say so).
 */
export function vectorScheme(
  embedder: Pick<Embedder, 'modelId' | 'dimensions'>,
  passages: PassageOptions = DEFAULT_PASSAGES,
): { modelId: string; dimensions: number } {
  return {
    modelId: `${embedder.modelId}|passages:${passages.maxPassages}x${passages.passageChars}`,
    dimensions: embedder.dimensions,
  };
}

interface BacklogRow {
  seq: number;
  document_id: string;
  op: 'upsert' | 'remove';
  sha256: string | null;
  metadata: string | null;
}

/**
 * Keeps the vector index following the search index. Embedding is slow (a few to tens of documents
 * a second on two cores), far slower than indexing text, so writes only record what is to do in a
 * persisted backlog (a row per document in the vector index's SQLite file, the latest event
 * winning) and a background loop works through it in batches: read the text from the search
 * backend, embed, write the vectors, delete the row, in one transaction. A restart loses nothing:
 * the backlog is on disk, and a row leaves it only together with its result.
 *
 * An upsert whose content hash equals the stored vectors' only refreshes the filter metadata, so a
 * replayed event or a rebuild re-embeds nothing that did not change.
 */
export class VectorIndexer {
  private readonly index: VectorIndex;
  private readonly embedder: Embedder;
  private readonly documents: DocumentReader;
  private readonly passages: PassageOptions;
  private readonly batchSize: number;
  private readonly retryDelayMs: number;
  private readonly logger: VectorIndexerLogger | undefined;
  private readonly users: VectorIndexerOptions['users'];
  /** Documents enqueued, as "requests" that end at once: quiet once none has come for writesQuietMs. */
  private readonly writes: UserActivity | undefined;
  private readonly sql;
  private running: Promise<void> | undefined;
  private stopping = false;
  /** Resolves when stop is asked (a loop waiting for users to pause stops waiting). */
  private stopRequested: Promise<void> = Promise.resolve();
  private requestStop: () => void = () => undefined;
  private wake: (() => void) | undefined;
  /**
   * Set by every enqueue, cleared before the loop reads the backlog: work that arrives between that
   * read and the loop's going to sleep (a few microtasks, with no `wake` set yet) is not slept through.
   */
  private workArrived = false;
  private idleWaiters: Array<() => void> = [];
  private buildOpen = false;
  /** Ids written by live events during a build: the build's (possibly older) copy must not override them. */
  private touched = new Set<string>();

  constructor(options: VectorIndexerOptions) {
    this.index = options.index;
    this.embedder = options.embedder;
    this.documents = options.documents;
    this.passages = options.passages ?? DEFAULT_PASSAGES;
    this.batchSize = options.batchSize ?? 16;
    this.retryDelayMs = options.retryDelayMs ?? 5_000;
    this.logger = options.logger;
    this.users = options.users;
    this.writes = options.writesQuietMs === undefined ? undefined : new UserActivity(options.writesQuietMs);
    const scheme = vectorScheme(this.embedder, this.passages);
    if (scheme.modelId !== this.index.modelId || scheme.dimensions !== this.index.dimensions) {
      throw new Error(
        `the vector index holds ${this.index.modelId}/${this.index.dimensions} vectors, ` +
          `this indexer makes ${scheme.modelId}/${scheme.dimensions}`,
      );
    }
    const db = this.index.db;
    this.sql = {
      deleteRow: db.prepare('DELETE FROM vector_backlog WHERE document_id = ?'),
      insertRow: db.prepare(
        'INSERT INTO vector_backlog (document_id, op, sha256, metadata) VALUES (@id, @op, @sha256, @metadata)',
      ),
      nextRows: db.prepare(
        'SELECT seq, document_id, op, sha256, metadata FROM vector_backlog ORDER BY attempts, seq LIMIT ?',
      ),
      currentSeq: db.prepare('SELECT seq FROM vector_backlog WHERE document_id = ?'),
      deleteDone: db.prepare('DELETE FROM vector_backlog WHERE document_id = ? AND seq = ?'),
      countRows: db.prepare('SELECT count(*) AS n FROM vector_backlog'),
      failed: db.prepare(
        'UPDATE vector_backlog SET attempts = attempts + 1 WHERE seq IN (SELECT value FROM json_each(?))',
      ),
      buildPut: db.prepare(
        'INSERT OR REPLACE INTO vector_build (document_id, sha256, metadata) VALUES (@id, @sha256, @metadata)',
      ),
      buildDelete: db.prepare('DELETE FROM vector_build WHERE document_id = ?'),
      buildClear: db.prepare('DELETE FROM vector_build'),
    };
  }

  /** Documents still to embed or remove. */
  pending(): number {
    return (this.sql.countRows.get() as { n: number }).n;
  }

  /** Records that the document was written to the search index (call after the write succeeded). */
  enqueueUpsert(document: IndexedDocument): void {
    this.enqueueUpserts([document]);
  }

  /** Records that these documents were written to the search index, in one transaction. */
  enqueueUpserts(documents: readonly IndexedDocument[]): void {
    this.index.db.transaction(() => {
      for (const document of documents) {
        const metadata = filterMetadataOf(document);
        this.sql.deleteRow.run(document.id);
        if (this.buildOpen) this.touched.add(document.id);
        if (this.buildOpen)
          this.sql.buildPut.run({ id: document.id, sha256: document.sha256, metadata: JSON.stringify(metadata) });
        const stored = this.index.stored(document.id);
        // Same text: the vectors stand, only what filters see may have changed.
        if (stored && stored.sha256 === document.sha256) this.index.updateMetadata(document.id, metadata);
        else
          this.sql.insertRow.run({
            id: document.id,
            op: 'upsert',
            sha256: document.sha256,
            metadata: JSON.stringify(metadata),
          });
      }
    })();
    this.writes?.noteRequest();
    this.notify();
  }

  /** Records that the document left the search index. */
  enqueueRemove(documentId: string): void {
    this.index.db.transaction(() => {
      this.sql.deleteRow.run(documentId);
      if (this.buildOpen) {
        this.touched.add(documentId);
        this.sql.buildDelete.run(documentId);
      }
      this.sql.insertRow.run({ id: documentId, op: 'remove', sha256: null, metadata: null });
    })();
    this.notify();
  }

  /** A rebuild of the search index started: remember what it contains, to reconcile at commit. */
  beginBuild(): void {
    this.sql.buildClear.run();
    this.touched = new Set();
    this.buildOpen = true;
  }

  addToBuild(documents: readonly IndexedDocument[]): void {
    this.index.db.transaction(() => {
      for (const document of documents) {
        if (this.touched.has(document.id)) continue;
        this.sql.buildPut.run({
          id: document.id,
          sha256: document.sha256,
          metadata: JSON.stringify(filterMetadataOf(document)),
        });
      }
    })();
  }

  /**
   * The rebuilt index is live: vectors of documents it does not hold are to be removed, documents
   * whose text changed (or that have no vectors) to be embedded, and the metadata of the others is
   * refreshed, all from the build's list, in one transaction.
   */
  commitBuild(): void {
    const db = this.index.db;
    db.transaction(() => {
      db.exec(`
        UPDATE vector_documents
          SET metadata = (SELECT b.metadata FROM vector_build b WHERE b.document_id = vector_documents.id)
          WHERE EXISTS (
            SELECT 1 FROM vector_build b
            WHERE b.document_id = vector_documents.id AND b.sha256 = vector_documents.sha256
          );
        CREATE TEMP TABLE IF NOT EXISTS vector_todo (
          document_id TEXT PRIMARY KEY, op TEXT NOT NULL, sha256 TEXT, metadata TEXT
        );
        DELETE FROM vector_todo;
        INSERT INTO vector_todo SELECT id, 'remove', NULL, NULL FROM vector_documents
          WHERE id NOT IN (SELECT document_id FROM vector_build);
        INSERT INTO vector_todo SELECT b.document_id, 'upsert', b.sha256, b.metadata FROM vector_build b
          LEFT JOIN vector_documents d ON d.id = b.document_id WHERE d.id IS NULL OR d.sha256 <> b.sha256;
        DELETE FROM vector_backlog WHERE document_id IN (SELECT document_id FROM vector_todo);
        INSERT INTO vector_backlog (document_id, op, sha256, metadata)
          SELECT document_id, op, sha256, metadata FROM vector_todo;
        DELETE FROM vector_todo;
        DELETE FROM vector_build;
      `);
    })();
    this.buildOpen = false;
    this.touched = new Set();
    this.notify();
  }

  abortBuild(): void {
    this.sql.buildClear.run();
    this.buildOpen = false;
    this.touched = new Set();
  }

  /** Starts working through the backlog in the background (until `stop`). */
  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.stopRequested = new Promise((resolve) => {
      this.requestStop = resolve;
    });
    this.running = this.loop();
  }

  /** Finishes the batch in progress and stops; what is left stays in the backlog for the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.requestStop();
    this.wake?.();
    await this.running;
    this.running = undefined;
  }

  /** Resolves when the backlog is empty (immediately if it is); the loop must be running. */
  whenIdle(): Promise<void> {
    if (this.pending() === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Works through the whole backlog now, without the background loop (for tools and the eval). */
  async drain(onProgress?: (done: number, left: number) => void): Promise<void> {
    let done = 0;
    for (;;) {
      const processed = await this.step();
      if (processed === 0) return;
      done += processed;
      onProgress?.(done, this.pending());
    }
  }

  private notify(): void {
    this.workArrived = true;
    this.wake?.();
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.workArrived = false;
      let processed = 0;
      try {
        await this.writesPaused();
        if (this.users) await Promise.race([this.users.whenQuiet(MAX_WAIT_FOR_USERS_MS), this.stopRequested]);
        if (this.stopping) break;
        processed = await this.step();
      } catch (error) {
        this.logger?.warn({ err: error, pending: this.pending() }, 'vector indexing failed; will retry');
        await this.pause(this.retryDelayMs);
        continue;
      }
      if (processed === 0 && !this.workArrived) {
        for (const resolve of this.idleWaiters.splice(0)) resolve();
        await this.pause(undefined);
      }
    }
  }

  /**
   * Until no document has been enqueued for writesQuietMs (checked again after each wait: more may have come),
   * at most MAX_WAIT_FOR_WRITES_MS, or stop.
   */
  private async writesPaused(): Promise<void> {
    if (!this.writes) return;
    const deadline = Date.now() + MAX_WAIT_FOR_WRITES_MS;
    while (this.writes.busy && !this.stopping && Date.now() < deadline) {
      await Promise.race([this.writes.whenQuiet(deadline - Date.now()), this.stopRequested]);
    }
  }

  /** Waits for new work (or `ms`), or for stop. */
  private pause(ms: number | undefined): Promise<void> {
    if (this.stopping || this.workArrived) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      function done() {
        if (timer) clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  /** One batch: returns how many backlog rows it settled (0 when the backlog is empty). */
  private async step(): Promise<number> {
    const rows = this.sql.nextRows.all(this.batchSize) as BacklogRow[];
    if (rows.length === 0) return 0;
    try {
      return await this.process(rows);
    } catch (error) {
      this.sql.failed.run(JSON.stringify(rows.map((row) => row.seq)));
      throw error;
    }
  }

  private async process(rows: BacklogRow[]): Promise<number> {
    const upserts = rows.filter((row) => row.op === 'upsert');
    const fetched = new Map((await this.documents.fetch(upserts.map((row) => row.document_id))).map((d) => [d.id, d]));
    type Work =
      | { row: BacklogRow; kind: 'remove' }
      | { row: BacklogRow; kind: 'metadata'; metadata: FilterMetadata }
      | { row: BacklogRow; kind: 'embed'; document: IndexedDocument; metadata: FilterMetadata; passages: string[] };
    const work: Work[] = rows.map((row): Work => {
      const document = row.op === 'upsert' ? fetched.get(row.document_id) : undefined;
      // Not in the search index (any more): it has no business in the vector index either.
      if (!document) return { row, kind: 'remove' };
      const metadata = filterMetadataOf(document);
      if (this.index.stored(document.id)?.sha256 === document.sha256) return { row, kind: 'metadata', metadata };
      // A published summary says best what the document is about: it leads the first passage.
      const body = document.description ? `${document.description}\n${document.text}` : document.text;
      return {
        row,
        kind: 'embed',
        document,
        metadata,
        passages: documentPassages(document.title, body, this.passages),
      };
    });
    const texts = work.flatMap((w) => (w.kind === 'embed' ? w.passages : []));
    const vectors = texts.length > 0 ? await this.embedder.embed(texts, { background: true }) : [];
    let next = 0;
    this.index.db.transaction(() => {
      for (const w of work) {
        const passageVectors = w.kind === 'embed' ? vectors.slice(next, (next += w.passages.length)) : [];
        // A newer event for this document arrived meanwhile: its own row will do the work.
        const current = this.sql.currentSeq.get(w.row.document_id) as { seq: number } | undefined;
        if (current?.seq !== w.row.seq) continue;
        if (w.kind === 'remove') this.index.remove(w.row.document_id);
        else if (w.kind === 'metadata') this.index.updateMetadata(w.row.document_id, w.metadata);
        else this.index.put(w.document.id, w.document.sha256, w.metadata, passageVectors);
        this.sql.deleteDone.run(w.row.document_id, w.row.seq);
      }
    })();
    return rows.length;
  }
}
