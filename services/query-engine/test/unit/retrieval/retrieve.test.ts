import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compileQuery, matchesDocument, parseQuery, type QueryNode } from '@docket/query-language';
import {
  bm25Retrieve,
  FILTER_PROBE_LIMIT,
  hybridRetrieve,
  HybridRetriever,
  linearFusion,
  reciprocalRankFusion,
  RRF_K,
  vectorRetrieve,
} from '../../../src/ask/retrieve';
import { matchableOf, type IndexedDocument } from '../../../src/domain/indexed-document';
import { filterMetadataOf } from '../../../src/embeddings/filter-metadata';
import { VectorIndex } from '../../../src/embeddings/vector-index';
import type {
  RankedDocument,
  SearchBackend,
  SearchQuery,
  SearchResult,
} from '../../../src/search/index/search-backend';
import { indexedDocument } from './documents';
import { HashingEmbedder, hashVector } from './hashing-embedder';

/**
 * A search backend over an array: the query-language matcher decides what matches, the number of
 * question words present is the score, pages of at most `maxPage` with an offset cursor.
 */
class ArrayBackend implements Pick<SearchBackend, 'search' | 'rankForQuestion'> {
  queries: SearchQuery[] = [];
  questions: { words: string[]; scope: QueryNode | null; k: number }[] = [];
  constructor(
    private readonly documents: IndexedDocument[],
    private readonly maxPage = 1000,
  ) {}

  /** Any of the words (exactly: this fake does not stem), within the scope; scored by how many occur. */
  async rankForQuestion(words: string[], scope: QueryNode | null, k: number): Promise<RankedDocument[]> {
    this.questions.push({ words, scope, k });
    const inScope = scope ? compileQuery(scope) : () => true;
    return this.documents
      .filter((d) => inScope(matchableOf(d)))
      .map((d) => ({
        documentId: d.id,
        score: words.filter((w) => compileQuery({ kind: 'term', value: w })(matchableOf(d))).length,
      }))
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score || a.documentId.localeCompare(b.documentId))
      .slice(0, k);
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    this.queries.push(query);
    const matcher = compileQuery(query.query);
    const words = collectTerms(query.query);
    const matching = this.documents
      .filter((d) => matcher(matchableOf(d)))
      .map((d) => ({ d, score: words.filter((w) => compileQuery({ kind: 'term', value: w })(matchableOf(d))).length }))
      .sort((a, b) => b.score - a.score || a.d.id.localeCompare(b.d.id));
    const offset = Number(query.cursor ?? 0);
    const limit = Math.min(query.limit, this.maxPage);
    const page = matching.slice(offset, offset + limit);
    return {
      total: matching.length,
      totalIsLowerBound: false,
      facets: [],
      hits: page.map(({ d, score }) => ({ documentId: d.id, score }) as SearchResult['hits'][number]),
      nextCursor: offset + limit < matching.length ? String(offset + limit) : undefined,
    };
  }
}

function collectTerms(node: QueryNode): string[] {
  if (node.kind === 'term') return [node.value];
  if (node.kind === 'and' || node.kind === 'or') return node.children.flatMap(collectTerms);
  return [];
}

const asBackend = (b: ArrayBackend) => b as unknown as SearchBackend;

describe('reciprocalRankFusion', () => {
  it(`scores Σ weight / (${RRF_K} + rank) and sorts by it`, () => {
    const fused = reciprocalRankFusion(
      [
        {
          hits: [
            { documentId: 'a', score: 9 },
            { documentId: 'b', score: 5 },
          ],
        },
        {
          hits: [
            { documentId: 'b', score: 0.9 },
            { documentId: 'c', score: 0.8 },
          ],
          weight: 2,
        },
      ],
      10,
    );
    expect(fused.map((h) => h.documentId)).toEqual(['b', 'c', 'a']);
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 2 / 61, 12);
    expect(fused[1]?.score).toBeCloseTo(2 / 62, 12);
    expect(fused[2]?.score).toBeCloseTo(1 / 61, 12);
  });

  it('cuts at k and counts a document once per ranking', () => {
    const fused = reciprocalRankFusion(
      [
        {
          hits: [
            { documentId: 'a', score: 1 },
            { documentId: 'a', score: 1 },
            { documentId: 'b', score: 1 },
          ],
        },
      ],
      1,
    );
    expect(fused).toEqual([{ documentId: 'a', score: 1 / 61 }]);
  });
});

