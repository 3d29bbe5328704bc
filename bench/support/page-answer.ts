/** The answer as the page shows it (the stored query the BFF returns), in the shape answer-scoring reads. */
import type { components } from '../../frontend/lib/api/schema';
import type { ScoredAnalysis } from './answer-scoring';

export type StoredQuery = components['schemas']['Query'];

/** The stored query's analysis, as the page shows it: its proceeding, key facts, sections and notice. */
export function shownAnalysis(query: Pick<StoredQuery, 'analysis'>): ScoredAnalysis {
  const { scope, keyFacts, sections, notice } = query.analysis;
  return {
    scope: { docketNumber: scope.docketNumber, sourceId: scope.sourceId },
    keyFacts: keyFacts.map((f) => ({
      slot: f.slot,
      subject: f.subject,
      status: f.status,
      text: f.text,
      normalized: f.normalized,
      citation: f.citation && { documentId: f.citation.documentId, quote: f.citation.quote },
    })),
    sections: sections.map((s) => ({
      heading: s.heading,
      sentences: s.sentences.map((x) => ({
        text: x.text,
        citations: x.citations.map((c) => ({ documentId: c.documentId, quote: c.quote })),
      })),
    })),
    notice,
  };
}
