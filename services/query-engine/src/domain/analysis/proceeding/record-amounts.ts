import type { MoneyFact } from '@docket/text-facts';
import type { KeyFact } from '../analysis-model';
import { filerOf, newestFirst, type RecordFiling, type RecordSentence } from './record-sentences';
import { factValue, slotFact } from './slot-fact';

// What a sentence must be about: the revenue increase (or the rate relief) of the proceeding.
const INCREASE = /\b(?:increase|increases|rate relief|revenue requirement|revenues?|rate hike|recover|recovery)\b/i;
// An amount that is a cut, not the increase itself ("recommends a reduction of $2 million").
const CUT_BETWEEN = /\b(?:reduc\w*|disallow\w*|decreas\w*|adjustments?|lower|remov\w*)\b/i;
// A customer's bill, not the proceeding's revenue ("would increase the average residential bill by $4.10 per month").
const BILL = /\b(?:bill|bills|per month|monthly|customer charge|per (?:kwh|therm|gallon))\b/i;
// Money the company spent or reports, not what anyone asks for or grants ("has invested $654 million since 2015").
const SPENT = /\b(?:invested|has spent|capital spending|annual reports?)\b/i;
// "the $25.3 million the Company requested", "compared with the $25.3 million it requested",
// "had requested $25.3 million".
const REQUESTED_AFTER = new RegExp(
  String.raw`^\s*(?:increase\s+|in additional revenue\s+)?` +
    String.raw`(?:(?:that\s+)?(?:it|the company|the applicant|the utility|the petitioner|` +
    String.raw`[A-Z][\w.,'&-]*(?:\s+[A-Z][\w.,'&-]*){0,5})\s+)?(?:had\s+|originally\s+|initially\s+)?requested\b|` +
    String.raw`^\s*(?:increase\s+)?requested by\b`,
  'i',
);
// "the Company had requested $25.3 million", "the Company's requested increase of $25.3 million".
const REQUESTED_BEFORE = new RegExp(
  String.raw`\b(?:had|originally|initially|it|company)\s+requested\s*$|` +
    String.raw`\b(?:company|applicant|utility|petitioner)['’]s\s+requested\s+(?:(?:annual|base|rate|revenue)\s+){0,2}` +
    String.raw`(?:increase|relief|revenue requirement)\s+(?:of\s+)?$`,
  'i',
);

const REQUEST_CUE =
  /\b(?:request(?:s|ed|ing)?|seek(?:s|ing)?|sought|applie[sd] for|apply for|asks?(?:ed)? for|propos(?:es|ed|ing))\b/i;
const RECOMMEND_CUE = new RegExp(
  String.raw`\b(?:recommend(?:s|ed|ing|ation)?|propose[sd]? instead|` +
    String.raw`should (?:be )?(?:limited|authorized|approved|allowed)|no (?:more|higher) than)\b`,
  'i',
);
const AUTHORIZE_CUE = new RegExp(
  String.raw`\b(?:authori[sz](?:e|ed|es|ing)|approv(?:e|ed|es|ing)|adopt(?:s|ed)?|` +
    String.raw`grant(?:s|ed)?|allow(?:s|ed)?|award(?:s|ed)?)\b`,
  'i',
);

const PARTY_FILINGS = new Set(['testimony', 'brief', 'comment', 'motion', 'stipulation']);
const DECISIONS = new Set(['decision', 'order']);

/**
 * The amount a cue introduces: the first one after the cue with no cut word between them, or, when
 * the cue closes the sentence ("… of $9.8 million is sufficient, and Staff so recommends"), the first
 * one before it.
 */
function amountAfter(sentence: RecordSentence, cue: RegExp, orBefore = true): MoneyFact | undefined {
  const match = cue.exec(sentence.text);
  if (!match) return undefined;
  const from = match.index;
  const money = sentence.facts.filter((fact): fact is MoneyFact => fact.kind === 'money');
  const after = money.find((fact) => fact.start >= from);
  if (after) return CUT_BETWEEN.test(sentence.text.slice(from, after.start)) ? undefined : after;
  if (!orBefore) return undefined;
  const before = money[0];
  return before && !CUT_BETWEEN.test(sentence.text.slice(0, before.start)) ? before : undefined;
}

