import type { Logger } from '@docket/observability';
import { indexPathOf, type Config } from '../config';
import type { SearchBackend } from './index/search-backend';
import { SqliteFts5Backend } from './index/sqlite/sqlite-fts5.backend';

export interface ChosenBackend {
  backend: SearchBackend;
  /** For the start-up log line: which backend, and where its data is. */
  describe: { backend: 'opensearch'; url: string; index: string } | { backend: 'sqlite'; indexPath: string };
  /** Whether opening found an index of an older schema and replaced it by an empty one (a re-index refills it). */
  wasReset: boolean;
  /**
   * Whether there was no index and an empty one was created
   * (a re-index refills it if the documents service has documents).
   */
  wasCreated: boolean;
}

/** OPENSEARCH_URL set: the OpenSearch backend (for scale); otherwise the embedded SQLite FTS5 index. */
export async function openChosenBackend(
  config: Pick<Config, 'OPENSEARCH_URL' | 'OPENSEARCH_INDEX' | 'DATA_DIR' | 'SEARCH_COUNT_LIMIT' | 'SEARCH_THREADS'>,
  logger: Logger,
): Promise<ChosenBackend> {
  if (config.OPENSEARCH_URL) {
    // Loaded only here: the OpenSearch client is ~550 modules the embedded index never uses.
    const { OpenSearchBackend } = await import('./index/opensearch/opensearch.backend');
    const backend = await OpenSearchBackend.open({
      url: config.OPENSEARCH_URL,
      index: config.OPENSEARCH_INDEX,
      logger,
    });
    return {
      backend,
      describe: { backend: 'opensearch', url: config.OPENSEARCH_URL, index: config.OPENSEARCH_INDEX },
      wasReset: backend.wasReset,
      wasCreated: backend.wasCreated,
    };
  }
  const indexPath = indexPathOf(config);
  const backend = SqliteFts5Backend.open(indexPath, {
    logger,
    tuning: { countLimit: config.SEARCH_COUNT_LIMIT },
    threads: config.SEARCH_THREADS,
  });
  return {
    backend,
    describe: { backend: 'sqlite', indexPath },
    wasReset: backend.wasReset,
    wasCreated: backend.wasCreated,
  };
}
