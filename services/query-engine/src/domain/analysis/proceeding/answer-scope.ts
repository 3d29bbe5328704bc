import { foldedWords, nameKey, normalizeDocketNumber } from '@docket/query-language';
import { filedMs, OPEN_SCOPE, type AnalysedDocument, type AnswerScope, type ScopeRefinement } from '../analysis-model';
import type { QuestionIntent } from '../question-kind';
import { captionOf } from './caption';
import {
  isApplication,
  NO_PARTY_RECORD,
  orderPartyProceedings,
  type PartyRecord,
  type PartyWants,
} from './party-proceedings';

/** A proceeding the retrieved documents belong to, with how strongly retrieval points at it. */
interface Candidate {
  key: string;
  docketNumber: string;
  sourceId: string;
  sourceName: string;
  documents: AnalysedDocument[];
  /** Reciprocal-rank weight of its documents among the best retrieved. */
  weight: number;
  /** The question names its docket number. */
  named: boolean;
  /** The question names one of its parties (words of the name, in order). */
  partyNamed: boolean;
}

export interface ScopeDecision {
  scope: AnswerScope;
  refinements: ScopeRefinement[];
}

/** How many of the best retrieved documents vote for a proceeding. */
const VOTERS = 40;
/** A general question is about one proceeding when that one carries this share of the votes. */
const DOMINANT_SHARE = 0.6;
const MAX_REFINEMENTS = 4;
/** How many of the documents found make a proceeding one a vague question may be narrowed to. */
const RELATED_DOCUMENTS = 2;

/**
 * What the answer is about. A docket named in the question or the only docket filter wins; else
 * the proceedings of a party the question names come before the others, the most recent first
 * (its current case, not the one it filed years ago) unless the question names a year; among the
 * rest the proceedings of the best documents vote (reciprocal rank). Questions about a
 * proceeding's record (amounts, dates, parties, positions, outcomes) are answered for the winner,
 * the others offered as refinements; a general question is scoped only when one proceeding
 * dominates; a comparison is never narrowed.
 */
export function decideScope(
  question: string,
  intent: QuestionIntent,
  ranked: readonly AnalysedDocument[],
  docketFilters: readonly string[],
  party: PartyRecord = NO_PARTY_RECORD,
): ScopeDecision {
  // What was approved or decided is asked of a decided proceeding;
  // what is requested, of one the party asked for an amount in.
  const wanted: PartyWants = {
    party: namedParty(question, [...ranked, ...party.filings], intent),
    years: yearsIn(question),
    decision: intent.kind === 'outcome' || intent.slots.includes('approved_amount'),
    request: intent.slots[0] === 'requested_amount',
  };
  const candidates = byPartyRecency(candidatesOf(question, ranked, party.filings), wanted, party.spans);
  const refinementsExcept = (key: string | undefined) =>
    candidates
      .filter((c) => c.key !== key)
      .slice(0, MAX_REFINEMENTS)
      .map(refinementOf);

  if (intent.comparison) {
    return {
      scope: {
        ...OPEN_SCOPE,
        kind: 'comparison',
        statement: `Comparing ${candidates.length} proceedings among the documents found.`,
      },
      refinements: refinementsExcept(undefined),
    };
  }
  const filtered = docketFilters.length === 1 ? normalizeDocketNumber(docketFilters[0] as string) : '';
  const chosen =
    (filtered !== '' ? candidates.find((c) => normalizeDocketNumber(c.docketNumber) === filtered) : undefined) ??
    candidates.find((c) => c.named) ??
    (intent.kind !== 'general' || dominates(candidates) ? candidates[0] : undefined);
  if (!chosen && filtered !== '') {
    // The filtered docket has no retrieved document yet: still its proceeding.
    return {
      scope: proceedingScope({ docketNumber: docketFilters[0] as string, sourceId: '', sourceName: '', documents: [] }),
      refinements: [],
    };
  }
  if (!chosen) {
    // A vague question is narrowed only to proceedings several of the documents found belong to: one
    // stray filing's docket is not what the question is about.
    const related = candidates.filter((c) => c.documents.length >= RELATED_DOCUMENTS);
    return {
      scope: OPEN_SCOPE,
      refinements: (related.length > 0 ? related : candidates).slice(0, MAX_REFINEMENTS).map(refinementOf),
    };
  }
  return { scope: proceedingScope(chosen), refinements: refinementsExcept(chosen.key) };
}

