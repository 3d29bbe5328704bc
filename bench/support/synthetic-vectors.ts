/**
 * A vector index beside a search bench's index, holding random unit vectors (as many per document
 * as the indexer cuts a filing of ~10 KB into) for every document the search index holds: what
 * vector search costs in time and memory at that size. Embedding a million real filings would take
 * days on this machine (bench/embeddings.bench.ts: ~3 documents per CPU second), and the cost of a
 * search does not depend on what the vectors say. Kept in `dir` and reused by a later run.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { BGE_SMALL_DIMENSIONS } from '../../services/query-engine/src/embeddings/bge-small.embedder';
import type { FilterMetadata } from '../../services/query-engine/src/embeddings/filter-metadata';
import { DEFAULT_PASSAGES } from '../../services/query-engine/src/embeddings/passages';
import { VectorIndex } from '../../services/query-engine/src/embeddings/vector-index';
import { seededUnitVectors } from './unit-vectors';

export const SYNTHETIC_MODEL = { modelId: 'bench-synthetic', dimensions: BGE_SMALL_DIMENSIONS };

export function openSyntheticVectors(
  dir: string,
  searchIndexPath: string,
): { vectors: VectorIndex; loadSeconds: number } {
  const file = path.join(dir, 'vectors.sqlite');
  const reused = existsSync(file);
  const started = performance.now();
  const vectors = VectorIndex.open(file, SYNTHETIC_MODEL);
  if (!reused || vectors.documentCount === 0) fill(vectors, searchIndexPath);
  return { vectors, loadSeconds: (performance.now() - started) / 1000 };
}

function fill(vectors: VectorIndex, searchIndexPath: string): void {
  const documents = new Database(searchIndexPath, { readonly: true });
  const random = seededUnitVectors(42, BGE_SMALL_DIMENSIONS);
  const rows = documents.prepare('SELECT id, source_id, filed_at FROM documents').iterate() as Iterable<{
    id: string;
    source_id: string;
    filed_at: number | null;
  }>;
  let batch: { id: string; source_id: string; filed_at: number | null }[] = [];
  const flush = vectors.db.transaction((items: typeof batch) => {
    for (const item of items) {
      const metadata: FilterMetadata = {
        sourceId: item.source_id,
        agencies: [],
        docketNumber: '',
        filingType: '',
        filingCategory: '',
        parties: [],
        entities: [],
        ...(item.filed_at === null ? {} : { filedAt: new Date(item.filed_at).toISOString() }),
      };
      vectors.put(
        item.id,
        `synthetic-${item.id}`,
        metadata,
        Array.from({ length: DEFAULT_PASSAGES.maxPassages }, random),
      );
    }
  });
  for (const row of rows) {
    batch.push(row);
    if (batch.length === 5000) {
      flush(batch);
      batch = [];
    }
  }
  flush(batch);
  documents.close();
}
