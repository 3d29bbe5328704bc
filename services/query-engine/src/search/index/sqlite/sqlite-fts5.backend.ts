import { mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Logger } from '@docket/observability';
import type { QueryNode } from '@docket/query-language';
import type { BacklogTiming } from '@docket/service-kit';
import type { IndexedDocument } from '../../../domain/indexed-document';
import { queryBudget, type QueryBudget } from '../query-budget';
import {
  DEFAULT_READ_BUDGET_MS,
  type DayCount,
  type FetchOptions,
  type IndexBuild,
  type RankedDocument,
  type SearchBackend,
  type SearchQuery,
  type SearchResult,
  type UpsertOutcome,
  type WriteCost,
} from '../search-backend';
import { IndexWriter } from './index-writer/index-writer';
import { SearchThreads } from './search-threads/search-threads';
import { removeSqliteFiles, SqliteIndexFile } from './sqlite-index-file';
import { SCHEMA_VERSION } from './sqlite-schema';
import { checkTuning, DEFAULT_TUNING, type SearchTuning } from './sqlite-searcher';

/**
 * Documents per write transaction in upsertMany, on the writer thread: fewer commits (each flushes an
 * FTS5 segment, later merged) cost less CPU per document, and nothing waits on the writer meanwhile.
 */
const WRITE_CHUNK = 64;
/** The writer thread's nice value: indexing yields the cores to searches and questions (nice 0). */
const WRITER_NICE = 5;
/**
 * A writer thread without a write for this long ends (the next write starts another), and so does a
 * search thread beyond the first without a call: an idle stack keeps less.
 */
const THREAD_IDLE_MS = 60_000;

interface OpenBuild {
  file: SqliteIndexFile;
  /** Ids written by live events since the build began; rows read from the source must not overwrite them. */
  touched: Set<string>;
}

export interface SqliteBackendOptions {
  /** Told when the file on disk was from an older schema and has been replaced by an empty one. */
  logger?: Logger;
  /** Work limits for searches on a large index (see SearchTuning); the defaults suit a million filings. */
  tuning?: Partial<SearchTuning>;
  /** Worker threads that run reads (searches, question rankings, fetches); default 2. */
  threads?: number;
  /** The writer thread's nice value (default WRITER_NICE; 0: the process's priority). */
  writerNice?: number;
  /** When the writer thread adds word pairs to documents written without them (default WORD_PAIR_TIMING). */
  wordPairs?: BacklogTiming;
}

/**
 * SQLite FTS5 implementation of SearchBackend: one live index file, plus at most one build file next
 * to it during a rebuild.
 *
 * Why no event is lost during a rebuild: while a build is open every live upsert/remove goes to both
 * files, and the id is remembered as "touched". The rebuild pages the documents service, and a page
 * it read may be older than an event applied meanwhile (page read → document deleted/updated → page
 * written), so the rebuild never writes a touched id: the event already put the newer state there, and
 * any later event for that id arrives through the consumer, which keeps feeding both files. The swap
 * happens synchronously on the one JS thread, so no write can fall between close and reopen, and the
 * search threads have the file closed meanwhile (SearchThreads.whileClosed).
 *
 * Live writes run on the IndexWriter's thread, at a lower priority; reads run on SearchThreads, each
 * on its own connection with its own copy of the facets, which the writer keeps in step after every
 * commit. The main thread keeps a connection only to open the file and count. A build (a rebuild
 * from the documents service, rare) is written on the calling thread.
 *
 * While a build is open a live write goes to the build first (synchronously), then to the writer
 * thread: a swap between the two then still finds the write in the file that becomes live.
 */
export class SqliteFts5Backend implements SearchBackend {
  /** The main thread's connection: opens (and migrates) the file, counts; never writes. */
  private live: SqliteIndexFile;
  private readonly threads: SearchThreads;
  private readonly writer: IndexWriter;
  private build: OpenBuild | undefined;

  private constructor(
    private readonly path: string,
    private readonly options: SqliteBackendOptions,
  ) {
    checkTuning({ ...DEFAULT_TUNING, ...options.tuning });
    this.live = this.openLive();
    this.threads = new SearchThreads(path, {
      threads: options.threads ?? 2,
      tuning: options.tuning ?? {},
      endIdleAfterMs: THREAD_IDLE_MS,
      logger: options.logger,
    });
    this.writer = new IndexWriter(path, {
      onFacetChanges: (changes) => this.threads.broadcast(changes),
      nice: options.writerNice ?? WRITER_NICE,
      chunk: WRITE_CHUNK,
      endIdleAfterMs: THREAD_IDLE_MS,
      wordPairs: options.wordPairs,
      logger: options.logger,
    });
    const state = this.live.openState;
    if (state.kind === 'reset') {
      // Kafka offsets have moved past the old events, so nothing refills this file but a re-index.
      options.logger?.warn(
        { indexPath: path, fromVersion: state.fromVersion, toVersion: SCHEMA_VERSION },
        'the search index file had an older schema and was replaced by an EMPTY index: ' +
          'searches find nothing until a re-index refills it from the documents service',
      );
    }
  }

