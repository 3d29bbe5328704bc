import {
  AnalysisMode,
  type Analysis as AnalysisProto,
  type Figures as FiguresProto,
  type QueryDocument as QueryDocumentProto,
} from '@docket/proto/src/queries';
import type { SearchFilters as SearchFiltersProto } from '@docket/proto/src/search';
import type { Analysis } from '../domain/analysis';
import type { Figures } from '../domain/figures';
import type { QueryDocument } from '../domain/query';
import { emptySearchFilters, type SearchFilters } from '../domain/search-filters';

/** The wire's filters as the domain takes them (validated later, with the wire's field names in errors). */
export function filtersFromProto(filters: SearchFiltersProto | undefined): SearchFilters {
  return filters ? { ...emptySearchFilters(), ...filters } : emptySearchFilters();
}

export function filtersToProto(filters: SearchFilters): SearchFiltersProto {
  return { ...filters };
}

export function analysisToProto(analysis: Analysis): AnalysisProto {
  return {
    mode:
      analysis.mode === 'generative' ? AnalysisMode.ANALYSIS_MODE_GENERATIVE : AnalysisMode.ANALYSIS_MODE_EXTRACTIVE,
    sections: analysis.sections,
    keyFacts: analysis.keyFacts,
    model: analysis.model,
    droppedSentences: analysis.droppedSentences,
    notice: analysis.notice,
    questionKind: analysis.questionKind,
    scope: analysis.scope,
    refinements: analysis.refinements,
  };
}

export function figuresToProto(figures: Figures): FiguresProto {
  const buckets = (list: Figures['byAgency']) => list.map((bucket) => ({ ...bucket, count: String(bucket.count) }));
  return {
    resultCount: String(figures.resultCount),
    filingsByMonth: buckets(figures.filingsByMonth),
    byAgency: buckets(figures.byAgency),
    byFilingType: buckets(figures.byFilingType),
    byParty: buckets(figures.byParty),
    byDocket: buckets(figures.byDocket),
    numbers: figures.numbers,
    scopeDocketNumber: figures.scopeDocketNumber ?? '',
    retrieved: figures.retrieved ? figuresToProto(figures.retrieved) : undefined,
  };
}

export function queryDocumentToProto(document: QueryDocument): QueryDocumentProto {
  return { ...document, filedAt: document.filedAt ? new Date(document.filedAt) : undefined };
}
