import type { FilingCategoryName } from './filing-category';

/** What a filing's type is read from, strongest first. */
export interface FilingEvidence {
  title?: string;
  /** The source's own name for the type (a sidecar's filingType, a connector's field). */
  nativeType?: string;
  /** The first page's text: its heading names the filing when neither of the above does. */
  firstPage?: string;
}

/** Raised when the rules change what they assign: stored documents are then given their new types again. */
export const FILING_CLASSIFIER_VERSION = 2;

export interface FilingClassification {
  category: FilingCategoryName;
  /** What decided it: a reader (and eval:classify) can tell a type read from a title from a guess. */
  basis: 'title' | 'native type' | 'first page' | 'none';
}

/**
 * Assigns one of the filing types (filing-category.ts) from the words a filing is named by: the type
 * is what its name starts with ("Letter Order Granting…", "Petition to Intervene of…", "MOTION to
 * Dismiss"), once modifiers such as "Amended" or "Joint" are set aside. The title speaks first (it is
 * the most specific: a source's native type "Order" covers both procedural orders and final ones at
 * some commissions), then the native type, then the first page's heading lines.
 */
export function classifyFiling(evidence: FilingEvidence): FilingClassification {
  const fromTitle = evidence.title ? typeOfName(evidence.title) : undefined;
  if (fromTitle) return { category: fromTitle, basis: 'title' };
  const fromNative = evidence.nativeType ? typeOfName(evidence.nativeType) : undefined;
  if (fromNative) return { category: fromNative, basis: 'native type' };
  for (const line of headingLines(evidence.firstPage ?? '')) {
    const fromHeading = typeOfName(line);
    if (fromHeading) return { category: fromHeading, basis: 'first page' };
  }
  return { category: 'Other', basis: 'none' };
}

// Words that qualify a filing's name without changing its type.
const MODIFIERS = new RegExp(
  String.raw`^(?:\*+\s*sealed\s*\*+|(?:sealed|restricted|amended|corrected|revised|supplemental|joint|unopposed|` +
    String.raw`agreed|consent(?:ed)?|emergency|expedited|first|second|third|renewed|verified|redacted|` +
    String.raw`public version of|` +
    String.raw`(?:defendant|plaintiff|debtor|petitioner|respondent|appellant|appellee)(?:'s|s'|s)?)\b)[\s,:-]*`,
  'i',
);

// First match wins, on the name's start: the more specific names come first ("Motion for Summary
// Judgment" is a Motion, "Memorandum Opinion" a Decision, "Reply Memorandum" a Brief).
const NAME_RULES: Array<[RegExp, FilingCategoryName | 'order or decision']> = [
  [
    new RegExp(
      String.raw`^(?:motions?|petition (?:to|for leave to) intervene|` +
        String.raw`request (?:for|to) (?:rehearing|reconsideration|intervene|leave)|` +
        String.raw`(?:application|petition) for (?:rehearing|reconsideration)|notice of intervention)\b`,
    ),
    'Motion',
  ],
  [
    new RegExp(
      String.raw`^(?:memorandum opinion|opinion(?: and order)?|(?:proposed |initial |recommended |final )*decision|` +
        String.raw`(?:proposed )?final order|proposed (?:opinion and )?order(?: adopting)?|judgment)\b`,
    ),
    'Decision',
  ],
  [
    new RegExp(
      String.raw`^(?:(?:initial|opening|reply|amicus|answering|post-hearing|responsive) )*brief|` +
        String.raw`^memorandum (?:of law|in (?:support|opposition))|^reply memorandum|` +
        String.raw`^(?:answer|response|reply|opposition|objection)s?\b(?! comments)`,
    ),
    'Brief',
  ],
  [
    new RegExp(
      String.raw`^(?:(?:prepared|pre-filed|direct|rebuttal|surrebuttal|supplemental|cross-answering) )*testimony|` +
        String.raw`^(?:declaration|affidavit|expert report|exhibit)s?\b`,
    ),
    'Testimony',
  ],
  [/^(?:stipulation|settlement agreement|offer of settlement|(?:plan and )?settlement)\b/, 'Stipulation'],
  [/^(?:tariff|advice letter|compliance filing|rate schedule)\b/, 'Tariff'],
  [/^(?:(?:initial|reply|public) )?comments?\b|^protest\b|^letter\b(?! order)/, 'Comment'],
  [
    new RegExp(
      String.raw`^(?:(?:errata )?notice|notification|statement of issues|certified index|certificate(?: of service)?|` +
        String.raw`summons|transcript|minute entry|hearing (?:held|set)|receipt)\b`,
    ),
    'Notice',
  ],
  // An order that opens a proceeding (a commission's Order Instituting Rulemaking) is its application.
  [/^order instituting\b/, 'Application'],
  [
    /^(?:(?:letter|clerk|minute|scheduling|procedural|protective|text|bench) )?(?:order|ruling)s?\b/,
    'order or decision',
  ],
  [/^(?:application|(?:voluntary )?petition|complaint)s?\b/, 'Application'],
];

