import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileQuery, matchesDocument, parseQuery } from '@docket/query-language';
import { matchableOf } from '../../../src/domain/indexed-document';
import { filterMetadataOf } from '../../../src/embeddings/filter-metadata';
import { VectorIndex } from '../../../src/embeddings/vector-index';
import { indexedDocument } from './documents';
import { hashVector } from './hashing-embedder';

const model = { modelId: 'test-hashing-v1', dimensions: 64 };

describe('VectorIndex', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'vector-index-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const agencies = ['ferc', 'cpuc', 'nyps'];
  const types = ['Order', 'Comment', 'Notice'];
  function corpus(n: number) {
    return Array.from({ length: n }, (_, i) =>
      indexedDocument(
        `d${i}`,
        `filing ${i} about ${['rates', 'pipelines', 'storage', 'tariffs'][i % 4]}`,
        `text ${i % 7} words ${i % 11}`,
        {
          sourceId: agencies[i % 3] as string,
          sourceName: '',
          filingType: types[i % 3 === 0 ? 0 : (i % 5) % 3] as string,
          filingCategory: '',
          docketNumber: `ER24-${i % 13}-000`,
          filedAt: new Date(Date.UTC(2024, i % 12, 1 + (i % 28))),
          parties: i % 10 === 0 ? ['Pacific Gas and Electric Company'] : [],
        },
      ),
    );
  }

  it('returns exactly the top k of the documents that pass the filter, whatever its selectivity', () => {
    const index = VectorIndex.open(join(dir, 'v.sqlite'), model);
    const documents = corpus(400);
    for (const d of documents)
      index.put(d.id, d.sha256, filterMetadataOf(d), [hashVector(d.title), hashVector(d.text)]);
    const query = hashVector('rates storage 5');
    const allScores = new Map(index.search(query, 1000).map((hit) => [hit.documentId, hit.score]));
    for (const filter of [
      'agency:cpuc',
      'type:Notice AND filed:[2024-03-01 TO 2024-06-30]',
      'docket:ER24-3-000 AND agency:ferc',
      'party:"pacific gas"',
      'NOT agency:ferc',
      'agency:nobody',
    ]) {
      const node = parseQuery(filter);
      const expected = documents
        .filter((d) => matchesDocument(node, matchableOf(d)))
        .sort((a, b) => (allScores.get(b.id) as number) - (allScores.get(a.id) as number) || 0)
        .slice(0, 10)
        .map((d) => allScores.get(d.id));
      const hits = index.search(query, 10, { filter: compileQuery(node) });
      expect(hits.map((hit) => hit.score)).toEqual(expected);
      for (const hit of hits)
        expect(matchesDocument(node, matchableOf(documents[Number(hit.documentId.slice(1))]!))).toBe(true);
    }
    index.close();
  });

  it('keeps vectors, hashes and metadata across a reopen, and removes for good', () => {
    const path = join(dir, 'v.sqlite');
    const first = VectorIndex.open(path, model);
    const [a, b] = corpus(2) as [ReturnType<typeof indexedDocument>, ReturnType<typeof indexedDocument>];
    first.put(a.id, a.sha256, filterMetadataOf(a), [hashVector('alpha beta')]);
    first.put(b.id, b.sha256, filterMetadataOf(b), [hashVector('gamma delta')]);
    expect(first.remove('d1')).toBe(true);
    first.close();
    const second = VectorIndex.open(path, model);
    expect(second.documentCount).toBe(1);
    expect(second.stored('d0')).toEqual({ sha256: a.sha256, metadata: filterMetadataOf(a) });
    expect(second.stored('d1')).toBeUndefined();
    expect(second.search(hashVector('alpha beta'), 5).map((h) => h.documentId)).toEqual(['d0']);
    expect(second.search(hashVector('alpha beta'), 5)[0]?.score).toBeCloseTo(1, 2);
    second.close();
  });

  it('drops the vectors of another model and keeps their documents as work to redo', () => {
    const path = join(dir, 'v.sqlite');
    const first = VectorIndex.open(path, model);
    const d = indexedDocument('d0', 'title', 'text');
    first.put(d.id, d.sha256, filterMetadataOf(d), [hashVector('title')]);
    first.close();
    const other = VectorIndex.open(path, { modelId: 'another-model', dimensions: 64 });
    expect(other.documentCount).toBe(0);
    expect(other.db.prepare('SELECT document_id, op FROM vector_backlog').all()).toEqual([
      { document_id: 'd0', op: 'upsert' },
    ]);
    other.close();
  });
});
