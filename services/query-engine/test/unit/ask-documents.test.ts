/**
 * The documents a stored answer lists: every document its sentences and key facts cite is among them,
 * with the passages cited from it, even one ranked below the listing's cut or one the retrieval did
 * not return at all (a filing of the proceeding's record). The analysis is composed by a stand-in
 * that cites what the test names, so only the listing is under test.
 */
import { createLogger } from '@docket/observability';
import type { AnswerJob } from '../../src/ask/answer-threads/answer-job';
import { AskService, type AnswerComposer } from '../../src/ask/ask.service';
import type { QueryRepository } from '../../src/ask/query.repository';
import { emptyAnalysis, type Analysis, type Citation, type KeyFact } from '../../src/domain/analysis';
import type { Figures } from '../../src/domain/figures';
import type { IndexedDocument, SearchHit } from '../../src/domain/indexed-document';
import { LISTED_DOCUMENTS } from '../../src/domain/query';
import { emptySearchFilters, type SearchFilters } from '../../src/domain/search-filters';
import type { SearchBackend } from '../../src/search/index/search-backend';

const DOCKET = '23-0456';

function filing(id: string, category: string, title: string): IndexedDocument {
  return {
    id,
    title,
    text: `${title}. The company requests an increase of $5.6 million in its annual revenues.`,
    description: '',
    sourceId: 'icc',
    sourceName: 'Illinois Commerce Commission',
    docketNumber: DOCKET,
    docketId: 'icc-23-0456',
    filingType: category,
    filingCategory: category,
    filedAt: new Date('2024-02-01T00:00:00Z'),
    parties: ['Ameren Illinois'],
    filers: ['Ameren Illinois'],
    entities: [],
    pages: [],
    sha256: id,
  };
}

// 30 retrieved comments; the testimony that states the amount is not among them.
const retrieved = Array.from({ length: 30 }, (_, i) =>
  filing(`comment-${String(i + 1).padStart(2, '0')}`, 'Comment', `Public comment ${i + 1}`),
);
const testimony = filing('testimony-1', 'Testimony', 'Direct testimony of the company’s revenue witness');
const all = new Map([...retrieved, testimony].map((d) => [d.id, d]));

const hitOf = (d: IndexedDocument): SearchHit => ({
  documentId: d.id,
  title: d.title,
  titleHtml: d.title,
  snippet: '',
  score: 0,
  filedAt: d.filedAt,
  sourceId: d.sourceId,
  sourceName: d.sourceName,
  docketNumber: d.docketNumber,
  filingType: d.filingType,
  filingCategory: d.filingCategory,
  parties: d.parties,
});

// Fetch by id; the proceeding's listing and its best documents by BM25 include the testimony.
const index = {
  fetch: async (ids: string[]) => ids.flatMap((id) => (all.has(id) ? [all.get(id)!] : [])),
  search: async () => ({ hits: [...all.values()].map(hitOf), total: all.size, totalIsLowerBound: false, facets: [] }),
  rankForQuestion: async () => [
    { documentId: testimony.id, score: 9 },
    { documentId: retrieved[0]!.id, score: 5 },
  ],
} as unknown as SearchBackend;

const citationOf = (d: IndexedDocument, start = 0): Citation => ({
  documentId: d.id,
  start,
  end: start + 40,
  page: 0,
  quote: d.text.slice(start, start + 40),
  documentTitle: d.title,
});

const factCiting = (citation: Citation): KeyFact => ({
  kind: 'amount',
  text: '$5.6 million',
  normalized: '5600000',
  citation,
  slot: 'requested_amount',
  label: 'Requested increase',
  subject: 'Ameren Illinois',
  status: '',
  filingCategory: 'Testimony',
  filedAt: '2024-02-01',
});

const noFigures: Figures = {
  resultCount: 0,
  filingsByMonth: [],
  byAgency: [],
  byFilingType: [],
  byParty: [],
  byDocket: [],
  numbers: [],
};

/** An answer whose one sentence cites the best result and whose key fact cites what `factSource` picks from the job. */
function composerCiting(factSource: (job: AnswerJob) => IndexedDocument): AnswerComposer & { jobs: AnswerJob[] } {
  const jobs: AnswerJob[] = [];
  return {
    jobs,
    compose: async (job) => {
      jobs.push(job);
      const best = job.ranked[0]!.document;
      const analysis: Analysis = {
        ...emptyAnalysis('extractive'),
        sections: [
          { heading: 'Answer', sentences: [{ text: 'The company asks for more.', citations: [citationOf(best)] }] },
        ],
        keyFacts: [factCiting(citationOf(factSource(job), 10))],
      };
      return { analysis, figures: noFigures, analysisMs: 0, figuresMs: 0 };
    },
  };
}

