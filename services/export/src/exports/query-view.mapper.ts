import { AnalysisMode, type Citation, type KeyFact, type Query } from '@docket/proto/src/queries';
import type { FigureSeries, KeyFactView, Passage, QueryView } from '../domain/export-sources';

// A stored query (QueryService.GetQuery) → what the export's files write: all the answer page shows.

export function passageOf(citation: Citation): Passage {
  return {
    documentId: citation.documentId,
    documentTitle: citation.documentTitle,
    quote: citation.quote,
    page: citation.page,
  };
}

const FIGURE_TITLES: Array<[keyof NonNullable<Query['figures']>, string, string]> = [
  ['filingsByMonth', 'filings_by_month', 'Filings by month'],
  ['byAgency', 'by_agency', 'Documents by agency'],
  ['byFilingType', 'by_filing_type', 'Documents by filing type'],
  ['byParty', 'by_party', 'Documents by party'],
  ['byDocket', 'by_docket', 'Documents by docket'],
];

export function queryViewOf(query: Query): QueryView {
  const analysis = query.analysis;
  const figures: FigureSeries[] = FIGURE_TITLES.map(([field, name, title]) => ({
    name,
    title,
    buckets: ((query.figures?.[field] ?? []) as Array<{ key: string; label: string; count: string }>).map((b) => ({
      key: b.key,
      label: b.label,
      count: Number(b.count),
    })),
  }));
  return {
    queryId: query.queryId,
    question: query.question,
    createdAt: query.createdAt,
    mode: modeOf(analysis?.mode ?? query.mode),
    model: analysis?.model ?? '',
    scope: { kind: analysis?.scope?.kind ?? '', statement: analysis?.scope?.statement ?? '' },
    refinements: (analysis?.refinements ?? []).map((r) => ({
      docketNumber: r.docketNumber,
      title: r.title,
      firstFiled: r.firstFiled,
      lastFiled: r.lastFiled,
      status: r.status,
    })),
    notice: analysis?.notice ?? '',
    droppedSentences: analysis?.droppedSentences ?? 0,
    sections: (analysis?.sections ?? []).map((section) => ({
      heading: section.heading,
      sentences: section.sentences.map((sentence) => ({
        text: sentence.text,
        citations: sentence.citations.map(passageOf),
      })),
    })),
    keyFacts: (analysis?.keyFacts ?? []).map(keyFactOf),
    documents: query.documents.map((d) => ({
      rank: d.rank,
      documentId: d.documentId,
      title: d.title,
      sourceName: d.sourceName,
      docketNumber: d.docketNumber,
      filingCategory: d.filingCategory,
      filedAt: d.filedAt,
      score: d.score,
    })),
    figures,
    numbers: (query.figures?.numbers ?? []).map((n) => ({
      kind: n.kind,
      text: n.text,
      value: n.value,
      unit: n.unit,
      citation: n.citation ? passageOf(n.citation) : undefined,
    })),
  };
}

function keyFactOf(fact: KeyFact): KeyFactView {
  return {
    kind: fact.kind,
    text: fact.text,
    label: fact.label,
    subject: fact.subject,
    // A status a newer query-engine adds is shown as none rather than mislabelled.
    status: fact.status === 'current' || fact.status === 'superseded' ? fact.status : '',
    filingCategory: fact.filingCategory,
    filedAt: fact.filedAt,
    citation: fact.citation ? passageOf(fact.citation) : undefined,
  };
}

function modeOf(mode: AnalysisMode): QueryView['mode'] {
  if (mode === AnalysisMode.ANALYSIS_MODE_GENERATIVE) return 'generative';
  if (mode === AnalysisMode.ANALYSIS_MODE_EXTRACTIVE) return 'extractive';
  return '';
}
