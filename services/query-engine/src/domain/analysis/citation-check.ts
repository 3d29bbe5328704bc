import { extractFacts, type AnyFact } from '@docket/text-facts';
import type { Citation } from './analysis-model';
import { citationOf } from './citation';
import type { GeneratedSentence } from './generated-answer';
import type { Passage } from './passages';
import { contentTerms } from './text-terms';

export interface CitationCheckOptions {
  /** Share of the sentence's distinct content words (stems) the cited passages must contain. */
  minSupport: number;
}

export const DEFAULT_CITATION_CHECK: CitationCheckOptions = { minSupport: 0.6 };

export type CitationCheck =
  | { ok: true; citations: Citation[]; support: number }
  | {
      ok: false;
      reason: 'no-citation' | 'unknown-passage' | 'no-content' | 'unsupported' | 'number-not-in-passage';
      detail: string;
    };

/** What a stretch of text states, as the check compares it. */
interface Evidence {
  terms: Set<string>;
  facts: AnyFact[];
  /** Every number written in digits, commas dropped ("4,200,000" → "4200000", "10.50" → "10.5"). */
  numbers: Set<string>;
}

const NUMBER = /\d+(?:,\d{3})*(?:\.\d+)?/g;

function canonicalNumber(digits: string): string {
  return String(Number(digits.replace(/,/g, '')));
}

function evidenceOf(text: string): Evidence {
  return {
    terms: new Set(contentTerms(text).filter((term) => !/^\d+$/.test(term))),
    facts: extractFacts(text),
    numbers: new Set([...text.matchAll(NUMBER)].map((m) => canonicalNumber(m[0]))),
  };
}

/** Amounts, percentages and dates compare by value ("$4.2 million" = "$4,200,000"); other numbers by their digits. */
function unsupportedNumber(sentence: string, facts: readonly AnyFact[], evidence: Evidence): string | undefined {
  for (const fact of facts) {
    const found = evidence.facts.some((other) => {
      if (other.kind !== fact.kind) return false;
      if (fact.kind === 'date')
        return (
          other.value === fact.value ||
          (String(fact.value).length === 7 && String(other.value).startsWith(String(fact.value)))
        );
      return Math.abs(Number(other.value) - Number(fact.value)) <= 1e-9 * Math.max(1, Math.abs(Number(fact.value)));
    });
    if (!found) return fact.text;
  }
  for (const match of sentence.matchAll(NUMBER)) {
    const at = match.index ?? 0;
    if (facts.some((fact) => fact.start <= at && at < fact.end)) continue;
    if (!evidence.numbers.has(canonicalNumber(match[0]))) return match[0];
  }
  return undefined;
}

function support(terms: ReadonlySet<string>, evidence: Evidence): number {
  if (terms.size === 0) return 0;
  let found = 0;
  for (const term of terms) if (evidence.terms.has(term)) found++;
  return found / terms.size;
}

/**
 * Checks one generated sentence against the passages it cites: every label must name a passage;
 * the cited passages together must contain at least `minSupport` of the sentence's content words;
 * and every number of the sentence (amounts, percentages and dates by value, other numbers by
 * their digits) must appear in them. A sentence that passes cites, for each passage, the one
 * sentence of it that alone supports the claim, or the whole passage when no single sentence does.
 */
export function checkGeneratedSentence(
  sentence: GeneratedSentence,
  passages: ReadonlyMap<string, Passage>,
  options: CitationCheckOptions = DEFAULT_CITATION_CHECK,
): CitationCheck {
  if (sentence.labels.length === 0)
    return { ok: false, reason: 'no-citation', detail: 'the sentence cites no passage' };
  const cited: Passage[] = [];
  for (const label of sentence.labels) {
    const passage = passages.get(label);
    if (!passage)
      return {
        ok: false,
        reason: 'unknown-passage',
        detail: `cites ${label}, which is not one of the ${passages.size} passages`,
      };
    cited.push(passage);
  }
  const own = evidenceOf(sentence.text);
  if (own.terms.size === 0) return { ok: false, reason: 'no-content', detail: 'the sentence has no content words' };
  const all = evidenceOf(cited.map((p) => p.text).join('\n'));
  const share = support(own.terms, all);
  if (share < options.minSupport) {
    return {
      ok: false,
      reason: 'unsupported',
      detail:
        `${Math.round(share * 100)}% of its words are in ${sentence.labels.join(', ')} ` +
        `(at least ${Math.round(options.minSupport * 100)}% needed)`,
    };
  }
  const missing = unsupportedNumber(sentence.text, own.facts, all);
  if (missing)
    return {
      ok: false,
      reason: 'number-not-in-passage',
      detail: `"${missing}" is not in ${sentence.labels.join(', ')}`,
    };
  return {
    ok: true,
    support: share,
    citations: cited.map((passage) => narrowed(sentence.text, own, passage, options)),
  };
}

function narrowed(text: string, own: Evidence, passage: Passage, options: CitationCheckOptions): Citation {
  let best: { start: number; end: number; share: number } | undefined;
  for (const span of passage.sentences) {
    const evidence = evidenceOf(passage.document.text.slice(span.start, span.end));
    const share = support(own.terms, evidence);
    if (share >= options.minSupport && !unsupportedNumber(text, own.facts, evidence) && (!best || share > best.share))
      best = { ...span, share };
  }
  return best ? citationOf(passage.document, best.start, best.end) : passage.citation;
}