/**
 * The proceedings of the documents retrieved, best first; `partyFilings` (a named party's, from the
 * index) add the party's proceedings retrieval missed, without a vote.
 */
function candidatesOf(
  question: string,
  ranked: readonly AnalysedDocument[],
  partyFilings: readonly AnalysedDocument[] = [],
): Candidate[] {
  const questionDigits = foldedWords(question).join('');
  const questionWords = ` ${nameKey(question)} `;
  const byKey = new Map<string, Candidate>();
  const retrieved = new Set(ranked.map((d) => d.id));
  const unvoted = partyFilings.filter((d) => !retrieved.has(d.id));
  // The party's filings were listed for filing by it or naming it (in a caption, say).
  const naming = new Set(partyFilings.map((d) => d.id));
  [...ranked, ...unvoted].forEach((document, index) => {
    const rank = index < ranked.length ? index : Number.POSITIVE_INFINITY;
    if (!document.docketNumber) return;
    const key = proceedingKey(document.sourceId ?? '', document.docketNumber);
    let candidate = byKey.get(key);
    if (!candidate) {
      const digits = normalizeDocketNumber(document.docketNumber);
      candidate = {
        key,
        docketNumber: document.docketNumber,
        sourceId: document.sourceId ?? '',
        sourceName: document.sourceName ?? '',
        documents: [],
        weight: 0,
        named: digits.length >= 4 && questionDigits.includes(digits),
        partyNamed: false,
      };
      byKey.set(key, candidate);
    }
    candidate.documents.push(document);
    if (rank < VOTERS) candidate.weight += 1 / (rank + 5);
    if (!candidate.partyNamed)
      candidate.partyNamed =
        naming.has(document.id) ||
        [...(document.parties ?? []), ...(document.filers ?? [])].some((name) => namesIn(questionWords, name));
  });
  return [...byKey.values()]
    .filter((c) => c.weight > 0 || c.named || c.partyNamed)
    .sort(
      (a, b) => Number(b.named) - Number(a.named) || Number(b.partyNamed) - Number(a.partyNamed) || b.weight - a.weight,
    );
}

/** The name of the document's parties or filers the question holds ('' when none). */
function questionNameIn(questionWords: string, document: AnalysedDocument): string {
  return [...(document.parties ?? []), ...(document.filers ?? [])].find((name) => namesIn(questionWords, name)) ?? '';
}

/** Whether the question holds the party's name, or its name without a corporate suffix. */
function namesIn(questionWords: string, name: string): boolean {
  const key = nameKey(name);
  if (key.length < 4) return false;
  if (questionWords.includes(` ${key} `)) return true;
  const short = key.replace(/\s(?:inc|llc|lp|co|corp|corporation|company|the)$/u, '');
  return short !== key && short.split(' ').length >= 2 && questionWords.includes(` ${short} `);
}

/**
 * The party the question names, as the documents write it ('' when it names none, or names a docket):
 * its proceedings are then looked up in the index.
 */
export function namedParty(
  question: string,
  documents: readonly AnalysedDocument[],
  intent: Pick<QuestionIntent, 'kind' | 'slots' | 'party'>,
): string {
  const questionDigits = foldedWords(question).join('');
  if (
    documents.some(
      (d) =>
        d.docketNumber &&
        normalizeDocketNumber(d.docketNumber).length >= 4 &&
        questionDigits.includes(normalizeDocketNumber(d.docketNumber)),
    )
  )
    return '';
  // "What did the Sierra Club argue about Ameren's rate case?": the case is Ameren's, the argument the Sierra Club's.
  const speaksOfAnother = intent.kind === 'position' || intent.slots.includes('recommended_amount');
  const speaker = speaksOfAnother ? nameKey(intent.party) : '';
  const questionWords =
    speaker === '' ? ` ${nameKey(question)} ` : ` ${nameKey(question)} `.replace(` ${speaker} `, ' ');
  for (const document of documents) {
    const name = questionNameIn(questionWords, document);
    if (name !== '') return name;
  }
  return '';
}

