import { AnalysisMode, Query } from '@docket/proto/src/queries';

/** The five intervenors of the fixture's proceeding: each appears in the answer only as a key fact. */
export const INTERVENORS = [
  'Citizens Utility Board',
  'Illinois Attorney General',
  'Illinois Industrial Energy Consumers',
  'Natural Resources Defense Council',
  'City of Champaign',
];

/**
 * A stored query with two cited sentences; key facts (the requested increase, the evidentiary
 * hearing's date in force and the one it replaced, five intervenors), each citing its filing; one
 * other proceeding the question may have meant; two documents and two non-empty figures.
 */
export function queryFixture(workspaceId: string): Query {
  const citeA = {
    documentId: 'doc-a',
    start: 0,
    end: 10,
    page: 2,
    quote: 'Ameren Illinois requests an increase of $4.2 million.',
    documentTitle: 'Application of Ameren',
  };
  const citeB = {
    documentId: 'doc-b',
    start: 0,
    end: 10,
    page: 5,
    quote: 'Staff recommends $3.1 million.',
    documentTitle: 'Staff report',
  };
  const cite = (documentId: string, documentTitle: string, quote: string) => ({
    documentId,
    start: 0,
    end: quote.length,
    page: 1,
    quote,
    documentTitle,
  });
  const hearingSet = cite('doc-c', 'Notice of schedule', 'The evidentiary hearing is set for March 3, 2025.');
  const hearingReset = cite(
    'doc-d',
    'Amended notice of schedule',
    'The evidentiary hearing is reset to April 14, 2025.',
  );
  const intervenorFacts = INTERVENORS.map((name, i) => ({
    kind: 'party',
    text: name,
    normalized: name,
    slot: 'intervenor',
    label: 'Intervenor',
    subject: name,
    filingCategory: 'Order',
    filedAt: `2025-02-0${i + 1}`,
    citation: cite(`doc-int-${i + 1}`, `Order on the petition of ${name}`, `${name} is granted leave to intervene.`),
  }));
  return Query.fromPartial({
    queryId: `q-${workspaceId}`,
    question: 'How much did Ameren request?',
    workspaceId,
    userId: 'u',
    createdAt: new Date('2026-11-02T10:00:00Z'),
    mode: AnalysisMode.ANALYSIS_MODE_EXTRACTIVE,
    analysis: {
      mode: AnalysisMode.ANALYSIS_MODE_EXTRACTIVE,
      scope: { kind: 'proceeding', statement: 'About docket 23-0456 (Illinois Commerce Commission).' },
      sections: [
        {
          heading: 'Requested increase',
          sentences: [
            { text: 'Ameren requested a $4.2 million increase.', citations: [citeA] },
            { text: 'Staff recommended less.', citations: [citeB] },
          ],
        },
      ],
      keyFacts: [
        {
          kind: 'amount',
          text: '$4.2 million',
          normalized: '4200000',
          slot: 'requested_amount',
          label: 'Requested increase',
          subject: 'Ameren Illinois',
          filingCategory: 'Application',
          filedAt: '2025-01-10',
          citation: citeA,
        },
        {
          kind: 'deadline',
          text: 'April 14, 2025',
          normalized: '2025-04-14',
          slot: 'hearing_date',
          label: 'Evidentiary hearing',
          subject: 'Administrative Law Judge',
          status: 'current',
          filingCategory: 'Notice',
          filedAt: '2025-02-20',
          citation: hearingReset,
        },
        {
          kind: 'deadline',
          text: 'March 3, 2025',
          normalized: '2025-03-03',
          slot: 'hearing_date',
          label: 'Evidentiary hearing',
          subject: 'Administrative Law Judge',
          status: 'superseded',
          filingCategory: 'Notice',
          filedAt: '2025-01-20',
          citation: hearingSet,
        },
        ...intervenorFacts,
      ],
      refinements: [
        {
          docketNumber: '23-0457',
          sourceId: 'icc',
          title: 'Ameren Illinois gas rate case',
          documents: 3,
          firstFiled: '2023-01-10',
          lastFiled: '2023-11-30',
          status: 'decided',
        },
      ],
    },
    documents: [
      {
        documentId: 'doc-a',
        title: 'Application of Ameren',
        rank: 1,
        score: 3.2,
        sourceName: 'ICC',
        docketNumber: '23-0456',
        filingCategory: 'Application',
        filedAt: new Date('2025-01-10T00:00:00Z'),
        passages: [citeA],
      },
      {
        documentId: 'doc-b',
        title: 'Staff report',
        rank: 2,
        score: 2.1,
        sourceName: 'ICC',
        docketNumber: '23-0456',
        filingCategory: 'Testimony',
        passages: [citeB],
      },
    ],
    figures: {
      resultCount: '8',
      filingsByMonth: [
        { key: '2025-01', label: 'Jan 2025', count: '3' },
        { key: '2025-02', label: 'Feb 2025', count: '5' },
      ],
      byAgency: [{ key: 'icc', label: 'Illinois Commerce Commission', count: '8' }],
      numbers: [{ kind: 'amount', text: '$4.2 million', value: 4_200_000, unit: 'USD', citation: citeA }],
    },
  });
}
