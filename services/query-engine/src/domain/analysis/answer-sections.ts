import type { AnalysisSection, AnalysisSentence } from './analysis-model';
import { DECISION_ADVERBS, HOLDING, POSITION_STATEMENT } from './question-profile';

export const SECTION_HEADINGS = {
  findings: 'Key findings',
  procedure: 'Procedural posture / Status',
  positions: 'Positions of the parties',
  dates: 'Dates and deadlines',
} as const;

export type SectionKey = keyof typeof SECTION_HEADINGS;

// The decision-maker speaking: what it says is a finding or a ruling, not a party's position.
const DECISION_MAKER = new RegExp(
  `\\b(?:the\\s+)?(?:commission|court|board|panel|presiding (?:officer|judge)|administrative law judge|alj|we)\\s+` +
    `${DECISION_ADVERBS}(?:finds?|found|conclude[sd]?|approve[sd]?|authorize[sd]?|adopt(?:s|ed)?|agree[sd]?|` +
    `determine[sd]?|hold|holds|held|order(?:s|ed)?|grant(?:s|ed)?|den(?:y|ies|ied)|reject(?:s|ed)?|accept(?:s|ed)?|` +
    `affirm(?:s|ed)?|reverse[sd]?|vacate[sd]?|direct(?:s|ed)?|require[sd]?|decline[sd]?|dismiss(?:es|ed)?)\\b`,
  'i',
);
// A party's claim, request or testimony.
// What was decided on the merits.
// ("held" alone is not one: "hearings were held"; a holding needs its court: "we hold", see HOLDING.)
const FINDING = new RegExp(
  String.raw`\b(?:finds?|found that|conclude[sd]?|approve[sd]?|approval|authorize[sd]?|adopt(?:s|ed)?|` +
    String.raw`determine[sd]?|just and reasonable|prudent(?:ly)?|in the public interest|` +
    String.raw`(?:it )?is (?:hereby )?ordered)\b`,
  'i',
);
// Where the proceeding stands.
const PROCEDURE = new RegExp(
  String.raw`\b(?:motions?|hearings?|procedural|schedule[sd]?|remand(?:s|ed)?|affirm(?:s|ed)?|revers(?:e|es|ed)|` +
    String.raw`vacate[sd]?|dismiss(?:es|ed|al)?|pending|stay(?:s|ed)?|appeal(?:s|ed)?|` +
    String.raw`petition for (?:review|rehearing)|rehearing|interven(?:e|es|ed|tion|tions|ors?)|docketed|instituted|` +
    String.raw`initiated|suspend(?:s|ed)?|settlement (?:conference|discussions)|technical conference|briefing|` +
    String.raw`discovery|withdr[ae]wn?|closed|compliance filing|granted|denied)\b`,
  'i',
);
// A date with a word that makes it a deadline or a point in force.
const DEADLINE = new RegExp(
  String.raw`\b(?:due|deadline|no later than|not later than|on or before|effective|expires?|comment period|` +
    String.raw`reply comments|initial comments|protests?|interventions?)\b`,
  'i',
);
// A written month and day, an ISO date or a numeric one.
const HAS_DATE = new RegExp(
  String.raw`\b(?:January|February|March|April|May|June|July|August|September|October|November|December|` +
    String.raw`Jan\.|Feb\.|Mar\.|Apr\.|Aug\.|Sept?\.|Oct\.|Nov\.|Dec\.)\s+\d|` +
    String.raw`\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b`,
);
const SUBSTANTIVE_DECISION = /\b(?:approve[sd]?|authorize[sd]?|adopt(?:s|ed)?|finds?|conclude[sd]?)\b/i;

/**
 * The section a sentence belongs in, by the first rule that fits:
 * 1. a party's claim or request, not said by the decision-maker → positions of the parties;
 * 2. a date with a deadline word ("due", "no later than", "effective") and no decision on the
 *    merits in the same sentence → dates and deadlines;
 * 3. a decision on the merits ("finds", "approves", "just and reasonable", "we hold") → key findings;
 * 4. a procedural event (motion, hearing, remand, intervention) → procedural posture / status;
 * 5. anything else → key findings.
 */
export function sectionOf(text: string): SectionKey {
  const byDecisionMaker = DECISION_MAKER.test(text);
  if (!byDecisionMaker && POSITION_STATEMENT.test(text)) return 'positions';
  if (HAS_DATE.test(text) && DEADLINE.test(text) && !SUBSTANTIVE_DECISION.test(text)) return 'dates';
  if (
    FINDING.test(text) ||
    (HOLDING.test(text) &&
      !/\b(?:grant|grants|deny|denies|affirm|affirms|reverse|reverses|vacate|vacates|remand|remands)\b/i.test(text))
  )
    return 'findings';
  if (PROCEDURE.test(text)) return 'procedure';
  return 'findings';
}

/**
 * Groups sentences (best first) into sections; a section keeps its sentences' order, and the
 * sections follow their best sentence, so the answer opens with what answers the question best
 * (a deadline question opens with "Dates and deadlines"). Empty sections are left out.
 */
export function groupIntoSections(
  sentences: readonly AnalysisSentence[],
  keyOf: (sentence: AnalysisSentence) => SectionKey = (s) => sectionOf(s.text),
): AnalysisSection[] {
  const grouped = new Map<SectionKey, AnalysisSentence[]>();
  for (const sentence of sentences) {
    const key = keyOf(sentence);
    grouped.set(key, [...(grouped.get(key) ?? []), sentence]);
  }
  return [...grouped].map(([key, members]) => ({ heading: SECTION_HEADINGS[key], sentences: members }));
}
