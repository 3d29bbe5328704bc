import type { DateFact } from '@docket/text-facts';
import type { FactSlot, KeyFact } from '../analysis-model';
import { filerOf, type RecordFiling, type RecordSentence } from './record-sentences';
import { factValue, slotFact } from './slot-fact';

type ScheduleSlot = Extract<FactSlot, 'hearing_date' | 'comment_deadline' | 'intervention_deadline'>;

/** What a sentence must speak of for each date of the schedule. */
const SLOT_CUES: Record<ScheduleSlot, RegExp> = {
  hearing_date: /\b(?:evidentiary\s+)?hearings?\b/i,
  comment_deadline: /\bcomments?\b/i,
  intervention_deadline: /\b(?:interven\w*|petitions? to intervene)\b/i,
};

/** A date that is set, not recalled: "will be held on", "is due", "no later than", "set for", "rescheduled to". */
const SETS_A_DATE = new RegExp(
  String.raw`^\s*(?:evidentiary\s+)?hearings?:|` +
    String.raw`\b(?:will (?:be held|begin|commence|convene|take place)|` +
    String.raw`shall (?:be (?:held|filed|due)|begin|commence|file)|(?:is|are) (?:due|set|scheduled|rescheduled)|` +
    String.raw`set for|scheduled (?:for|to begin on)|rescheduled (?:for|to)|(?:is|are) hereby (?:set|scheduled)|` +
    String.raw`no later than|not later than|on or before|due (?:on|by)|to begin on|beginning on|commencing on|` +
    String.raw`may (?:file|be filed|speak)|deadline)\b`,
  'i',
);

/** Sentences of other slots that mention hearings in passing ("Parties wishing to intervene … before the hearing"). */
const EXCLUDES: Record<ScheduleSlot, RegExp | null> = {
  hearing_date: /\b(?:comments?|interven\w*|accommodation)\b/i,
  comment_deadline: /\b(?:interven\w*|accommodation)\b/i,
  intervention_deadline: /\baccommodation\b/i,
};

/** A sentence that moves a date: the new one is its last ("previously set for May 6 is rescheduled to June 3"). */
const MOVES_A_DATE = /\b(?:previously|rescheduled|moved|no longer|postponed|continued|instead of|rather than)\b/i;

/**
 * The date a filing sets for the slot: the first full date of a sentence that sets one
 * (the last, when the sentence moves it).
 */
function dateSetIn(filing: RecordFiling, slot: ScheduleSlot): { sentence: RecordSentence; date: DateFact } | undefined {
  for (const sentence of filing.sentences) {
    if (!SLOT_CUES[slot].test(sentence.text) || !SETS_A_DATE.test(sentence.text)) continue;
    const exclude = EXCLUDES[slot];
    if (exclude && exclude.test(sentence.text)) continue;
    const dates = sentence.facts.filter((fact): fact is DateFact => fact.kind === 'date' && fact.value.length === 10);
    const date = MOVES_A_DATE.test(sentence.text) ? dates.at(-1) : dates[0];
    if (date) return { sentence, date };
  }
  return undefined;
}

/**
 * The dates of the schedule for one slot as filings state them over time: the latest filing that
 * states one gives the date in force ('current'); every earlier date it replaced is 'superseded'.
 * Newest first; one fact per distinct date.
 */
export function scheduleDates(filings: readonly RecordFiling[], slot: ScheduleSlot): KeyFact[] {
  // The decision-maker sets the schedule, but any filing restating it ("the hearing set for March 20")
  // tells what was in force on its day.
  const set = filings
    .flatMap((filing) => {
      const found = dateSetIn(filing, slot);
      return found ? [{ filing, ...found }] : [];
    })
    .sort((a, b) => b.filing.filedMs - a.filing.filedMs);
  const facts: KeyFact[] = [];
  const seen = new Set<string>();
  for (const [index, entry] of set.entries()) {
    if (seen.has(entry.date.value)) continue;
    seen.add(entry.date.value);
    facts.push(
      slotFact(
        slot,
        'deadline',
        entry.sentence,
        factValue(entry.date),
        filerOf(entry.filing.document),
        index === 0 ? 'current' : 'superseded',
      ),
    );
  }
  return facts;
}

/** When the decision was issued: the latest decision's date as its text states it ("Dated …", "Issued …"). */
export function decisionDate(filings: readonly RecordFiling[]): KeyFact[] {
  const decision = filings.filter((f) => f.category === 'decision').sort((a, b) => b.filedMs - a.filedMs)[0];
  if (!decision) return [];
  for (const sentence of [...decision.sentences].reverse()) {
    if (!/\b(?:dated|issued|adopted|effective today)\b/i.test(sentence.text)) continue;
    const date = sentence.facts.find((fact): fact is DateFact => fact.kind === 'date' && fact.value.length === 10);
    if (date)
      return [slotFact('decision_date', 'date', sentence, factValue(date), filerOf(decision.document), 'current')];
  }
  return [];
}
