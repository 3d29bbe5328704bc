/**
 * Scores one answer against what the generated corpus knows of the proceeding asked about: was the
 * proceeding right, was the asked-for slot right, and does the passage cited for it contain the value
 * stated. The answer is what both evaluations read of it (ScoredAnalysis): the query-engine's Analysis
 * (bench/answers.eval.ts) or the stored query's analysis as the BFF returns it to the page
 * (bench/answers-e2e.eval.ts). Pure; no I/O.
 */
import { nameKey, normalizeDocketNumber } from '@docket/query-language';

export const questionTypes = [
  'requested_amount',
  'recommended_amount',
  'approved_amount',
  'hearing_date',
  'comment_deadline',
  'intervenors',
  'applicant',
  'position',
  'outcome',
  'current_proceeding',
  'date_tense',
  'named_outside_filter',
] as const;
export type QuestionType = (typeof questionTypes)[number];

/** A cited passage, as far as scoring reads it. */
export interface ScoredCitation {
  documentId: string;
  quote: string;
}

/** A key fact, as far as scoring reads it (the query-engine's KeyFact and the BFF's both fit). */
export interface ScoredFact {
  slot: string;
  subject: string;
  status: string;
  text: string;
  normalized: string;
  /** null when the BFF has none to give (a fact always has one in the query-engine). */
  citation: ScoredCitation | null;
}

/** What scoring reads of an answer: its proceeding, key facts, sections' sentences and notice. */
export interface ScoredAnalysis {
  scope: { docketNumber: string; sourceId: string };
  keyFacts: readonly ScoredFact[];
  sections: readonly {
    heading: string;
    sentences: readonly { text: string; citations: readonly ScoredCitation[] }[];
  }[];
  notice: string;
}

/** How the question names its proceeding. */
export type Naming = 'docket' | 'party' | 'party-year' | 'filter-docket' | 'filter-agency';

export interface EvalQuestion {
  id: string;
  type: QuestionType;
  question: string;
  /** Filters as a workspace would send them (docket numbers, agencies). */
  filters: { dockets: string[]; agencies: string[] };
  naming: Naming;
  docketNumber: string;
  sourceId: string;
  expected: {
    /** Dollars (amount types). */
    amount?: number;
    /** ISO day (date types). */
    date?: string;
    /** The set asked for (intervenors): the ones filings state. */
    parties?: string[];
    /** Every true member of the set (the record's); naming one of these is no error even if no filing states it. */
    allowed?: string[];
    /** Who: the recommending party, the applicant, the arguing party. */
    party?: string;
    /** The decision's outcome ("approved as modified", "dismissed", ...). */
    outcome?: string;
  };
  /** Date questions: the docket had an earlier scheduling order, superseded, that filings also state. */
  supersededSchedule?: boolean;
  /**
   * Kinds that wrap another question (current_proceeding, date_tense, named_outside_filter): the slot
   * it asks for, scored as that type.
   */
  asks?: QuestionType;
  /** Date questions: whether the date is before the day the questions were written (told "was held"). */
  tense?: 'past' | 'coming';
  /**
   * named_outside_filter: the workspace's default filters the question is asked under (another
   * agency), which leave the named docket out.
   */
  workspaceFilters?: { agencies: string[] };
}

export interface AnswerScore {
  proceeding: boolean;
  /** 1 or 0; for the intervenors set, its F1. */
  slot: number;
  /** Share of the scored facts whose cited passage contains the value stated; null when no fact was scored. */
  support: number | null;
}

/** Same proceeding: the docket number compared as filters compare it, and the source when the answer names one. */
export function sameProceeding(
  analysis: Pick<ScoredAnalysis, 'scope'>,
  docketNumber: string,
  sourceId: string,
): boolean {
  const scope = analysis.scope;
  if (!scope.docketNumber || normalizeDocketNumber(scope.docketNumber) !== normalizeDocketNumber(docketNumber))
    return false;
  return !scope.sourceId || scope.sourceId === sourceId;
}

/**
 * A stated dollar figure equals the truth, rounded as it was written: "$15.4 million" matches
 * 15,432,000 (one decimal of a million), "$15,432,000" only 15,432,000.
 */
export function amountMatches(fact: Pick<ScoredFact, 'text' | 'normalized'>, truth: number): boolean {
  const written = /([\d,]*\.?\d+)\s*(million|billion)\b/i.exec(fact.text);
  const parsed = Number(fact.normalized.replace(/[$,\s]/g, ''));
  let value = Number.isFinite(parsed) && fact.normalized.trim() !== '' ? parsed : NaN;
  if (Number.isNaN(value) && written)
    value = Number(written[1]!.replace(/,/g, '')) * (written[2]!.toLowerCase() === 'billion' ? 1e9 : 1e6);
  if (Number.isNaN(value) && !written) value = Number(fact.text.replace(/[^\d.]/g, ''));
  if (!Number.isFinite(value)) return false;
  if (Math.abs(value - truth) < 0.5) return true;
  if (!written) return false;
  const decimals = (written[1]!.split('.')[1] ?? '').length;
  const unit = (written[2]!.toLowerCase() === 'billion' ? 1e9 : 1e6) / 10 ** decimals;
  return Math.abs(Math.round(truth / unit) * unit - value) < 0.5;
}

