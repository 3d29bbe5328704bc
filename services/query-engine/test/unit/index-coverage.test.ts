import { createLogger } from '@docket/observability';
import { IndexCoverageService } from '../../src/search/index-coverage.service';

const logger = createLogger('index-coverage-test', 'silent');

function coverageOf(documents: number, lag: () => Promise<number>, rebuild?: { done: number; total: number }) {
  return new IndexCoverageService({
    index: { count: async () => documents },
    lag: { pending: lag },
    rebuild: () => rebuild,
    logger,
  }).coverage();
}

describe('IndexCoverageService', () => {
  it('reports the documents indexed and the events not yet applied', async () => {
    expect(await coverageOf(9_440, async () => 2_310)).toEqual({ documents: 9_440, pending: 2_310 });
    expect(await coverageOf(20_000, async () => 0)).toEqual({ documents: 20_000, pending: 0 });
  });

  it('reports nothing pending when Kafka cannot be asked', async () => {
    expect(await coverageOf(500, async () => Promise.reject(new Error('broker gone')))).toEqual({
      documents: 500,
      pending: 0,
    });
  });

  it('counts what a re-index refilling an emptied index will bring at its swap', async () => {
    // The live index was emptied (a schema change): it holds what events brought since, the rebuild has read more.
    expect(await coverageOf(12, async () => 3, { done: 500, total: 1_234 })).toEqual({
      documents: 12,
      pending: 3 + 1_222,
    });
  });

  it('counts nothing for an ordinary re-index, built beside a complete index', async () => {
    expect(await coverageOf(1_234, async () => 0, { done: 500, total: 1_234 })).toEqual({
      documents: 1_234,
      pending: 0,
    });
    expect(await coverageOf(1_234, async () => 0, { done: 0, total: 0 })).toEqual({ documents: 1_234, pending: 0 });
  });
});
