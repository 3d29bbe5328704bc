/**
 * What a litigator asks first about a case, read from the question's wording: which judge, when it
 * was filed or ended, its nature of suit, cause, jurisdiction, jury demand or court, who the parties
 * are (of one role or all), who represents a party, what entry N is, and the latest entry. Which case
 * is meant is decided elsewhere (by its docket number or name).
 */
export type CaseFact =
  | 'judge'
  | 'referred_judge'
  | 'date_filed'
  | 'date_terminated'
  | 'nature_of_suit'
  | 'cause'
  | 'jurisdiction'
  | 'jury_demand'
  | 'court'
  | 'parties'
  | 'attorneys'
  | 'entry'
  | 'latest_entry';

export interface CaseAsk {
  fact: CaseFact;
  /** The entry asked for ('entry'): its number as the docket writes it. */
  entryNumber: string;
  /** The party role asked about ("plaintiff", "debtor"), '' for every party. */
  role: string;
  /** Words that may name the party whose attorneys are asked for ('attorneys'), as written. */
  partyWords: string;
}

const ENTRY = /\b(?:docket\s+)?(?:entry|document|doc\.?|ECF)\s*(?:no\.?|number|#)?\s*(\d{1,5})\b/iu;
const LATEST_ENTRY = new RegExp(
  String.raw`\b(?:latest|last|most recent(?:ly)?|newest|final)\b[^?]*` +
    String.raw`\b(?:entry|entries|filing|filed|docketed|activity|happened|event)\b|` +
    String.raw`\bwhat happened (?:most )?recently\b`,
  'iu',
);
const REFERRED = /\b(?:referred|magistrate)\b/iu;
const JUDGE = /\b(?:judges?|assigned|presid(?:es|ing)|hears? (?:the|this) case|justice)\b/iu;
const TERMINATED = /\b(?:terminat\w*|closed?|dismiss\w*|ended|end|concluded|disposed|resolved)\b/iu;
const FILED =
  /\b(?:filed|file|commenced|opened|begin|began|start(?:ed)?|brought|date filed|filing date|initiated|docketed)\b/iu;
const WHEN = /\b(?:when|what date|which date|date|how long ago)\b/iu;
const NATURE =
  /\bnature of (?:the )?suit\b|\bwhat (?:kind|type|sort) of (?:case|suit|action|lawsuit)\b|\bcase type\b/iu;
const CAUSE = /\bcause(?: of action)?\b|\bunder (?:what|which) (?:statute|law)\b|\bstatut\w+ basis\b/iu;
const JURISDICTION = /\bjurisdiction(?:al)?\b/iu;
const JURY = /\bjury\b/iu;
const COURT = new RegExp(
  String.raw`\b(?:which|what|in what|in which) court\b|\bcourt (?:is|was) (?:it|the case|this case)\b|` +
    String.raw`\bwhere (?:is|was) (?:the case|it|this case)\b`,
  'iu',
);
const ATTORNEYS = /\b(?:attorneys?|counsel|lawyers?|represent(?:s|ed|ing|ation|atives?)?|law firms?)\b/iu;
const ROLE = new RegExp(
  String.raw`\b(plaintiffs?|defendants?|petitioners?|respondents?|appellants?|appellees?|debtors?|creditors?|` +
    String.raw`trustees?|intervenors?|claimants?|movants?|third[- ]party defendants?|counter[- ]?claimants?|` +
    String.raw`counter[- ]?defendants?)\b`,
  'iu',
);
const PARTIES = new RegExp(
  String.raw`\bparties\b|` +
    String.raw`\bwho (?:is|are|was|were) (?:the )?(?:plaintiffs?|defendants?|petitioners?|respondents?|appellants?|` +
    String.raw`appellees?|debtors?|creditors?|trustees?|intervenors?)\b|` +
    String.raw`\bwho (?:is|are|was|were) (?:suing|sued|being sued|involved)\b|\bwho (?:sued|brought|filed)\b`,
  'iu',
);

/** The case fact the question asks for, or undefined when it asks nothing a docket's structure answers. */
export function readCaseQuestion(question: string): CaseAsk | undefined {
  const ask = (fact: CaseFact, extra: Partial<CaseAsk> = {}): CaseAsk => ({
    fact,
    entryNumber: '',
    role: '',
    partyWords: '',
    ...extra,
  });
  const entry = ENTRY.exec(question);
  if (entry && !LATEST_ENTRY.test(question)) return ask('entry', { entryNumber: String(Number(entry[1])) });
  if (LATEST_ENTRY.test(question)) return ask('latest_entry');
  if (ATTORNEYS.test(question)) return ask('attorneys', { role: roleIn(question), partyWords: partyWordsIn(question) });
  if (REFERRED.test(question) && JUDGE.test(question)) return ask('referred_judge');
  if (JUDGE.test(question)) return ask('judge');
  if (NATURE.test(question)) return ask('nature_of_suit');
  if (CAUSE.test(question)) return ask('cause');
  if (JURISDICTION.test(question)) return ask('jurisdiction');
  if (JURY.test(question)) return ask('jury_demand');
  if (WHEN.test(question) && TERMINATED.test(question)) return ask('date_terminated');
  if (WHEN.test(question) && FILED.test(question)) return ask('date_filed');
  if (PARTIES.test(question)) return ask('parties', { role: roleIn(question) });
  if (COURT.test(question)) return ask('court');
  return undefined;
}

/** "the plaintiffs" → "plaintiff": the role named, singular and lower case. */
function roleIn(question: string): string {
  const role = ROLE.exec(question)?.[1]?.toLowerCase() ?? '';
  return role.replace(/s$/u, '').replace(/[- ]/gu, ' ');
}

const REPRESENTED_PARTY = new RegExp(
  String.raw`\b(?:represents?|representing|counsel for|attorneys? for|lawyers? for|attorneys? of|counsel of|` +
    String.raw`lawyers? of|represented)\s+(.+?)(?:\s+(?:in|on|at|before)\s+|\?|$)`,
  'iu',
);

/** "Who represents Yahoo! Inc. in …" → the words after the verb or "for"/"of", up to " in "/" on ". */
function partyWordsIn(question: string): string {
  const match = REPRESENTED_PARTY.exec(question);
  return match?.[1]?.trim() ?? '';
}
