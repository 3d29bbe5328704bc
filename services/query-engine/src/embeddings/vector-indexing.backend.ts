import type { QueryNode } from '@docket/query-language';
import type { IndexedDocument } from '../domain/indexed-document';
import type {
  DayCount,
  FetchOptions,
  IndexBuild,
  QueryBudget,
  RankedDocument,
  SearchBackend,
  SearchQuery,
  SearchResult,
  UpsertOutcome,
  WriteCost,
} from '../search';
import type { VectorIndexer } from './vector-indexer';

/**
 * A SearchBackend that tells the vector indexer about every write it passes on, so the vector
 * index follows whatever feeds the search index (the Kafka consumer, a rebuild) without either of
 * them knowing about vectors. Wire it in app.ts around the real backend:
 * `const index = new VectorIndexingBackend(SqliteFts5Backend.open(path), indexer)`.
 *
 * The indexer is told after the backend's write succeeded; an upsert that changed nothing is passed
 * on too (the indexer skips it when its vectors are current), so a redelivered event repairs a
 * vector index that missed it.
 */
export class VectorIndexingBackend implements SearchBackend {
  constructor(
    private readonly inner: SearchBackend,
    private readonly indexer: VectorIndexer,
  ) {}

  async upsert(document: IndexedDocument): Promise<UpsertOutcome> {
    const outcome = await this.inner.upsert(document);
    this.indexer.enqueueUpsert(document);
    return outcome;
  }

  async upsertMany(documents: IndexedDocument[]): Promise<void> {
    if (this.inner.upsertMany) await this.inner.upsertMany(documents);
    else for (const document of documents) await this.inner.upsert(document);
    this.indexer.enqueueUpserts(documents);
  }

  async remove(documentId: string): Promise<boolean> {
    const removed = await this.inner.remove(documentId);
    this.indexer.enqueueRemove(documentId);
    return removed;
  }

  search(query: SearchQuery, budget?: QueryBudget): Promise<SearchResult> {
    return this.inner.search(query, budget);
  }

  rankForQuestion(
    words: string[],
    scope: QueryNode | null,
    k: number,
    budget?: QueryBudget,
  ): Promise<RankedDocument[]> {
    return this.inner.rankForQuestion(words, scope, k, budget);
  }

  fetch(documentIds: string[], budget?: QueryBudget, options?: FetchOptions): Promise<IndexedDocument[]> {
    return this.inner.fetch(documentIds, budget, options);
  }

  countByDay(query: QueryNode, budget?: QueryBudget): Promise<DayCount[]> {
    return this.inner.countByDay(query, budget);
  }

  count(): Promise<number> {
    return this.inner.count();
  }

  writeCost(): WriteCost | undefined {
    return this.inner.writeCost?.();
  }

  async beginBuild(): Promise<IndexBuild> {
    const build = await this.inner.beginBuild();
    this.indexer.beginBuild();
    return {
      addFromSource: async (documents) => {
        const written = await build.addFromSource(documents);
        this.indexer.addToBuild(documents);
        return written;
      },
      commit: async () => {
        await build.commit();
        this.indexer.commitBuild();
      },
      abort: async () => {
        await build.abort();
        this.indexer.abortBuild();
      },
    };
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
