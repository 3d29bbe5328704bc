import { readQuestion } from './question-kind';
import { contentTerms, stemPrefixes } from './text-terms';

/**
 * A pseudo-term carried by sentences that state a holding or ruling ("we hold", "the Commission
 * approves", "IT IS ORDERED"): a question about what was decided asks for it, so a court's holding
 * is found even when it shares no word with the question. BM25 weighs it like any rare term.
 */
export const HOLDING_TERM = '\u27e8holding\u27e9';
/**
 * Adverbs that may stand between a decision-maker and its verb ("we therefore hold");
 * "to" may not ("urge the Commission to approve").
 */
export const DECISION_ADVERBS =
  '(?:(?:also|hereby|therefore|further|accordingly|thus|now|today|expressly|unanimously|respectfully|' +
  'nonetheless|nevertheless)\\s+)?';
export const HOLDING = new RegExp(
  `\\b(?:we|the (?:court|commission|board|panel))\\s+${DECISION_ADVERBS}` +
    `(?:hold|holds|held|find|finds|conclude[sd]?|grant|grants|deny|denies|affirm|affirms|reverse|reverses|` +
    `vacate|vacates|remand|remands|approve[sd]?|adopt(?:s|ed)?|authorize[sd]?)\\b|` +
    `\\bit is (?:hereby )?ordered\\b|\\bso ordered\\b`,
  'i',
);

/**
 * A pseudo-term carried by sentences that state a party's position ("Staff recommends", "the Sierra
 * Club argues"): a question about what a party argues asks for it, so the party's claims are found
 * even when they share no word with the question but its name.
 */
export const POSITION_TERM = '\u27e8position\u27e9';
export const POSITION_STATEMENT = new RegExp(
  String.raw`\b(?:argue[sd]?|contend(?:s|ed)?|assert(?:s|ed)?|maintain(?:s|ed)?|urge[sd]?|recommend(?:s|ed)?|` +
    String.raw`propose[sd]?|oppose[sd]?|object(?:s|ed)?|request(?:s|ed)?|submit(?:s|ted)? that|claim(?:s|ed)?|` +
    String.raw`allege[sd]?|testif(?:y|ies|ied)|respond(?:s|ed)?|disagree[sd]?|points? out|seek(?:s)?|sought|` +
    String.raw`position is)\b`,
  'i',
);
/** How much more a word of the party whose position is asked weighs than the question's other words. */
const SPEAKER_WEIGHT = 3;
const WANTS_POSITION = new RegExp(
  String.raw`\b(?:argu\w*|positions?|contend\w*|recommend\w*|views?|think|thinks|say|says|said|stance|` +
    String.raw`oppos\w*|object\w*|claim\w*|propos\w*)\b`,
  'i',
);

/** What a question asks for, as the sentence ranking uses it. */
export interface QuestionProfile {
  /** Stem → weight: 1 for the question's own words, 0.5 for the few expansions below. */
  terms: Map<string, number>;
  /** First letters of the stems (words starting otherwise cannot match: they are not stemmed). */
  prefixes: Set<string>;
  /** Kinds of fact the question asks about; sentences stating one rank higher. */
  wants: { amount: boolean; percentage: boolean; date: boolean; decision: boolean };
}

/**
 * Regulatory near-synonyms (by stem) that a question and a filing often use for one another
 * ("approve" / "authorize", "deadline" / "due"). Small on purpose: each one is a claim about usage.
 */
const EXPANSIONS: Record<string, string[]> = {
  approv: ['authoriz', 'adopt', 'grant'],
  authoriz: ['approv'],
  increas: ['rais', 'increment'],
  decreas: ['reduct', 'reduc', 'lower'],
  reduct: ['decreas', 'reduc'],
  deadlin: ['due'],
  due: ['deadlin'],
  roe: ['equiti'],
  penalti: ['fine', 'sanction'],
  fine: ['penalti'],
  rule: ['decid', 'hold'],
  decid: ['decis', 'conclud', 'hold', 'find', 'rule'],
  decis: ['decid', 'conclud', 'hold', 'find'],
};

const WANTS_AMOUNT = new RegExp(
  String.raw`\$|\b(?:how much|amount|cost|costs|increase|decrease|revenue|revenues|dollars?|million|billion|` +
    String.raw`refunds?|penalt(?:y|ies)|fines?|budget|price|charges?|bill|requirement)\b`,
  'i',
);
const WANTS_PERCENTAGE = /%|\b(?:percent|percentage|return on equity|roe|rate of return|share|margin)\b/i;
const WANTS_DATE = /\b(when|date|dates|deadline|deadlines|due|effective|schedule|scheduled|hearing|until|by when)\b/i;
const WANTS_DECISION = new RegExp(
  String.raw`\b(approv\w*|authoriz\w*|decid\w*|decision|rul(?:e|ed|ing)|held|hold|find|found|grant\w*|` +
    String.raw`den(?:y|ied)|order\w*|outcome|result|conclud\w*|adopt\w*)\b`,
  'i',
);

export function profileQuestion(question: string): QuestionProfile {
  const terms = new Map<string, number>();
  for (const term of contentTerms(question)) terms.set(term, 1);
  for (const term of [...terms.keys()]) {
    for (const related of EXPANSIONS[term] ?? []) if (!terms.has(related)) terms.set(related, 0.5);
  }
  const decision = WANTS_DECISION.test(question);
  if (decision && terms.size > 0) terms.set(HOLDING_TERM, 1);
  if (WANTS_POSITION.test(question) && terms.size > 0) {
    terms.set(POSITION_TERM, 1);
    // "What does Staff argue?": the claims of the party named, before everyone else's.
    for (const term of contentTerms(readQuestion(question).party)) if (terms.has(term)) terms.set(term, SPEAKER_WEIGHT);
  }
  return {
    terms,
    prefixes: stemPrefixes([...terms.keys()].filter((term) => term !== HOLDING_TERM && term !== POSITION_TERM)),
    wants: {
      amount: WANTS_AMOUNT.test(question),
      percentage: WANTS_PERCENTAGE.test(question),
      date: WANTS_DATE.test(question),
      decision,
    },
  };
}
