import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@docket/observability';
import { openChosenBackend } from '../../src/search/search-backend-choice';

// Set when the module is first required. Loaded eagerly, by an import above, it would run this factory
// before this line: the suite then fails with "Cannot access 'mockOpenSearchClientLoaded' before initialization".
let mockOpenSearchClientLoaded = false;
jest.mock('@opensearch-project/opensearch', () => {
  mockOpenSearchClientLoaded = true;
  return jest.requireActual('@opensearch-project/opensearch');
});

describe('openChosenBackend', () => {
  it('opens the embedded SQLite index without OPENSEARCH_URL, and never loads the OpenSearch client', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backend-choice-'));
    try {
      const chosen = await openChosenBackend(
        {
          OPENSEARCH_URL: '',
          OPENSEARCH_INDEX: 'filings',
          DATA_DIR: dataDir,
          SEARCH_COUNT_LIMIT: 10_000,
          SEARCH_THREADS: 1,
        },
        createLogger('test', 'silent'),
      );
      expect(chosen.describe).toEqual({
        backend: 'sqlite',
        indexPath: path.join(dataDir, 'query-engine', 'index.sqlite'),
      });
      await chosen.backend.close();
      expect(mockOpenSearchClientLoaded).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