/**
 * The proceedings, among the documents found and the party's own filings, that the party the
 * question names takes part in (its docket not named): when there are two or more, which it means
 * is decided by when each was filed in.
 */
export function namedPartyProceedings(
  question: string,
  ranked: readonly AnalysedDocument[],
  partyFilings: readonly AnalysedDocument[] = [],
): Array<{ key: string; sourceId: string; docketNumber: string }> {
  const party = candidatesOf(question, ranked, partyFilings).filter((c) => c.partyNamed && !c.named);
  return party.length >= 2 ? party.map(({ key, sourceId, docketNumber }) => ({ key, sourceId, docketNumber })) : [];
}

/** The key a proceeding is known by here (its source and normalised docket number), for `latestFilings`. */
export function proceedingKey(sourceId: string, docketNumber: string): string {
  return `${sourceId}|${normalizeDocketNumber(docketNumber)}`;
}

/** Years the question names ("in 2023"), which pick a party's proceeding of that time. */
export function yearsIn(question: string): number[] {
  return [...question.matchAll(/\b(19\d\d|20\d\d)\b/gu)].map((match) => Number(match[1]));
}

/**
 * Puts the proceedings of a party the question names (they lead, see candidatesOf) in the order it means them;
 * the others keep theirs.
 */
function byPartyRecency(candidates: Candidate[], wanted: PartyWants, spans: PartyRecord['spans']): Candidate[] {
  const party = candidates.filter((c) => c.partyNamed && !c.named);
  if (party.length < 2) return candidates;
  const ordered = orderPartyProceedings(party, wanted, spans);
  const start = candidates.indexOf(party[0] as Candidate);
  return [...candidates.slice(0, start), ...ordered, ...candidates.slice(start + party.length)];
}

function dominates(candidates: readonly Candidate[]): boolean {
  const total = candidates.reduce((sum, c) => sum + c.weight, 0);
  return candidates.length > 0 && total > 0 && (candidates[0] as Candidate).weight / total >= DOMINANT_SHARE;
}

function refinementOf(candidate: Candidate): ScopeRefinement {
  const filed = candidate.documents.map((d) => filedMs(d.filedAt)).filter((ms) => ms > 0);
  const day = (ms: number) => (filed.length > 0 ? new Date(ms).toISOString().slice(0, 10) : '');
  const decided = candidate.documents.some((d) => (d.filingCategory ?? '').toLowerCase() === 'decision');
  return {
    docketNumber: candidate.docketNumber,
    sourceId: candidate.sourceId,
    title: titleOf(candidate.documents),
    documents: candidate.documents.length,
    firstFiled: day(Math.min(...filed)),
    lastFiled: day(Math.max(...filed)),
    status: decided ? 'decided' : 'open',
  };
}

function proceedingScope(
  candidate: Pick<Candidate, 'docketNumber' | 'sourceId' | 'sourceName' | 'documents'>,
): AnswerScope {
  return {
    ...OPEN_SCOPE,
    kind: 'proceeding',
    docketNumber: candidate.docketNumber,
    sourceId: candidate.sourceId,
    sourceName: candidate.sourceName,
    title: titleOf(candidate.documents),
  };
}

/**
 * A proceeding's title as its filings give it: its earliest application's, else a filing's caption
 * ('' when neither).
 */
export function titleOf(documents: readonly AnalysedDocument[]): string {
  const applications = documents.filter(isApplication);
  const filed = (d: AnalysedDocument) => filedMs(d.filedAt) || Infinity;
  const application = applications.sort((a, b) => filed(a) - filed(b))[0];
  return application?.title ?? captionTitle(documents);
}

/** The proceeding as the first captioned filing names it, for a proceeding whose application is not at hand. */
function captionTitle(documents: readonly AnalysedDocument[]): string {
  return (
    documents
      .slice(0, 10)
      .map(captionOf)
      .find((caption) => caption !== '') ?? ''
  );
}

/** "About docket 23-0456 (Illinois Commerce Commission): Application of …". */
export function scopeStatement(scope: AnswerScope): string {
  if (scope.kind !== 'proceeding') return scope.statement;
  const where = scope.sourceName ? ` (${scope.sourceName})` : '';
  return `About docket ${scope.docketNumber}${where}${scope.title ? `: ${scope.title}` : ''}.`;
}
