import { stringify } from 'csv-stringify/sync';
import type { FigureSeries, QueryView } from '../domain/export-sources';

/** The query's documents list as CSV (rank order). */
export function documentsCsv(query: QueryView, documentLink: (documentId: string) => string): string {
  return stringify(
    query.documents.map((d) => ({
      rank: d.rank,
      document_id: d.documentId,
      title: d.title,
      agency: d.sourceName,
      docket_number: d.docketNumber,
      filing_category: d.filingCategory,
      filed_at: d.filedAt ? d.filedAt.toISOString().slice(0, 10) : '',
      score: Math.round(d.score * 1000) / 1000,
      link: documentLink(d.documentId),
    })),
    {
      header: true,
      columns: [
        'rank',
        'document_id',
        'title',
        'agency',
        'docket_number',
        'filing_category',
        'filed_at',
        'score',
        'link',
      ],
    },
  );
}

export function figureCsv(figure: FigureSeries): string {
  return stringify(
    figure.buckets.map((b) => ({ key: b.key, label: b.label, count: b.count })),
    { header: true, columns: ['key', 'label', 'count'] },
  );
}

/** The numbers read from cited passages, each with its source. */
export function numbersCsv(query: QueryView, documentLink: (documentId: string) => string): string {
  return stringify(
    query.numbers.map((n) => ({
      kind: n.kind,
      text: n.text,
      value: n.value,
      unit: n.unit,
      quote: n.citation?.quote ?? '',
      document_id: n.citation?.documentId ?? '',
      link: n.citation ? documentLink(n.citation.documentId) : '',
    })),
    { header: true, columns: ['kind', 'text', 'value', 'unit', 'quote', 'document_id', 'link'] },
  );
}
