import type { Logger } from '@docket/observability';
import { indexPathOf, type Config } from '../../config';
import type { SearchBackend } from '../search-backend';
import { SqliteFts5Backend } from '../sqlite-fts5.backend';
import { OpenSearchBackend } from './opensearch.backend';

export interface ChosenBackend {
  backend: SearchBackend;
  /** For the start-up log line: which backend, and where its data is. */
  describe: { backend: 'opensearch'; url: string; index: string } | { backend: 'sqlite'; indexPath: string };
}

/** OPENSEARCH_URL set: the OpenSearch backend (for scale); otherwise the embedded SQLite FTS5 index. */
export async function openChosenBackend(config: Pick<Config, 'OPENSEARCH_URL' | 'OPENSEARCH_INDEX' | 'DATA_DIR'>, logger: Logger): Promise<ChosenBackend> {
  if (config.OPENSEARCH_URL) {
    const backend = await OpenSearchBackend.open({ url: config.OPENSEARCH_URL, index: config.OPENSEARCH_INDEX, logger });
    return { backend, describe: { backend: 'opensearch', url: config.OPENSEARCH_URL, index: config.OPENSEARCH_INDEX } };
  }
  const indexPath = indexPathOf(config);
  return { backend: SqliteFts5Backend.open(indexPath, { logger }), describe: { backend: 'sqlite', indexPath } };
}
