import type { AnalysisSection, AnalysisSentence, KeyFact } from '../analysis-model';

/**
 * The answer's opening, written the way an analyst states a record: each sentence says one fact,
 * for whom, from which filing, and cites the passage that states it.
 */
export function leadSection(facts: readonly KeyFact[], body: string, today: string): AnalysisSection | undefined {
  const sentences = facts.flatMap((fact) => {
    const text = sentenceFor(fact, body, today);
    return text ? [{ text, citations: [fact.citation] } satisfies AnalysisSentence] : [];
  });
  return sentences.length > 0 ? { heading: 'Answer', sentences } : undefined;
}

/** "(Application, filed 2024-01-12)": where the fact comes from. */
export function whereStated(fact: KeyFact): string {
  const category = fact.filingCategory || 'filing';
  return fact.filedAt ? `(${category}, filed ${fact.filedAt})` : `(${category})`;
}

function sentenceFor(fact: KeyFact, body: string, today: string): string {
  const from = whereStated(fact);
  const who = fact.subject || 'A party';
  // Told in the tense the date has today (an ISO date compares as text).
  const past = fact.normalized.length === 10 && fact.normalized < today;
  switch (fact.slot) {
    case 'requested_amount':
      return `${who} requests an increase of ${fact.text} ${from}.`;
    case 'recommended_amount':
      return `${who} recommends an increase of ${fact.text} ${from}.`;
    case 'approved_amount':
      return `${body} authorized an increase of ${fact.text} ${from}.`;
    case 'hearing_date':
      return fact.status === 'superseded'
        ? `An earlier schedule set the hearing for ${fact.text}; that date was replaced ${from}.`
        : past
          ? `The evidentiary hearing was held on ${fact.text}, as the latest scheduling filing set it ${from}.`
          : `The evidentiary hearing is set for ${fact.text}, by the latest scheduling filing ${from}.`;
    case 'comment_deadline':
      return fact.status === 'superseded'
        ? `Comments were earlier due ${fact.text}; that deadline was replaced ${from}.`
        : `Comments ${past ? 'were' : 'are'} due ${fact.text} ${from}.`;
    case 'intervention_deadline':
      return fact.status === 'superseded'
        ? `Petitions to intervene were earlier due ${fact.text}; that deadline was replaced ${from}.`
        : `Petitions to intervene ${past ? 'were' : 'are'} due ${fact.text} ${from}.`;
    case 'decision_date':
      return `${body} issued its decision on ${fact.text} ${from}.`;
    case 'applicant':
      return `${fact.normalized} is the applicant ${from}.`;
    case 'staff':
      return `${fact.normalized} takes part as the commission's staff ${from}.`;
    case 'intervenor':
      return `${fact.normalized} is an intervenor ${from}.`;
    case 'outcome':
      return `${body} decided: ${fact.citation.quote
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^\d+\.\s*/, '')} ${from}`;
    default:
      return '';
  }
}