/** Names compared by their folded words; "Staff" stands for the agency's staff. */
export function sameParty(stated: string, truth: string): boolean {
  const a = nameKey(stated).replace(/^the /, '');
  const b = nameKey(truth).replace(/^the /, '');
  if (!a || !b) return false;
  if (a === b) return true;
  if ((a === 'staff' && / ?staff\b/.test(b)) || (b === 'staff' && / ?staff\b/.test(a))) return true;
  // "Walmart" for "Walmart Inc." (the name's start),
  // "Consumer Advocate" inside "Office of Consumer Advocate" (two words or more).
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return longer.startsWith(`${shorter} `) || (shorter.includes(' ') && ` ${longer} `.includes(` ${shorter} `));
}

/**
 * F1 of a stated set of names against the true set: recall over `truth` (what the corpus states),
 * precision over `allowed` (every true member, stated or not; `truth` when not given).
 */
export function partySetF1(
  stated: readonly string[],
  truth: readonly string[],
  allowed: readonly string[] = truth,
): number {
  const unique = stated.filter((name, i) => stated.findIndex((other) => sameParty(other, name)) === i);
  if (unique.length === 0 || truth.length === 0) return unique.length === 0 && truth.length === 0 ? 1 : 0;
  const hits = truth.filter((name) => unique.some((s) => sameParty(s, name))).length;
  const precision =
    unique.filter((s) => [...truth, ...allowed].some((name) => sameParty(s, name))).length / unique.length;
  const recall = hits / truth.length;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function outcomeMatches(fact: Pick<ScoredFact, 'text' | 'normalized'>, truth: string): boolean {
  const stated = `${fact.normalized} ${fact.text}`.toLowerCase();
  const key: Record<string, RegExp> = {
    approved: /\bapprov|\bgrant|\bauthoriz/,
    'approved as modified': /as modified|in part|modif/,
    'approved with conditions': /condition/,
    denied: /\bden(y|ied)|reject/,
    'rules adopted': /adopt/,
    withdrawn: /withdraw/,
    dismissed: /dismiss/,
    sustained: /sustain/,
    'sustained in part': /sustained in part/,
  };
  if (truth === 'approved' && /as modified|in part|condition|den(y|ied)/.test(stated)) return false;
  if (truth === 'sustained' && /in part/.test(stated)) return false;
  return (key[truth] ?? new RegExp(truth)).test(stated);
}

function supported(fact: ScoredFact): number {
  return fact.text !== '' && fact.citation !== null && fact.citation.quote.includes(fact.text) ? 1 : 0;
}

function firstFact(analysis: ScoredAnalysis, test: (fact: ScoredFact) => boolean): ScoredFact | undefined {
  return analysis.keyFacts.find(test);
}

const amountSlots: Partial<Record<QuestionType, string>> = {
  requested_amount: 'requested_amount',
  recommended_amount: 'recommended_amount',
  approved_amount: 'approved_amount',
};

/**
 * Scores `analysis` for `question`. `filersOf` gives the filers of a cited document (positions are
 * right when the answer cites the party's own filing and says it is the party's).
 */
export function scoreAnswer(
  question: EvalQuestion,
  analysis: ScoredAnalysis,
  filersOf: (documentId: string) => readonly string[],
): AnswerScore {
  switch (question.type) {
    case 'current_proceeding':
      return scoreSlot({ ...question, type: question.asks ?? 'requested_amount' }, analysis, filersOf);
    case 'date_tense': {
      const asked = { ...question, type: question.asks ?? 'hearing_date' };
      const score = scoreSlot(asked, analysis, filersOf);
      const fact = firstFact(analysis, (f) => f.slot === asked.type && f.status === 'current');
      return {
        ...score,
        slot: score.slot === 1 && fact && toldInTense(analysis, fact, asked.type, question.tense ?? 'past') ? 1 : 0,
      };
    }
    case 'named_outside_filter': {
      // The answer is about the named docket, and its notice says the filters in force leave it out.
      const score = scoreSlot({ ...question, type: question.asks ?? 'requested_amount' }, analysis, filersOf);
      return { ...score, slot: saysOutsideFilters(analysis.notice, question.docketNumber) ? 1 : 0 };
    }
    default:
      return scoreSlot(question, analysis, filersOf);
  }
}

/**
 * "Docket 23-0456 (…) is outside the filters in force (agency: ny-psc); this answer reads its filings all the same."
 */
export function saysOutsideFilters(notice: string, docketNumber: string): boolean {
  const docket = normalizeDocketNumber(docketNumber);
  return /outside the filters/i.test(notice) && docket !== '' && normalizeDocketNumber(notice).includes(docket);
}

/**
 * The words an Answer sentence tells a date in force with: a hearing "was held on" or "is set for",
 * comments "were" or "are due".
 */
const TENSE: Partial<Record<QuestionType, Record<'past' | 'coming', RegExp>>> = {
  hearing_date: { past: /\bwas held on\b/i, coming: /\bis set for\b/i },
  comment_deadline: { past: /\bwere due\b/i, coming: /\bare due\b/i },
};

/** Whether the Answer section states `fact` (its written date) in the expected tense, and not in the other. */
export function toldInTense(
  analysis: Pick<ScoredAnalysis, 'sections'>,
  fact: Pick<ScoredFact, 'text'>,
  type: QuestionType,
  tense: 'past' | 'coming',
): boolean {
  const words = TENSE[type];
  if (!words || fact.text === '') return false;
  const other = tense === 'past' ? 'coming' : 'past';
  const telling = analysis.sections
    .filter((s) => s.heading === 'Answer')
    .flatMap((s) => s.sentences)
    .filter((s) => s.text.includes(fact.text));
  return telling.some((s) => words[tense].test(s.text)) && !telling.some((s) => words[other].test(s.text));
}

function scoreSlot(
  question: EvalQuestion,
  analysis: ScoredAnalysis,
  filersOf: (documentId: string) => readonly string[],
): AnswerScore {
  const proceeding = sameProceeding(analysis, question.docketNumber, question.sourceId);
  const { expected } = question;
  const scored = (fact: ScoredFact | undefined, right: (fact: ScoredFact) => boolean): AnswerScore =>
    fact ? { proceeding, slot: right(fact) ? 1 : 0, support: supported(fact) } : { proceeding, slot: 0, support: null };

  switch (question.type) {
    case 'requested_amount':
    case 'approved_amount':
    case 'recommended_amount': {
      const slot = amountSlots[question.type];
      const fact = firstFact(
        analysis,
        (f) =>
          f.slot === slot && (question.type !== 'recommended_amount' || sameParty(f.subject, expected.party ?? '')),
      );
      return scored(fact, (f) => amountMatches(f, expected.amount ?? NaN));
    }
    case 'hearing_date':
    case 'comment_deadline': {
      const fact = firstFact(analysis, (f) => f.slot === question.type && f.status === 'current');
      return scored(fact, (f) => f.normalized.slice(0, 10) === expected.date);
    }
    case 'applicant': {
      const fact = firstFact(analysis, (f) => f.slot === 'applicant');
      return scored(fact, (f) => sameParty(f.subject || f.normalized, expected.party ?? ''));
    }
    case 'outcome': {
      const fact = firstFact(analysis, (f) => f.slot === 'outcome');
      return scored(fact, (f) => outcomeMatches(f, expected.outcome ?? ''));
    }
    case 'intervenors': {
      const facts = analysis.keyFacts.filter((f) => f.slot === 'intervenor');
      if (facts.length === 0) return { proceeding, slot: 0, support: null };
      const names = facts.map((f) => f.subject || f.normalized || f.text);
      return {
        proceeding,
        slot: partySetF1(names, expected.parties ?? [], expected.allowed),
        support: facts.reduce((sum, f) => sum + supported(f), 0) / facts.length,
      };
    }
    case 'position': {
      const party = expected.party ?? '';
      const citesOwn = (documentId: string) => filersOf(documentId).some((filer) => sameParty(filer, party));
      // Attributed claims: sentences that open with the party's name ("Sierra Club argues …").
      const attributed = analysis.sections.flatMap((s) => s.sentences).filter((s) => startsWithParty(s.text, party));
      const right =
        attributed.some((s) => s.citations.some((c) => citesOwn(c.documentId))) ||
        analysis.keyFacts.some(
          (f) => sameParty(f.subject, party) && f.citation !== null && citesOwn(f.citation.documentId),
        );
      // Support: the passages cited for the party's claims are in the party's own filings.
      const support =
        attributed.length === 0
          ? null
          : attributed.filter((s) => s.citations.some((c) => citesOwn(c.documentId))).length / attributed.length;
      return { proceeding, slot: right ? 1 : 0, support };
    }
    default:
      return { proceeding, slot: 0, support: null };
  }
}

/** "The Sierra Club argues …", "Sierra Club contends …", "Staff recommends …" for Staff of the X Commission. */
export function startsWithParty(sentence: string, party: string): boolean {
  const opening = nameKey(sentence.split(/\s+/).slice(0, 14).join(' '));
  const key = nameKey(party);
  if (!key) return false;
  const bare = opening.replace(/^the /, '');
  return bare.startsWith(key.replace(/^the /, '')) || (/\bstaff\b/.test(key) && /^staff\b/.test(bare));
}
