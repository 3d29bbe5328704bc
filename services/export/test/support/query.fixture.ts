import { AnalysisMode, Query } from '@docket/proto/src/gen/research/query_engine/v1/queries';

/** A stored query with two cited sentences, two documents and two non-empty figures. */
export function queryFixture(workspaceId: string): Query {
  const citeA = { documentId: 'doc-a', start: 0, end: 10, page: 2, quote: 'Ameren Illinois requests an increase of $4.2 million.', documentTitle: 'Application of Ameren' };
  const citeB = { documentId: 'doc-b', start: 0, end: 10, page: 5, quote: 'Staff recommends $3.1 million.', documentTitle: 'Staff report' };
  return Query.fromPartial({
    queryId: `q-${workspaceId}`, question: 'How much did Ameren request?', workspaceId, userId: 'u', createdAt: new Date('2026-11-02T10:00:00Z'),
    mode: AnalysisMode.ANALYSIS_MODE_EXTRACTIVE,
    analysis: {
      mode: AnalysisMode.ANALYSIS_MODE_EXTRACTIVE,
      scope: { kind: 'proceeding', statement: 'About docket 23-0456 (Illinois Commerce Commission).' },
      sections: [{ heading: 'Requested increase', sentences: [
        { text: 'Ameren requested a $4.2 million increase.', citations: [citeA] },
        { text: 'Staff recommended less.', citations: [citeB] },
      ] }],
    },
    documents: [
      { documentId: 'doc-a', title: 'Application of Ameren', rank: 1, score: 3.2, sourceName: 'ICC', docketNumber: '23-0456', filingCategory: 'Application', filedAt: new Date('2025-01-10T00:00:00Z'), passages: [citeA] },
      { documentId: 'doc-b', title: 'Staff report', rank: 2, score: 2.1, sourceName: 'ICC', docketNumber: '23-0456', filingCategory: 'Testimony', passages: [citeB] },
    ],
    figures: {
      resultCount: '8',
      filingsByMonth: [{ key: '2025-01', label: 'Jan 2025', count: '3' }, { key: '2025-02', label: 'Feb 2025', count: '5' }],
      byAgency: [{ key: 'icc', label: 'Illinois Commerce Commission', count: '8' }],
      numbers: [{ kind: 'amount', text: '$4.2 million', value: 4_200_000, unit: 'USD', citation: citeA }],
    },
  });
}
