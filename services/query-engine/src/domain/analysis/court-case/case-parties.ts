import { nameKey } from '@docket/query-language';
import type { CaseParty } from './case-record';

const FILLER = new Set([
  'the',
  'a',
  'an',
  'of',
  'and',
  'for',
  'inc',
  'llc',
  'corp',
  'co',
  'company',
  'ltd',
  'lp',
  'case',
  'plaintiff',
  'defendant',
  'debtor',
]);

/**
 * The party a question names ("Yahoo", "the United States"): the one most of whose distinctive
 * words the question's words hold; undefined when none shares a distinctive word.
 */
export function partyNamed(parties: readonly CaseParty[], words: string): CaseParty | undefined {
  const asked = new Set(distinctive(words));
  if (asked.size === 0) return undefined;
  let best: { party: CaseParty; score: number } | undefined;
  for (const party of parties) {
    const own = distinctive(party.name);
    if (own.length === 0) continue;
    const shared = own.filter((word) => asked.has(word)).length;
    const score = shared / own.length + shared;
    if (shared > 0 && (!best || score > best.score)) best = { party, score };
  }
  return best?.party;
}

function distinctive(text: string): string[] {
  return nameKey(text)
    .split(' ')
    .filter((word) => word.length > 1 && !FILLER.has(word));
}