/** The sentence's only amount, when it is about the increase and says nothing of a cut. */
function soleAmount(sentence: RecordSentence): MoneyFact | undefined {
  const money = sentence.facts.filter((fact): fact is MoneyFact => fact.kind === 'money');
  return money.length === 1 && !CUT_BETWEEN.test(sentence.text) ? money[0] : undefined;
}

/**
 * What the applicant asked for, from the best source the index has: its application (the earliest:
 * the request as filed), else its own later filings, else a decision or another party restating it
 * ("the $25.3 million the Company requested").
 */
export function requestedAmounts(filings: readonly RecordFiling[], applicant: string): KeyFact[] {
  const oldestFirst = [...filings].sort((a, b) => a.filedMs - b.filedMs);
  const isApplicant = (filing: RecordFiling) =>
    applicant !== '' && filerOf(filing.document).toLowerCase() === applicant.toLowerCase();
  const sources: Array<[RecordFiling[], (sentence: RecordSentence) => MoneyFact | undefined]> = [
    [
      oldestFirst.filter((f) => f.category === 'application'),
      (s) => amountAfter(s, REQUEST_CUE) ?? amountAfter(s, /\bincrease\b/i) ?? soleAmount(s),
    ],
    // Its own later filings, where it restates its request (a settlement's numbers are the settlement's).
    [
      oldestFirst.filter((f) => isApplicant(f) && f.category !== 'stipulation'),
      (s) => amountAfter(s, REQUEST_CUE, false),
    ],
    [newestFirst(filings).filter((f) => DECISIONS.has(f.category)), restatedRequest],
    [newestFirst(filings), restatedRequest],
  ];
  for (const [candidates, read] of sources) {
    for (const filing of candidates) {
      for (const sentence of filing.sentences) {
        if (!INCREASE.test(sentence.text) || BILL.test(sentence.text)) continue;
        const amount = read(sentence);
        if (amount)
          return [
            slotFact('requested_amount', 'amount', sentence, factValue(amount), applicant || filerOf(filing.document)),
          ];
      }
    }
  }
  return [];
}

/** An amount another filing says was requested ("rather than the $25.3 million the Company requested"). */
function restatedRequest(sentence: RecordSentence): MoneyFact | undefined {
  return sentence.facts.find(
    (fact): fact is MoneyFact =>
      fact.kind === 'money' &&
      (REQUESTED_AFTER.test(sentence.text.slice(fact.end, fact.end + 60)) ||
        REQUESTED_BEFORE.test(sentence.text.slice(Math.max(0, fact.start - 40), fact.start))),
  );
}

/** What each other party recommends instead: one amount per party, from its latest filing that states one. */
export function recommendedAmounts(filings: readonly RecordFiling[], applicant: string): KeyFact[] {
  const byParty = new Map<string, KeyFact>();
  for (const filing of newestFirst(filings)) {
    if (!PARTY_FILINGS.has(filing.category)) continue;
    const party = filerOf(filing.document);
    // The applicant requests; only the other parties recommend.
    if (party === '' || byParty.has(party.toLowerCase()) || party.toLowerCase() === applicant.toLowerCase()) continue;
    for (const sentence of filing.sentences) {
      if (!INCREASE.test(sentence.text) || BILL.test(sentence.text)) continue;
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
      if (!INCREASE.test(sentence.text) || BILL.test(sentence.text) || SPENT.test(sentence.text)) continue;
      const amount =
        amountAfter(sentence, AUTHORIZE_CUE) ?? (filing.category === 'decision' ? soleAmount(sentence) : undefined);
      if (amount) return [slotFact('approved_amount', 'amount', sentence, factValue(amount), body)];
    }
  }
  return [];
}
