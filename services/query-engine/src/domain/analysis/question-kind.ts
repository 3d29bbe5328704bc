import type { FactSlot, QuestionKind } from './analysis-model';

/**
 * What a question asks for, in the terms an analyst answers it: the kind of answer, and for the
 * kinds that read a proceeding's record, which slots of it (the requested increase, the hearing
 * date, the intervenors, ...). Read from the wording only; the scope is decided elsewhere.
 */
export interface QuestionIntent {
  kind: QuestionKind;
  /** The record's slots the answer leads with, most wanted first. */
  slots: FactSlot[];
  /**
   * Whose position or recommendation is asked about, as written in the question ("Staff", "the Sierra Club");
   * '' for anyone.
   */
  party: string;
  /** The question compares proceedings ("across", "each utility", "compare"). */
  comparison: boolean;
}

const AMOUNT =
  /\$|\b(?:how much|amount|increase|increases|decrease|revenue|revenues|dollars?|million|billion|rate relief|raise)\b/i;
const REQUESTED = new RegExp(
  String.raw`\b(?:request(?:s|ed|ing)?|ask(?:s|ed|ing)? for|seek(?:s|ing)?|sought|appl(?:y|ied|ies) for|` +
    String.raw`propos(?:e|ed|es|ing)|want(?:s|ed)?|file[ds]? for)\b`,
  'i',
);
const RECOMMENDED =
  /\b(?:recommend(?:s|ed|ing|ation|ations)?|propose instead|counter[- ]?propos\w*|suggest(?:s|ed)?)\b/i;
const APPROVED = new RegExp(
  String.raw`\b(?:approv(?:e|ed|es|al)|authori[sz](?:e|ed|es|ation)|grant(?:s|ed)?|allow(?:s|ed)?|award(?:s|ed)?|` +
    String.raw`adopt(?:s|ed)?|final(?:ly)?|got|received|decided|ordered)\b`,
  'i',
);

const DATE = /\b(?:when|what date|which date|dates?|deadline|deadlines|due|schedule[sd]?|scheduling)\b/i;
/** "Has the hearing been held yet?", "Is the hearing still ahead?": a hearing's date asked without "when". */
const HEARING_HAPPENED =
  /\b(?:been held|held yet|take place|took place|taken place|happen(?:s|ed)?|yet|still ahead|upcoming|coming up)\b/i;
const HEARING = /\bhearings?\b/i;
const COMMENTS = /\bcomments?\b/i;
const INTERVENTION_DEADLINE = /\b(?:interven\w*|petitions? to intervene)\b/i;

const PARTIES = new RegExp(
  String.raw`\b(?:who (?:are|were) the parties|which parties|what parties|parties (?:to|in)|` +
    String.raw`interven(?:e|ed|es|ors?|tion|ing)|` +
    String.raw`who (?:intervened|participat\w*|is involved|are involved|takes? part)|participants?)\b`,
  'i',
);
const APPLICANT = new RegExp(
  String.raw`\b(?:(?:who|which (?:company|utility|party|firm|entity))\s+` +
    String.raw`(?:filed|applied|brought|initiated|submitted|started|opened)|` +
    String.raw`applicant|petitioner|complainant|who is the (?:utility|company))\b`,
  'i',
);

const POSITION = new RegExp(
  String.raw`\b(?:argue[sd]?|argument|arguments|position|positions|contend(?:s|ed)?|claim(?:s|ed)?|` +
    String.raw`say|says|said|think|thinks|view|views|oppose[sd]?|support(?:s|ed)?|object(?:s|ed)?|stance|take on)\b`,
  'i',
);
const OUTCOME = new RegExp(
  String.raw`\b(?:decid(?:e|ed|es)|decision|outcome|result|ruled?|ruling|order(?:ed)?|conclude[sd]?|hold|held|` +
    String.raw`disposition|resolved?|approved|denied|dismissed)\b`,
  'i',
);
const COMPARISON = new RegExp(
  String.raw`\b(?:compare[sd]?|comparison|across|versus|vs\.?|each (?:utility|company|proceeding|docket|case)|` +
    String.raw`all (?:the )?(?:rate cases|proceedings|dockets|utilities)|which utilities|which companies)\b`,
  'i',
);

