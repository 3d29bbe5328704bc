/**
 * Scores one answer (the query-engine's Analysis) against what the generated corpus knows of the
 * proceeding asked about (bench/answers.eval.ts): was the proceeding right, was the asked-for slot
 * right, and does the passage cited for it contain the value stated. Pure; no I/O.
 */
import { nameKey, normalizeDocketNumber } from '@docket/query-language';
import type { Analysis, KeyFact } from '../../services/query-engine/src/domain/analysis/analysis-model';

export const questionTypes = [
  'requested_amount', 'recommended_amount', 'approved_amount', 'hearing_date', 'comment_deadline', 'intervenors', 'applicant', 'position', 'outcome',
] as const;
export type QuestionType = (typeof questionTypes)[number];

/** How the question names its proceeding. */
export type Naming = 'docket' | 'party' | 'filter-docket' | 'filter-agency';

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
}

export interface AnswerScore {
  proceeding: boolean;
  /** 1 or 0; for the intervenors set, its F1. */
  slot: number;
  /** Share of the scored facts whose cited passage contains the value stated; null when no fact was scored. */
  support: number | null;
}

/** Same proceeding: the docket number compared as filters compare it, and the source when the answer names one. */
export function sameProceeding(analysis: Pick<Analysis, 'scope'>, docketNumber: string, sourceId: string): boolean {
  const scope = analysis.scope;
  if (!scope.docketNumber || normalizeDocketNumber(scope.docketNumber) !== normalizeDocketNumber(docketNumber)) return false;
  return !scope.sourceId || scope.sourceId === sourceId;
}

/**
 * A stated dollar figure equals the truth, rounded as it was written: "$15.4 million" matches
 * 15,432,000 (one decimal of a million), "$15,432,000" only 15,432,000.
 */
export function amountMatches(fact: Pick<KeyFact, 'text' | 'normalized'>, truth: number): boolean {
  const written = /([\d,]*\.?\d+)\s*(million|billion)\b/i.exec(fact.text);
  const parsed = Number(fact.normalized.replace(/[$,\s]/g, ''));
  let value = Number.isFinite(parsed) && fact.normalized.trim() !== '' ? parsed : NaN;
  if (Number.isNaN(value) && written) value = Number(written[1]!.replace(/,/g, '')) * (written[2]!.toLowerCase() === 'billion' ? 1e9 : 1e6);
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
  // "Walmart" for "Walmart Inc." (the name's start), "Consumer Advocate" inside "Office of Consumer Advocate" (two words or more).
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  return longer.startsWith(`${shorter} `) || (shorter.includes(' ') && ` ${longer} `.includes(` ${shorter} `));
}

/**
 * F1 of a stated set of names against the true set: recall over `truth` (what the corpus states),
 * precision over `allowed` (every true member, stated or not; `truth` when not given).
 */
export function partySetF1(stated: readonly string[], truth: readonly string[], allowed: readonly string[] = truth): number {
  const unique = stated.filter((name, i) => stated.findIndex((other) => sameParty(other, name)) === i);
  if (unique.length === 0 || truth.length === 0) return unique.length === 0 && truth.length === 0 ? 1 : 0;
  const hits = truth.filter((name) => unique.some((s) => sameParty(s, name))).length;
  const precision = unique.filter((s) => [...truth, ...allowed].some((name) => sameParty(s, name))).length / unique.length;
  const recall = hits / truth.length;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function outcomeMatches(fact: Pick<KeyFact, 'text' | 'normalized'>, truth: string): boolean {
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

function supported(fact: KeyFact): number {
  return fact.text !== '' && fact.citation.quote.includes(fact.text) ? 1 : 0;
}

function firstFact(analysis: Analysis, test: (fact: KeyFact) => boolean): KeyFact | undefined {
  return analysis.keyFacts.find(test);
}

const amountSlots: Partial<Record<QuestionType, KeyFact['slot']>> = {
  requested_amount: 'requested_amount', recommended_amount: 'recommended_amount', approved_amount: 'approved_amount',
};

/**
 * Scores `analysis` for `question`. `filersOf` gives the filers of a cited document (positions are
 * right when the answer cites the party's own filing and says it is the party's).
 */
export function scoreAnswer(question: EvalQuestion, analysis: Analysis, filersOf: (documentId: string) => readonly string[]): AnswerScore {
  const proceeding = sameProceeding(analysis, question.docketNumber, question.sourceId);
  const { expected } = question;
  const scored = (fact: KeyFact | undefined, right: (fact: KeyFact) => boolean): AnswerScore =>
    fact ? { proceeding, slot: right(fact) ? 1 : 0, support: supported(fact) } : { proceeding, slot: 0, support: null };

  switch (question.type) {
    case 'requested_amount':
    case 'approved_amount':
    case 'recommended_amount': {
      const slot = amountSlots[question.type];
      const fact = firstFact(analysis, (f) => f.slot === slot && (question.type !== 'recommended_amount' || sameParty(f.subject, expected.party ?? '')));
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
      return { proceeding, slot: partySetF1(names, expected.parties ?? [], expected.allowed), support: facts.reduce((sum, f) => sum + supported(f), 0) / facts.length };
    }
    case 'position': {
      const party = expected.party ?? '';
      const citesOwn = (documentId: string) => filersOf(documentId).some((filer) => sameParty(filer, party));
      // Attributed claims: sentences that open with the party's name ("Sierra Club argues …").
      const attributed = analysis.sections.flatMap((s) => s.sentences).filter((s) => startsWithParty(s.text, party));
      const right = attributed.some((s) => s.citations.some((c) => citesOwn(c.documentId))) || analysis.keyFacts.some((f) => sameParty(f.subject, party) && citesOwn(f.citation.documentId));
      // Support: the passages cited for the party's claims are in the party's own filings.
      const support = attributed.length === 0 ? null : attributed.filter((s) => s.citations.some((c) => citesOwn(c.documentId))).length / attributed.length;
      return { proceeding, slot: right ? 1 : 0, support };
    }
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
