import { normalizeDocketNumber } from '@docket/query-language';
import { docketCandidatesIn } from '../../named-dockets';
import type { AnswerScope } from '../analysis-model';

/**
 * The question as its sentences are ranked within its proceeding: the docket it names is left out
 * ("What does Staff argue in docket 25-E-2611?" → "What does Staff argue?"), since every filing of
 * the proceeding writes it and a sentence naming it says no more about the question than another.
 */
export function scopedQuestion(question: string, scope: AnswerScope): string {
  if (scope.kind !== 'proceeding') return question;
  const docket = normalizeDocketNumber(scope.docketNumber);
  const written = docketCandidatesIn(question).find((candidate) => normalizeDocketNumber(candidate) === docket);
  if (!written) return question;
  const at = question.indexOf(written);
  const before = question
    .slice(0, at)
    .replace(
      /\s*\b(?:in|for|of|on|under|about)?\s*(?:the\s+)?(?:docket|proceeding|case)?\s*(?:no\.|number|#)?\s*$/iu,
      '',
    );
  const rest = `${before} ${question.slice(at + written.length)}`
    .replace(/\s+([?.!,;:])/gu, '$1')
    .replace(/\s{2,}/gu, ' ')
    .trim();
  // A question that is only the docket ("25-E-2611?") keeps it: nothing else to rank by.
  return /[\p{L}]{3,}/u.test(rest) ? rest : question;
}
