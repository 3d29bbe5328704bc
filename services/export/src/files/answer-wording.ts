import type { KeyFactView, QueryView } from '../domain/export-sources';

// The answer page's words for each part of an answer (frontend/components/query), in one place so
// that the DOCX and the HTML read as the page does and as each other.

const FACT_KINDS: Record<string, string> = {
  date: 'Date',
  deadline: 'Deadline',
  amount: 'Amount',
  percentage: 'Percentage',
  party: 'Party',
  outcome: 'Outcome',
};

export const KEY_FACTS_HEADING = 'Key facts';

/** "Evidentiary hearing · superseded": what the fact is, and whether a later filing replaced it. */
export function factHeading(fact: KeyFactView): string {
  const label = fact.label || FACT_KINDS[fact.kind] || fact.kind;
  return fact.status ? `${label} · ${fact.status}` : label;
}

/** The value as the filing wrote it (an outcome is a clause, so it gets a capital to stand alone). */
export function factValue(fact: KeyFactView): string {
  return fact.kind === 'outcome' ? fact.text.charAt(0).toUpperCase() + fact.text.slice(1) : fact.text;
}

/** "Ameren Illinois · Application, filed 2024-01-12": for whom the fact is, and which filing states it. */
export function factSource(fact: KeyFactView): string {
  const filing = [fact.filingCategory, fact.filedAt ? `filed ${fact.filedAt}` : ''].filter(Boolean).join(', ');
  return [fact.subject, filing].filter(Boolean).join(' · ');
}

/** The service's notice and, in generative mode, the sentences left out; empty when there is neither. */
export function noticeText(query: QueryView): string {
  const dropped = query.droppedSentences;
  const left =
    dropped > 0
      ? `${dropped} ${dropped === 1 ? 'sentence was' : 'sentences were'} left out ` +
        `because ${dropped === 1 ? 'its citation' : 'their citations'} did not match the retrieved passages.`
      : '';
  return [query.notice, left].filter(Boolean).join(' ');
}

/**
 * "Did you mean another proceeding? Docket 23-0457 — Ameren gas rate case.":
 * the others the question may have meant; empty when none.
 */
export function refinementsText(query: QueryView): string {
  if (query.refinements.length === 0) return '';
  const lead = query.scope.kind === 'proceeding' ? 'Did you mean another proceeding?' : 'Narrow to one proceeding:';
  const others = query.refinements.map(
    (r) => `Docket ${r.docketNumber}${r.title ? ` — ${r.title}` : ''}${refinementWhen(r)}`,
  );
  return `${lead} ${others.join('; ')}.`;
}

/** " (filed 2023-05-01 to 2024-01-20, decided)", as the page says it; empty when nothing is known. */
export function refinementWhen(r: QueryView['refinements'][number]): string {
  const span =
    r.firstFiled && r.lastFiled && r.firstFiled !== r.lastFiled
      ? `filed ${r.firstFiled} to ${r.lastFiled}`
      : r.firstFiled
        ? `filed ${r.firstFiled}`
        : '';
  const parts = [span, r.status].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** Said instead of an answer that has nothing to show; empty when it has something. */
export function noAnalysisText(query: QueryView): string {
  if (query.sections.length > 0 || query.keyFacts.length > 0) return '';
  return query.notice || query.droppedSentences > 0
    ? 'No analysis: see the note above.'
    : 'No analysis: no passage of the matching filings answered this, so there is nothing to cite.';
}

/** "Asked 2026-11-02 · Generative · model-name.": when, and which mode wrote the answer. */
export function bylineText(query: QueryView): string {
  const mode =
    query.mode === 'generative'
      ? `Generative${query.model ? ` · ${query.model}` : ''}`
      : query.mode === 'extractive'
        ? 'Extractive'
        : '';
  const parts = [query.createdAt ? `Asked ${query.createdAt.toISOString().slice(0, 10)}` : '', mode].filter(Boolean);
  return parts.length > 0 ? `${parts.join(' · ')}.` : '';
}