function askerWith(composer: AnswerComposer): AskService {
  return new AskService({
    index,
    retriever: { retrieve: async () => retrieved.map((d, i) => ({ documentId: d.id, score: 1 - i / 100 })) },
    writer: { write: async () => emptyAnalysis('extractive') },
    figures: { make: () => noFigures },
    composer,
    queries: { newId: () => '65f000000000000000000001', insert: async () => undefined } as unknown as QueryRepository,
    completedEvent: () => ({}) as never,
    kick: () => undefined,
    defaultMode: 'extractive',
    budgetMs: 10_000,
    logger: createLogger('ask-documents-test', 'error'),
  });
}

const ask = (asker: AskService, filters: SearchFilters) =>
  asker.ask(
    { question: 'What rate increase did Ameren Illinois request?', filters, userId: 'analyst', workspaceId: '' },
    () => undefined,
  );

describe('the documents of an answer', () => {
  it('list the document a key fact cites though ranked below the listing’s cut, with the cited passage', async () => {
    const composer = composerCiting((job) => job.ranked[24]!.document);
    const query = await ask(askerWith(composer), emptySearchFilters());
    const cited = retrieved[24]!;

    const listed = query.documents.find((d) => d.documentId === cited.id);
    expect(listed).toMatchObject({ rank: 25, passages: [{ documentId: cited.id, start: 10, end: 50 }] });
    expect(query.documents.slice(0, LISTED_DOCUMENTS).map((d) => d.rank)).toEqual(
      Array.from({ length: LISTED_DOCUMENTS }, (_, i) => i + 1),
    );
    expect(query.documents).toHaveLength(LISTED_DOCUMENTS + 1);
  });

  it("list a key fact's document that retrieval missed (read from the proceeding), after the ranked ones", async () => {
    // Read for the proceeding the docket filter names (its best documents and its record), not retrieved.
    const composer = composerCiting((job) => {
      const ranked = new Set(job.ranked.map((r) => r.document.id));
      const read = [...job.analysed.map((r) => r.document), ...job.proceeding].find((d) => !ranked.has(d.id));
      if (!read) throw new Error('the answer read no document beyond the retrieved ones');
      return read;
    });
    const query = await ask(askerWith(composer), { ...emptySearchFilters(), dockets: [DOCKET] });
    expect(composer.jobs[0]!.ranked.some((r) => r.document.id === testimony.id)).toBe(false);

    const every = new Set(query.documents.map((d) => d.documentId));
    const citedIds = [
      ...query.analysis!.sections.flatMap((s) => s.sentences.flatMap((t) => t.citations.map((c) => c.documentId))),
      ...query.analysis!.keyFacts.map((f) => f.citation.documentId),
    ];
    for (const id of citedIds) expect(every.has(id)).toBe(true);
    const listed = query.documents.find((d) => d.documentId === testimony.id);
    expect(listed).toMatchObject({
      rank: 0,
      title: testimony.title,
      sourceName: 'Illinois Commerce Commission',
      docketNumber: DOCKET,
      filingCategory: 'Testimony',
      passages: [{ documentId: testimony.id, start: 10, end: 50 }],
    });
    expect(query.documents.at(-1)!.documentId).toBe(testimony.id);
  });

  it('list a passage cited by a sentence and a key fact once, sentences first', async () => {
    const composer: AnswerComposer = {
      compose: async (job) => {
        const best = job.ranked[0]!.document;
        return {
          analysis: {
            ...emptyAnalysis('extractive'),
            sections: [
              { heading: '', sentences: [{ text: 'It asks for $5.6 million.', citations: [citationOf(best, 10)] }] },
            ],
            keyFacts: [factCiting(citationOf(best, 10)), factCiting(citationOf(best, 60))],
          },
          figures: noFigures,
          analysisMs: 0,
          figuresMs: 0,
        };
      },
    };
    const query = await ask(askerWith(composer), emptySearchFilters());
    expect(query.documents[0]!.passages.map((p) => p.start)).toEqual([10, 60]);
  });
});
