import type { Logger } from '@docket/observability';

export interface IndexCoverage {
  /** Documents the index holds. */
  documents: number;
  /** Changes it has still to take in (0 when caught up, or when that cannot be known). */
  pending: number;
}

/**
 * How far the search index is behind the documents: the indexer's Kafka lag, and, while a re-index
 * refills an emptied index (a schema change, a lost volume), the documents the swap will bring.
 */
export class IndexCoverageService {
  constructor(
    private readonly deps: {
      index: { count(): Promise<number> };
      lag: { pending(): Promise<number> };
      /** The rebuild under way in this process, if any: documents read so far, and the source's total. */
      rebuild: () => { done: number; total: number } | undefined;
      logger: Logger;
    },
  ) {}

  async coverage(): Promise<IndexCoverage> {
    const [documents, lag] = await Promise.all([
      this.deps.index.count(),
      this.deps.lag.pending().catch((error: unknown) => {
        // The counts are a notice beside search results: without Kafka's answer there is no notice.
        this.deps.logger.debug({ err: error }, 'could not ask Kafka how far the indexer is behind');
        return 0;
      }),
    ]);
    const rebuild = this.deps.rebuild();
    // An ordinary re-index builds beside a complete index, which never holds fewer documents than the
    // rebuild has read; an emptied one does, and has the rest to come when the rebuild swaps in.
    const refilling = rebuild !== undefined && documents < rebuild.done ? Math.max(0, rebuild.total - documents) : 0;
    return { documents, pending: lag + refilling };
  }
}
