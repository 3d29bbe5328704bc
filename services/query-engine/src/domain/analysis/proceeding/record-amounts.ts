import type { MoneyFact } from '@docket/text-facts';
import type { KeyFact } from '../analysis-model';
import { filerOf, newestFirst, type RecordFiling, type RecordSentence } from './record-sentences';
import { factValue, slotFact } from './slot-fact';

// What a sentence must be about: the revenue increase (or the rate relief) of the proceeding.
const INCREASE = /\b(?:increase|increases|rate relief|revenue requirement|revenues?|rate hike)\b/i;
// An amount that is a cut, not the increase itself ("recommends a reduction of $2 million").
const CUT_BETWEEN = /\b(?:reduction|reduce|reducing|disallowance|disallow|decrease|adjustment|adjustments|lower|removes?|removing)\b/i;

const REQUEST_CUE = /\b(?:request(?:s|ed|ing)?|seek(?:s|ing)?|sought|applie[sd] for|apply for|asks?(?:ed)? for|propos(?:es|ed|ing))\b/i;
const RECOMMEND_CUE = /\b(?:recommend(?:s|ed|ing|ation)?|propose[sd]? instead|should (?:be )?(?:limited|authorized|approved|allowed)|no (?:more|higher) than|urges?)\b/i;
const AUTHORIZE_CUE = /\b(?:authori[sz](?:e|ed|es|ing)|approv(?:e|ed|es|ing)|adopt(?:s|ed)?|grant(?:s|ed)?|allow(?:s|ed)?|award(?:s|ed)?)\b/i;

const PARTY_FILINGS = new Set(['testimony', 'brief', 'comment', 'motion', 'stipulation']);
const DECISIONS = new Set(['decision', 'order']);

/** The amount a cue introduces: the first one after the cue with no cut word between them. */
function amountAfter(sentence: RecordSentence, cue: RegExp): MoneyFact | undefined {
  const match = cue.exec(sentence.text);
  if (!match) return undefined;
  const from = match.index;
  for (const fact of sentence.facts) {
    if (fact.kind !== 'money' || fact.start < from) continue;
    if (CUT_BETWEEN.test(sentence.text.slice(from, fact.start))) return undefined;
    return fact;
  }
  return undefined;
}

/** What the applicant asked for: stated in its application (the earliest one wins: the request as filed). */
export function requestedAmounts(filings: readonly RecordFiling[]): KeyFact[] {
  const applications = filings.filter((f) => f.category === 'application').sort((a, b) => a.filedMs - b.filedMs);
  for (const filing of applications) {
    for (const sentence of filing.sentences) {
      if (!INCREASE.test(sentence.text)) continue;
      const amount = amountAfter(sentence, REQUEST_CUE) ?? amountAfter(sentence, /\bincrease\b/i);
      if (amount) return [slotFact('requested_amount', 'amount', sentence, factValue(amount), filerOf(filing.document))];
    }
  }
  return [];
}

/** What each other party recommends instead: one amount per party, from its latest filing that states one. */
export function recommendedAmounts(filings: readonly RecordFiling[]): KeyFact[] {
  const byParty = new Map<string, KeyFact>();
  for (const filing of newestFirst(filings)) {
    if (!PARTY_FILINGS.has(filing.category)) continue;
    const party = filerOf(filing.document);
    if (party === '' || byParty.has(party.toLowerCase())) continue;
    for (const sentence of filing.sentences) {
      if (!INCREASE.test(sentence.text)) continue;
      const amount = amountAfter(sentence, RECOMMEND_CUE);
      if (!amount) continue;
      byParty.set(party.toLowerCase(), slotFact('recommended_amount', 'amount', sentence, factValue(amount), party));
      break;
    }
  }
  return [...byParty.values()];
}

/** What the decision-maker authorized: from its latest decision (or order) that states an amount. */
export function approvedAmounts(filings: readonly RecordFiling[], body: string): KeyFact[] {
  const decisions = newestFirst(filings.filter((f) => DECISIONS.has(f.category)));
  // A final decision outranks an interim order of any date.
  decisions.sort((a, b) => Number(b.category === 'decision') - Number(a.category === 'decision'));
  for (const filing of decisions) {
    for (const sentence of filing.sentences) {
      if (!INCREASE.test(sentence.text)) continue;
      const amount = amountAfter(sentence, AUTHORIZE_CUE);
      if (amount) return [slotFact('approved_amount', 'amount', sentence, factValue(amount), body)];
    }
  }
  return [];
}