  static open(path: string, options: SqliteBackendOptions = {}): SqliteFts5Backend {
    mkdirSync(dirname(path), { recursive: true });
    return new SqliteFts5Backend(path, options);
  }

  /** Whether opening replaced an older-schema file with an empty one (a re-index is needed). */
  get wasReset(): boolean {
    return this.live.openState.kind === 'reset';
  }

  /**
   * Whether there was no index file and an empty one was created: a fresh install, or a lost volume
   * (then only a re-index refills it; see workers/refill-created-index.ts).
   */
  get wasCreated(): boolean {
    return this.live.openState.kind === 'created';
  }

  get buildPath(): string {
    return `${this.path}.rebuild`;
  }

  async upsert(document: IndexedDocument): Promise<UpsertOutcome> {
    if (this.build) {
      this.build.file.upsert(document);
      this.build.touched.add(document.id);
    }
    return this.writer.upsert(document);
  }

  /** WRITE_CHUNK documents per transaction (one FTS5 segment and one commit for all of them, not one each). */
  async upsertMany(documents: IndexedDocument[]): Promise<void> {
    if (this.build) {
      for (let start = 0; start < documents.length; start += WRITE_CHUNK)
        this.build.file.upsertMany(documents.slice(start, start + WRITE_CHUNK));
      for (const document of documents) this.build.touched.add(document.id);
    }
    await this.writer.upsertMany(documents);
  }

  async remove(documentId: string): Promise<boolean> {
    if (this.build) {
      this.build.file.remove(documentId);
      this.build.touched.add(documentId);
    }
    return this.writer.remove(documentId);
  }

  search(query: SearchQuery, budget?: QueryBudget): Promise<SearchResult> {
    return this.threads.run('search', [query], budget ?? queryBudget(DEFAULT_READ_BUDGET_MS));
  }

  rankForQuestion(
    words: string[],
    scope: QueryNode | null,
    k: number,
    budget?: QueryBudget,
  ): Promise<RankedDocument[]> {
    return this.threads.run('rankForQuestion', [words, scope, k], budget ?? queryBudget(DEFAULT_READ_BUDGET_MS));
  }

  fetch(documentIds: string[], budget?: QueryBudget, options?: FetchOptions): Promise<IndexedDocument[]> {
    return this.threads.run('fetch', [documentIds, options], budget ?? queryBudget(DEFAULT_READ_BUDGET_MS));
  }

  countByDay(query: QueryNode, budget?: QueryBudget): Promise<DayCount[]> {
    return this.threads.run('countByDay', [query], budget ?? queryBudget(DEFAULT_READ_BUDGET_MS));
  }

  /** Whether documents wait for their word pairs (searchable meanwhile, by their words). */
  wordPairsPending(): boolean {
    return this.writer.wordPairsPending();
  }

  async count(): Promise<number> {
    return this.live.count();
  }

  /**
   * Live writes so far and the writer thread's CPU time
   * (the build's writes, on the caller's thread, are not in it).
   */
  writeCost(): WriteCost {
    return this.writer.cost();
  }

  async beginBuild(): Promise<IndexBuild> {
    // A build left by a crashed or failed attempt is useless: start again from an empty file.
    this.discardBuild();
    removeSqliteFiles(this.buildPath);
    const build: OpenBuild = { file: SqliteIndexFile.open(this.buildPath, { bulk: true }), touched: new Set() };
    this.build = build;
    const assertOpen = () => {
      if (this.build !== build) throw new Error('this index build was aborted or replaced');
    };
    return {
      addFromSource: async (documents) => {
        assertOpen();
        return build.file.upsertMany(documents, (id) => build.touched.has(id));
      },
      commit: async () => {
        assertOpen();
        await this.swapIn(build);
      },
      abort: async () => {
        if (this.build === build) this.discardBuild();
      },
    };
  }

  async close(): Promise<void> {
    this.discardBuild();
    await this.writer.close();
    await this.threads.close();
    this.live.close();
  }

  private async swapIn(build: OpenBuild): Promise<void> {
    build.file.optimize();
    // Live writes keep reaching the build until the rename, and no thread reads or writes while the
    // file is replaced. Closing the last connection checkpoints and deletes the WAL, so the rename
    // moves a complete file.
    await this.writer.whileClosed(() =>
      this.threads.whileClosed(() => {
        build.file.close();
        this.build = undefined;
        this.live.close();
        try {
          renameSync(this.buildPath, this.path);
          removeSqliteFiles(this.buildPath);
        } finally {
          this.live = this.openLive();
        }
      }),
    );
  }

  /** The main thread's connection to the live file (no facets: the search threads keep them). */
  private openLive(): SqliteIndexFile {
    return SqliteIndexFile.open(this.path, { onFacetChanges: () => undefined });
  }

  private discardBuild(): void {
    if (!this.build) return;
    this.build.file.close();
    this.build = undefined;
    removeSqliteFiles(this.buildPath);
  }
}
