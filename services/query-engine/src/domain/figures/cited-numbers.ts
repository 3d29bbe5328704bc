import { epochMsOf, extractFacts } from '@docket/text-facts';
import type { Analysis, Citation } from '../analysis';
import type { ExtractedNumber } from './figures-model';

/** The passages an analysis cites, in reading order (sections, then key facts), each once. */
export function citedPassages(analysis: Analysis): Citation[] {
  const seen = new Set<string>();
  const passages: Citation[] = [];
  const add = (citation: Citation) => {
    const key = `${citation.documentId}:${citation.start}:${citation.end}`;
    if (seen.has(key)) return;
    seen.add(key);
    passages.push(citation);
  };
  for (const section of analysis.sections) for (const sentence of section.sentences) sentence.citations.forEach(add);
  for (const fact of analysis.keyFacts) add(fact.citation);
  return passages;
}

/**
 * Amounts, percentages and dates written in the cited passages, in the passages' order and, within
 * one, in text order; each links to the passage it was read from. A number two passages share
 * (overlapping citations of one document) is listed once, at its first passage.
 */
export function numbersFromPassages(passages: readonly Citation[]): ExtractedNumber[] {
  const numbers: ExtractedNumber[] = [];
  const seen = new Set<string>();
  for (const citation of passages) {
    for (const fact of extractFacts(citation.quote)) {
      const at = `${citation.documentId}:${citation.start + fact.start}`;
      if (seen.has(at)) continue;
      seen.add(at);
      if (fact.kind === 'money')
        numbers.push({ kind: 'amount', text: fact.text, value: fact.value, unit: 'USD', citation });
      else if (fact.kind === 'percentage')
        numbers.push({
          kind: 'percentage',
          text: fact.text,
          value: fact.value,
          unit: fact.points ? 'percentage points' : '%',
          citation,
        });
      else
        numbers.push({
          kind: 'date',
          text: fact.text,
          value: epochMsOf(fact.value),
          unit: fact.value.length === 7 ? 'month' : 'day',
          citation,
        });
    }
  }
  return numbers;
}