describe('linearFusion', () => {
  it("sums each ranking's scores scaled to [0, 1] within the question, weighted; absent counts 0", () => {
    const lexical = [
      { documentId: 'a', score: 12 },
      { documentId: 'b', score: 7 },
      { documentId: 'c', score: 2 },
    ];
    const dense = [
      { documentId: 'c', score: 0.9 },
      { documentId: 'd', score: 0.7 },
      { documentId: 'c', score: 0.1 },
    ];
    const fused = linearFusion(lexical, dense, 0.6, 10);
    // a: 0.4 × 1; b: 0.4 × 0.5; c: 0.4 × 0 + 0.6 × 1 (its first place only); d: 0.6 × 0.75.
    expect(fused.map((h) => h.documentId)).toEqual(['c', 'd', 'a', 'b']);
    expect(fused[0]?.score).toBeCloseTo(0.6, 12);
    expect(fused[1]?.score).toBeCloseTo(0.45, 12);
    expect(fused[2]?.score).toBeCloseTo(0.4, 12);
    expect(fused[3]?.score).toBeCloseTo(0.2, 12);
  });

  it('gives a ranking of one document (or of equal scores) its full weight, and cuts at k', () => {
    const alone = linearFusion([{ documentId: 'a', score: 3 }], [], 0.55, 5);
    expect(alone.map((h) => h.documentId)).toEqual(['a']);
    expect(alone[0]?.score).toBeCloseTo(0.45, 12);
    expect(
      linearFusion(
        [],
        [
          { documentId: 'x', score: 0.5 },
          { documentId: 'y', score: 0.5 },
        ],
        0.55,
        1,
      ),
    ).toEqual([{ documentId: 'x', score: 0.55 }]);
  });
});

describe('bm25Retrieve', () => {
  const documents = [
    indexedDocument('d1', 'Rate case order', 'The commission approves the rate increase.', { sourceId: 'cpuc' }),
    indexedDocument('d2', 'Pipeline certificate', 'Natural gas pipeline; rate schedules.'),
    indexedDocument('d3', 'Notice', 'Nothing relevant here.'),
  ];

  it('asks the backend for the meaningful words of the question within the filters', async () => {
    const backend = new ArrayBackend(documents);
    const hits = await bm25Retrieve(
      asBackend(backend),
      'What is the rate for the pipeline?',
      parseQuery('agency:ferc'),
      10,
    );
    expect(backend.questions).toEqual([
      { words: ['rate', 'pipeline'], scope: { kind: 'field', field: 'agency', value: 'ferc' }, k: 10 },
    ]);
    expect(hits.map((h) => h.documentId)).toEqual(['d2']);
  });

  it('searches everything when the filters are absent or an empty group', async () => {
    const backend = new ArrayBackend(documents);
    await bm25Retrieve(asBackend(backend), 'rate?', { kind: 'and', children: [] }, 230);
    await bm25Retrieve(asBackend(backend), 'rate?', null, 5);
    expect(backend.questions.map((q) => q.scope)).toEqual([null, null]);
  });

  it('finds nothing for a question without meaningful words, or for k = 0', async () => {
    const backend = new ArrayBackend(documents);
    expect(await bm25Retrieve(asBackend(backend), 'what is it?', null, 10)).toEqual([]);
    expect(await bm25Retrieve(asBackend(backend), 'rate', null, 0)).toEqual([]);
    expect(backend.questions).toEqual([]);
  });
});

