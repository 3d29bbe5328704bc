import * as queriesV1 from '@docket/proto/src/queries';
import type * as searchV1 from '@docket/proto/src/search';
import { isoOrNull } from '../grpc/timestamps';
import type {
  AnalysisModeName,
  AnalysisSectionView,
  AnalysisView,
  AnswerScopeView,
  AskUpdate,
  CitationView,
  CountBucketView,
  FigureCountsView,
  FiguresView,
  QueryDocumentView,
  QueryFiltersView,
  QuerySummaryView,
  QueryView,
} from './query-view';

// QueryService messages → the BFF's REST shapes. int64 fields arrive as strings (forceLong=string).

const { AnalysisMode } = queriesV1;
const count = (value: string | undefined): number => Number(value || '0');

export function toModeName(mode: queriesV1.AnalysisMode): AnalysisModeName | null {
  if (mode === AnalysisMode.ANALYSIS_MODE_EXTRACTIVE) return 'extractive';
  if (mode === AnalysisMode.ANALYSIS_MODE_GENERATIVE) return 'generative';
  return null;
}

export function fromModeName(mode: AnalysisModeName | undefined): queriesV1.AnalysisMode {
  if (mode === 'extractive') return AnalysisMode.ANALYSIS_MODE_EXTRACTIVE;
  if (mode === 'generative') return AnalysisMode.ANALYSIS_MODE_GENERATIVE;
  return AnalysisMode.ANALYSIS_MODE_UNSPECIFIED;
}

export function toFiltersView(f: searchV1.SearchFilters | undefined): QueryFiltersView {
  return {
    agencies: f?.agencies ?? [],
    filingTypes: f?.filingTypes ?? [],
    dockets: f?.dockets ?? [],
    parties: f?.parties ?? [],
    filedFrom: f?.filedFrom || null,
    filedTo: f?.filedTo || null,
  };
}

export function fromFiltersView(f: Partial<QueryFiltersView> | undefined): searchV1.SearchFilters {
  return {
    agencies: f?.agencies ?? [],
    filingTypes: f?.filingTypes ?? [],
    dockets: f?.dockets ?? [],
    parties: f?.parties ?? [],
    filedFrom: f?.filedFrom ?? '',
    filedTo: f?.filedTo ?? '',
  };
}

export function toCitationView(c: queriesV1.Citation): CitationView {
  return {
    documentId: c.documentId,
    documentTitle: c.documentTitle,
    start: c.start,
    end: c.end,
    page: c.page,
    quote: c.quote,
  };
}

const citationOrNull = (c: queriesV1.Citation | undefined): CitationView | null => (c ? toCitationView(c) : null);

export function toSectionView(s: queriesV1.AnalysisSection): AnalysisSectionView {
  return {
    heading: s.heading,
    sentences: s.sentences.map((t) => ({ text: t.text, citations: t.citations.map(toCitationView) })),
  };
}

export function toAnalysisView(a: queriesV1.Analysis | undefined): AnalysisView {
  return {
    mode: a ? toModeName(a.mode) : null,
    sections: (a?.sections ?? []).map(toSectionView),
    keyFacts: (a?.keyFacts ?? []).map((k) => ({
      kind: k.kind,
      text: k.text,
      normalized: k.normalized,
      citation: citationOrNull(k.citation),
      slot: k.slot,
      label: k.label,
      subject: k.subject,
      status: oneOf(k.status, ['', 'current', 'superseded'] as const, ''),
      filingCategory: k.filingCategory,
      filedAt: k.filedAt,
    })),
    model: a?.model ?? '',
    droppedSentences: a?.droppedSentences ?? 0,
    notice: a?.notice ?? '',
    questionKind: oneOf(
      a?.questionKind,
      ['amount', 'date', 'parties', 'position', 'outcome', 'general'] as const,
      'general',
    ),
    scope: toScopeView(a?.scope),
    refinements: (a?.refinements ?? []).map((r) => ({
      docketNumber: r.docketNumber,
      sourceId: r.sourceId,
      title: r.title,
      documents: r.documents,
      firstFiled: r.firstFiled,
      lastFiled: r.lastFiled,
      status: r.status,
    })),
  };
}