/** "What does Staff recommend", "what did the Sierra Club argue": the party named before the verb. */
const PARTY_BEFORE_VERB = new RegExp(
  String.raw`\b(?:does|did|do|has|have|is|was|will)\s+` +
    String.raw`((?:the\s+)?[A-Z][\w.&'-]*(?:,?\s+(?:of|for|the|and|&|[A-Z][\w.&'-]*))*?)\s+` +
    String.raw`(?:recommend|argue|propose|say|contend|claim|oppose|support|request|want|think|take|seek|` +
    String.raw`testify|object)`,
);
/** "Staff's position", "the Sierra Club's recommendation". */
const POSSESSIVE_PARTY = new RegExp(
  String.raw`\b((?:the\s+)?[A-Z][\w.&-]*(?:\s+(?:of|for|the|and|&|[A-Z][\w.&-]*))*?)['’]s\s+` +
    String.raw`(?:position|positions|recommendation|recommendations|argument|arguments|view|proposal|testimony|brief)`,
);
/** A capitalised name of one or more words, "of", "for", "the", "and" and "&" among them ("the Sierra Club"). */
const PARTY_NAME = String.raw`(?:the\s+)?[A-Z][\w.&'-]*(?:\s+(?:of|for|the|and|&|[A-Z][\w.&'-]*))*`;
/** "the position of the Sierra Club", "recommended by Staff". */
const PARTY_AFTER = new RegExp(
  String.raw`\b(?:position|positions|recommendation|recommendations|arguments?|views?|proposal|testimony|brief) ` +
    String.raw`of (${PARTY_NAME})|\b(?:recommended|proposed|argued|requested) by (${PARTY_NAME})`,
);

/** Question words that the party patterns would otherwise take for a name. */
const NOT_A_PARTY =
  /^(?:the\s+)?(?:what|which|who|how|when|it|they|he|she|this|that|there|docket|commission|company|utility)$/i;

export function readQuestion(question: string): QuestionIntent {
  const comparison = COMPARISON.test(question);
  const party = partyNamed(question);
  const intent = (kind: QuestionKind, slots: FactSlot[]): QuestionIntent => ({ kind, slots, party, comparison });

  if (HEARING.test(question) && HEARING_HAPPENED.test(question) && !AMOUNT.test(question))
    return intent('date', ['hearing_date']);
  if (DATE.test(question) && !/\bhow much\b/i.test(question)) {
    if (HEARING.test(question)) return intent('date', ['hearing_date']);
    if (COMMENTS.test(question)) return intent('date', ['comment_deadline']);
    if (INTERVENTION_DEADLINE.test(question)) return intent('date', ['intervention_deadline']);
    if (/\b(?:decision|decided|order)\b/i.test(question)) return intent('date', ['decision_date']);
    if (/\bwhen\b/i.test(question) && !AMOUNT.test(question))
      return intent('date', ['hearing_date', 'comment_deadline', 'intervention_deadline']);
  }
  if (AMOUNT.test(question)) {
    if (RECOMMENDED.test(question)) return intent('amount', ['recommended_amount']);
    if (APPROVED.test(question) && !REQUESTED.test(question)) return intent('amount', ['approved_amount']);
    if (REQUESTED.test(question)) return intent('amount', ['requested_amount']);
    return intent('amount', ['requested_amount', 'recommended_amount', 'approved_amount']);
  }
  if (APPLICANT.test(question) && !PARTIES.test(question)) return intent('parties', ['applicant']);
  if (PARTIES.test(question)) return intent('parties', ['intervenor', 'applicant', 'staff']);
  if (RECOMMENDED.test(question) || (party !== '' && POSITION.test(question))) return intent('position', []);
  if (POSITION.test(question) && /\b(?:argue|argued|argues|position|positions|contend|arguments?)\b/i.test(question))
    return intent('position', []);
  if (OUTCOME.test(question)) return intent('outcome', ['outcome', 'approved_amount']);
  return intent('general', []);
}

function partyNamed(question: string): string {
  const match = PARTY_BEFORE_VERB.exec(question) ?? POSSESSIVE_PARTY.exec(question) ?? PARTY_AFTER.exec(question);
  const name = (match?.[1] ?? match?.[2] ?? '').trim();
  const bare = name.replace(/^the\s+/i, '').replace(/[.,;:?!]+$/u, '');
  return bare === '' || NOT_A_PARTY.test(bare) ? '' : bare;
}