// An order or ruling is a Decision when it disposes of the case on its merits; these say it does not.
const PROCEDURAL = new RegExp(
  String.raw`\b(?:procedur\w*|schedul\w*|scope|confidential\w*|protective|motions?|compel|interven\w*|` +
    String.raw`compliance filing|rehearing|discovery|extension|continu\w*|consolidat\w*|prehearing|conference|` +
    String.raw`briefing|appearance|pro hac vice|hearing|compensation|fees|employ\w*|retention|retain\w*|seal\w*|` +
    String.raw`stay|deadlines?)\b`,
);
const MERITS = new RegExp(
  String.raw`\b(?:approv\w*|grant\w*|deny\w*|denie\w*|reject\w*|dismiss\w*|sustain\w*|authoriz\w*|adopt\w*|` +
    String.raw`accept\w*|resolv\w*|clos\w*|interim issues|final)\b`,
);

/** The filing type a name starts with, or undefined when it starts with none (a case caption, say). */
export function typeOfName(name: string): FilingCategoryName | undefined {
  let phrase = name.trim().toLowerCase().replace(/\s+/g, ' ');
  for (let previous = ''; previous !== phrase;) {
    previous = phrase;
    phrase = phrase.replace(MODIFIERS, '');
  }
  const rule = NAME_RULES.find(([pattern]) => pattern.test(phrase));
  if (!rule) return typeAfterCaption(phrase);
  if (rule[1] !== 'order or decision') return rule[1];
  // What an order does is said before any parenthesis, which names the topic ("(Line Extension Allowances)").
  const action = phrase.replace(/\s*\(.*$/, '');
  return MERITS.test(action) && !PROCEDURAL.test(action) ? 'Decision' : 'Order';
}

/**
 * A name that starts with the proceeding's caption: the type may follow a colon ("Sierra Club v.
 * Acme Power: Complaint Regarding…"), or the name is the proceeding's own (a rulemaking, an
 * investigation, "In the Matter of…"), which is what the filing that opens it is called.
 */
function typeAfterCaption(phrase: string): FilingCategoryName | undefined {
  const colon = phrase.indexOf(': ');
  if (colon > 0) {
    const after = typeOfName(phrase.slice(colon + 2));
    if (after) return after;
  }
  // A rulemaking, an investigation, "In the Matter of…", a rate case.
  const proceeding = new RegExp(
    String.raw`^(?:rulemaking|proceeding|investigation|inquiry|in the matter of)\b|` +
      String.raw`(?:^|: )(?:general )?(?:section \d+ )?rate case\b`,
  );
  return proceeding.test(phrase) ? 'Application' : undefined;
}

/** The short lines near the top of a first page, where a filing's name stands under its caption. */
function headingLines(firstPage: string): string[] {
  return (
    firstPage
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line.length > 0 && line.length <= 160)
      .slice(0, 20)
      // A caption line names the proceeding, not the filing ("In the Matter of the Application of…").
      .filter(
        (line) => !/^(?:in (?:the matter|re)\b|re:|before\b|docket|case|no\.|civil action|on petition)/i.test(line),
      )
  );
}
