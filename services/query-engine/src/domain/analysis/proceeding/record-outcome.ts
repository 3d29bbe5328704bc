import type { KeyFact } from '../analysis-model';
import { filerOf, type RecordFiling, type RecordSentence } from './record-sentences';
import { slotFact } from './slot-fact';

/** Where a decision starts deciding: its ordering paragraphs, or a court's closing reasons. */
const ORDERING = /\b(?:it is (?:hereby )?ordered|for the (?:foregoing|reasons stated)|accordingly|we therefore|so ordered)\b/i;
/** The disposition, longest phrasing first so "approved as modified" wins over "approved". */
const DISPOSITION = /\b(?:granted in part and denied in part|approved as modified|approved in part|sustained in part|granted in part|denied in part|approved|authorized|adopted|granted|denied|dismissed|sustained|rejected|vacated and remanded|vacated|remanded|affirmed|reversed|withdrawn)\b/i;
/** What the disposition must be of: the case itself, not a side motion ("The motion of X concerning … is granted"). */
const SIDE_MATTER = /\b(?:motion of|motions not previously|petition to intervene|compliance tariff|procedural schedule)\b/i;

/**
 * What the decision-maker decided, from its latest decision: the first ordering sentence that
 * disposes of the case ("Ameren Illinois is authorized to increase …", "The complaint … is dismissed").
 */
export function outcomes(filings: readonly RecordFiling[]): KeyFact[] {
  const decisions = filings.filter((f) => f.category === 'decision').sort((a, b) => b.filedMs - a.filedMs);
  for (const filing of decisions) {
    const found = disposition(filing.sentences);
    if (found) return [slotFact('outcome', 'outcome', found.sentence, { text: found.text, normalized: found.text.toLowerCase() }, filerOf(filing.document))];
  }
  return [];
}

function disposition(sentences: readonly RecordSentence[]): { sentence: RecordSentence; text: string } | undefined {
  const from = sentences.findIndex((s) => ORDERING.test(s.text));
  const ordering = from >= 0 ? sentences.slice(from) : [];
  for (const sentence of ordering) {
    if (SIDE_MATTER.test(sentence.text)) continue;
    const match = DISPOSITION.exec(sentence.text);
    if (match) return { sentence, text: match[0] };
  }
  return undefined;
}