describe('vectorRetrieve', () => {
  let dir: string;
  let vectors: VectorIndex;
  const embedder = new HashingEmbedder();
  const documents = Array.from({ length: 1500 }, (_, i) =>
    indexedDocument(`d${i}`, `filing ${i % 37}`, `words ${i % 53} more ${i % 17}`, {
      sourceId: i % 3 === 0 ? 'cpuc' : 'ferc',
      docketNumber: `ER24-${i % 400}-000`,
    }),
  );

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'retrieve-'));
    vectors = VectorIndex.open(join(dir, 'v.sqlite'), embedder);
    for (const d of documents) vectors.put(d.id, d.sha256, filterMetadataOf(d), [hashVector(`${d.title}. ${d.text}`)]);
  });
  afterAll(() => {
    vectors.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const expectedTop = (question: string, filter: QueryNode | null, k: number) => {
    const q = hashVector(question);
    const scores = vectors.search(q, documents.length);
    return scores
      .filter((s) => !filter || matchesDocument(filter, matchableOf(documents[Number(s.documentId.slice(1))]!)))
      .slice(0, k)
      .map((s) => s.score);
  };

  it('ranks by similarity without filters', async () => {
    const hits = await vectorRetrieve({ vectors, embedder }, 'filing 5 words 12', null, 5);
    expect(hits.map((h) => h.score)).toEqual(expectedTop('filing 5 words 12', null, 5));
  });

  it('lists the documents of a restrictive filter through the backend and searches only those', async () => {
    const backend = new ArrayBackend(documents);
    const filter = parseQuery('docket:ER24-7-000');
    const hits = await vectorRetrieve(
      { vectors, embedder, backend: asBackend(backend) },
      'filing 5 words 12',
      filter,
      3,
    );
    expect(backend.queries).toHaveLength(1);
    expect(backend.queries[0]).toMatchObject({ limit: FILTER_PROBE_LIMIT, sort: 'filed_newest' });
    expect(hits.map((h) => h.score)).toEqual(expectedTop('filing 5 words 12', filter, 3));
    expect(hits.every((h) => Number(h.documentId.slice(1)) % 400 === 7)).toBe(true);
  });

  it('checks candidates against a broad filter (more than one probe page passes)', async () => {
    const backend = new ArrayBackend(documents);
    const filter = parseQuery('agency:ferc');
    const hits = await vectorRetrieve(
      { vectors, embedder, backend: asBackend(backend) },
      'filing 5 words 12',
      filter,
      20,
    );
    expect(hits.map((h) => h.score)).toEqual(expectedTop('filing 5 words 12', filter, 20));
    expect(hits.every((h) => Number(h.documentId.slice(1)) % 3 !== 0)).toBe(true);
  });

  it('refuses filters that contain words', async () => {
    await expect(vectorRetrieve({ vectors, embedder }, 'q', parseQuery('rate AND agency:ferc'), 5)).rejects.toThrow(
      'field and date filters',
    );
  });

  it('on a vector index larger than the scan limit, re-ranks only the BM25 candidates', async () => {
    const backend = new ArrayBackend(documents);
    const question = '12 5'; // numbers only some documents hold
    const lexical = await bm25Retrieve(asBackend(backend), question, parseQuery('agency:cpuc'), 1000);
    const candidates = new Set(lexical.map((hit) => hit.documentId));
    expect(candidates.size).toBeGreaterThan(0);
    expect(candidates.size).toBeLessThan(250);
    const options = { depth: 300 };
    const scanned = await hybridRetrieve(
      asBackend(backend),
      { vectors, embedder },
      question,
      parseQuery('agency:cpuc'),
      300,
      options,
    );
    const reranked = await hybridRetrieve(
      asBackend(backend),
      { vectors, embedder },
      question,
      parseQuery('agency:cpuc'),
      300,
      { ...options, scanLimit: 100 },
    );
    expect(new Set(reranked.map((hit) => hit.documentId))).toEqual(candidates);
    // The full scan also brings documents that share no question word, which the re-ranking cannot.
    expect(scanned.length).toBe(300);
    expect(scanned.filter((hit) => !candidates.has(hit.documentId))).toHaveLength(300 - candidates.size);
  });

  it('fuses BM25 and vectors for the ask pipeline, within the scope', async () => {
    const backend = new ArrayBackend(documents);
    const retriever = new HybridRetriever(asBackend(backend), { vectors, embedder });
    const hits = await retriever.retrieve('filing 5 words 12', parseQuery('agency:cpuc'), 10);
    expect(hits).toHaveLength(10);
    expect(hits.every((h) => Number(h.documentId.slice(1)) % 3 === 0)).toBe(true);
    const scores = hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });
});
