import type { KeyFact } from '../analysis-model';
import { filerOf, type RecordFiling, type RecordSentence } from './record-sentences';
import { slotFact } from './slot-fact';

/** Where a decision starts deciding: its ordering paragraphs, or a court's closing reasons. */
const ORDERING = /\b(?:it is (?:hereby )?ordered|for the (?:foregoing|reasons stated)|so ordered)\b/i;
/**
 * Dispositions, the most specific first: a sentence saying "the motion to withdraw is granted; the
 * application is withdrawn" is a withdrawal, and "approved as modified" is more than "approved".
 * Each is written in its canonical form when it has several phrasings.
 */
const DISPOSITIONS: Array<[RegExp, string]> = [
  [/\bwithdrawn\b/i, 'withdrawn'],
  [/\bgranted in part and denied in part\b/i, 'granted in part and denied in part'],
  [/\bapproved as modified\b/i, 'approved as modified'],
  [/\bapproved,? subject to (?:the )?conditions\b|\bapproved with conditions\b/i, 'approved with conditions'],
  [/\bapproved in part\b/i, 'approved in part'],
  [/\bsustained in part\b/i, 'sustained in part'],
  [/\bvacated and remanded\b/i, 'vacated and remanded'],
  [/\bdismissed\b/i, 'dismissed'],
  [/\bdenied\b/i, 'denied'],
  [/\bsustained\b/i, 'sustained'],
  [/\b(?:approved|authorized)\b/i, 'approved'],
  [/\badopt(?:ed)?\b/i, 'adopted'],
  [/\bgranted\b/i, 'granted'],
  [/\b(?:vacated|remanded|affirmed|reversed|rejected)\b/i, ''],
];
/** What the disposition must be of: the case itself, not a side motion ("The motion of X concerning … is granted"). */
const SIDE_MATTER =
  /\b(?:motion of|motions not previously|petition to intervene|compliance tariff|procedural schedule)\b/i;

/**
 * What the decision-maker decided, from its latest decision: the first ordering sentence that
 * disposes of the case ("Ameren Illinois is authorized to increase …", "The complaint … is dismissed").
 */
export function outcomes(filings: readonly RecordFiling[]): KeyFact[] {
  const decisions = filings.filter((f) => f.category === 'decision').sort((a, b) => b.filedMs - a.filedMs);
  for (const filing of decisions) {
    const found = disposition(filing.sentences);
    if (found)
      return [
        slotFact(
          'outcome',
          'outcome',
          found.sentence,
          { text: found.text, normalized: found.normalized },
          filerOf(filing.document),
        ),
      ];
  }
  return [];
}

function disposition(
  sentences: readonly RecordSentence[],
): { sentence: RecordSentence; text: string; normalized: string } | undefined {
  // The last opening: a decision may quote an earlier order's "IT IS ORDERED" in its history.
  const from = sentences.findLastIndex((s) => ORDERING.test(s.text));
  const ordering = from >= 0 ? sentences.slice(from) : [];
  for (const sentence of ordering) {
    if (SIDE_MATTER.test(sentence.text)) continue;
    for (const [pattern, canonical] of DISPOSITIONS) {
      const match = pattern.exec(sentence.text);
      if (!match) continue;
      // A rulemaking's decision adopts rules; anything else adopted is the case's disposition.
      const normalized =
        canonical === 'adopted' && /\brules?\b/i.test(sentence.text)
          ? 'rules adopted'
          : canonical || match[0].toLowerCase();
      return { sentence, text: match[0], normalized };
    }
  }
  return undefined;
}