function toScopeView(s: queriesV1.AnswerScope | undefined): AnswerScopeView {
  return {
    kind: oneOf(s?.kind, ['proceeding', 'party', 'comparison', 'open'] as const, 'open'),
    docketNumber: s?.docketNumber ?? '',
    sourceId: s?.sourceId ?? '',
    sourceName: s?.sourceName ?? '',
    title: s?.title ?? '',
    party: s?.party ?? '',
    statement: s?.statement ?? '',
  };
}

/** A wire string as one of the values the view allows (an unknown one, from a newer service, falls back). */
function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
}

export function toQueryDocumentView(d: queriesV1.QueryDocument): QueryDocumentView {
  return {
    documentId: d.documentId,
    title: d.title,
    sourceId: d.sourceId,
    sourceName: d.sourceName,
    docketNumber: d.docketNumber,
    filingCategory: d.filingCategory,
    filedAt: isoOrNull(d.filedAt),
    rank: d.rank,
    score: d.score,
    passages: d.passages.map(toCitationView),
  };
}

const buckets = (list: queriesV1.CountBucket[] | undefined): CountBucketView[] =>
  (list ?? []).map((b) => ({ key: b.key, label: b.label || b.key, count: count(b.count) }));

export function toFiguresView(f: queriesV1.Figures | undefined): FiguresView {
  return {
    ...toFigureCounts(f),
    scopeDocketNumber: f?.scopeDocketNumber ?? '',
    retrieved: f?.retrieved ? toFigureCounts(f.retrieved) : null,
  };
}

function toFigureCounts(f: queriesV1.Figures | undefined): FigureCountsView {
  return {
    resultCount: count(f?.resultCount),
    filingsByMonth: buckets(f?.filingsByMonth),
    byAgency: buckets(f?.byAgency),
    byFilingType: buckets(f?.byFilingType),
    byParty: buckets(f?.byParty),
    byDocket: buckets(f?.byDocket),
    numbers: (f?.numbers ?? []).map((n) => ({
      kind: n.kind,
      text: n.text,
      value: n.value,
      unit: n.unit,
      citation: citationOrNull(n.citation),
    })),
  };
}

export function toQueryView(q: queriesV1.Query): QueryView {
  return {
    queryId: q.queryId,
    question: q.question,
    filters: toFiltersView(q.filters),
    userId: q.userId,
    workspaceId: q.workspaceId || null,
    requestId: q.requestId || null,
    createdAt: isoOrNull(q.createdAt),
    timings: {
      retrievalMs: q.timings?.retrievalMs ?? 0,
      analysisMs: q.timings?.analysisMs ?? 0,
      figuresMs: q.timings?.figuresMs ?? 0,
      totalMs: q.timings?.totalMs ?? 0,
    },
    mode: toModeName(q.mode),
    resultIds: q.resultIds,
    analysis: toAnalysisView(q.analysis),
    documents: q.documents.map(toQueryDocumentView),
    figures: toFiguresView(q.figures),
  };
}

/** One Ask (or WatchQuery) stream message as the server-sent event it becomes; undefined for an empty message. */
export function toAskUpdate(m: queriesV1.AskResponse | queriesV1.WatchQueryResponse): AskUpdate | undefined {
  if (m.started)
    return {
      event: 'started',
      data: { queryId: m.started.queryId, requestId: m.started.requestId || null, question: m.started.question },
    };
  if (m.documents) return { event: 'documents', data: { documents: m.documents.documents.map(toQueryDocumentView) } };
  if (m.section) return { event: 'section', data: toSectionView(m.section) };
  if (m.figures) return { event: 'figures', data: toFiguresView(m.figures) };
  if (m.completed) return { event: 'completed', data: { query: toQueryView(m.completed) } };
  return undefined;
}

/** A summary before e-mails and workspace names are resolved (those come from elsewhere). */
export function toSummaryView(s: queriesV1.QuerySummary): QuerySummaryView {
  return {
    queryId: s.queryId,
    question: s.question,
    userId: s.userId,
    userEmail: null,
    workspaceId: s.workspaceId || null,
    workspaceName: null,
    createdAt: isoOrNull(s.createdAt),
    totalMs: s.totalMs,
    mode: toModeName(s.mode),
    documentCount: s.documentCount,
  };
}
