import type { AnalysedDocument, FactSlot, KeyFact } from '../analysis';
import { JOINS_A_PROCEEDING, recordFacts } from '../analysis/proceeding';
import { segmentSentences } from '../analysis/sentence-segmenter';
import { isoDay, RowBuilder, spanSource, type CellSource, type ComputedRow } from './computed-row';
import { proceedingIdentity } from './proceeding-identity';

/** A general rate case, as its caption names it. */
const RATE_CASE = /\bto increase\b[^.]*\brates\b|\brate case\b/i;
const STAFF = /\bstaff\b/i;
/** "a proposed return on equity of 10.25%"; "we adopt a return on equity of 9.80%". */
const REQUESTED_ROE =
  /\b(?:propos(?:ed|es?)|request(?:ed|s)?)\s+(?:a\s+)?return on equity of\s+(\d{1,2}(?:\.\d{1,2})?)%/i;
const AUTHORIZED_ROE = /\b(?:adopts?|authorizes?|approves?)\s+(?:a\s+)?return on equity of\s+(\d{1,2}(?:\.\d{1,2})?)%/i;

const SLOTS: FactSlot[] = [
  'applicant',
  'requested_amount',
  'recommended_amount',
  'approved_amount',
  'hearing_date',
  'comment_deadline',
  'intervention_deadline',
  'decision_date',
  'intervenor',
  'staff',
  'outcome',
];
const SCHEDULE = ['intervention_deadline', 'comment_deadline', 'hearing_date'] as const;

/** The proceeding whose row is computed: its source and docket, and its filings (any order, any date). */
export interface ProceedingFilings {
  sourceId: string;
  sourceName: string;
  docketNumber: string;
  filings: readonly AnalysedDocument[];
}

/** The filings filed by the end of `asOf` (YYYY-MM-DD), oldest first. */
export function filedBy(filings: readonly AnalysedDocument[], asOf: string): AnalysedDocument[] {
  return filings
    .filter((document) => {
      const day = isoDay(document.filedAt);
      return day !== '' && day <= asOf;
    })
    .sort((a, b) => isoDay(a.filedAt).localeCompare(isoDay(b.filedAt)));
}

/**
 * The tracker's row of one proceeding as of the end of `asOf`, read from the filings filed by then,
 * every stated cell citing its sentence; undefined when it is not a rate case or had no filing yet.
 */
export function rateCaseRow(proceeding: ProceedingFilings, asOf: string): ComputedRow | undefined {
  const filings = filedBy(proceeding.filings, asOf);
  if (filings.length === 0) return undefined;
  const identity = proceedingIdentity(filings, proceeding);
  if (!RATE_CASE.test(identity.title)) return undefined;
  const facts = recordFacts(
    { kind: 'general', slots: SLOTS, party: '', comparison: false },
    filings,
    proceeding.sourceName,
  );
  const first = (slot: FactSlot) => facts.find((fact) => fact.slot === slot);
  const current = (slot: FactSlot) => facts.find((fact) => fact.slot === slot && fact.status !== 'superseded');
  const money = (fact: KeyFact) => Number(fact.normalized);
  const staffNames = facts.filter((fact) => fact.slot === 'staff').map((fact) => fact.normalized.toLowerCase());
  const recommendations = facts.filter((fact) => fact.slot === 'recommended_amount');
  const isStaff = (fact: KeyFact) => STAFF.test(fact.subject) || staffNames.includes(fact.subject.toLowerCase());
  const lowestIntervenor = recommendations.filter((fact) => !isStaff(fact)).sort((a, b) => money(a) - money(b))[0];
  const outcome = first('outcome');
  const decided = outcome !== undefined || first('decision_date') !== undefined;
  const next = decided ? undefined : nextEvent(SCHEDULE.map(current), asOf);
  const intervenors = facts.filter((fact) => fact.slot === 'intervenor');
  const application = filings.find(
    (d) => (d.filingCategory ?? '').toLowerCase() === 'application' && !JOINS_A_PROCEEDING.test(d.title),
  );
  const last = filings[filings.length - 1] as AnalysedDocument;
  const applicant = first('applicant');

  const row = new RowBuilder()
    .key('proceeding_id', identity.id, identity.sources.docket ?? identity.sources.title)
    .cited('docket', identity.docketNumber, identity.sources.docket)
    .cited('agency', identity.agency, identity.sources.agency ?? identity.sources.title)
    .cited('state', identity.state, identity.sources.agency ?? identity.sources.title)
    .cited('title', identity.title, identity.sources.title);
  if (applicant) row.fact('utility', applicant, (fact) => fact.normalized);
  else row.cited('utility', identity.opener, identity.sources.opener);
  row
    .cited('application_date', application ? isoDay(application.filedAt) : null, application && openingOf(application))
    .fact('requested_increase', first('requested_amount'), money)
    .fact(
      'staff_recommendation',
      recommendations.find((fact) => isStaff(fact)),
      money,
    )
    .fact('intervenor_recommendation', lowestIntervenor, money)
    .fact('authorized_increase', first('approved_amount'), money)
    // What was requested is in the first filing that states it (the application, where it has one);
    // what was authorized, in the latest decision.
    .cited('requested_roe', ...statedRoe(filings, REQUESTED_ROE))
    .cited('authorized_roe', ...statedRoe(filings.filter(isDecision).reverse(), AUTHORIZED_ROE))
    .fact('status', outcome ?? first('decision_date'), (fact) =>
      fact.normalized === 'withdrawn' ? 'withdrawn' : 'decided',
    )
    .fact('outcome', outcome, (fact) => fact.normalized)
    .fact('decision_date', first('decision_date'), (fact) => fact.normalized)
    .fact('next_event', next, (fact) => fact.label)
    .fact('next_event_date', next, (fact) => fact.normalized)
    .fact('hearing_date', current('hearing_date'), (fact) => fact.normalized)
    .fact('intervenor_count', intervenors.at(-1), () => intervenors.length)
    .cited('last_filing_date', isoDay(last.filedAt), openingOf(last));
  // Pending is what the filings leave a case in until one decides it: said, with the latest filing as its source.
  if (row.row.cells.status === null) row.cited('status', 'pending', openingOf(last));
  return row.row;
}

/** The earliest date of the schedule in force still to come after `asOf`. */
function nextEvent(dates: readonly (KeyFact | undefined)[], asOf: string): KeyFact | undefined {
  return dates
    .filter((fact): fact is KeyFact => fact !== undefined && fact.normalized > asOf)
    .sort((a, b) => a.normalized.localeCompare(b.normalized))[0];
}

function isDecision(document: AnalysedDocument): boolean {
  return (document.filingCategory ?? '').toLowerCase() === 'decision';
}

/** A return on equity the filings state, from the first of them (in the order given) that states one. */
function statedRoe(
  filings: readonly AnalysedDocument[],
  pattern: RegExp,
): [value: number | null, source: CellSource | undefined] {
  for (const document of filings) {
    const found = pattern.exec(document.text);
    if (!found) continue;
    const sentence = segmentSentences(document.text).find((s) => s.start <= found.index && found.index < s.end);
    if (sentence) return [Number(found[1]), spanSource(document, sentence.start, sentence.end)];
  }
  return [null, undefined];
}

/** A filing's first sentence after its caption block: what it is, in its own words. */
function openingOf(document: AnalysedDocument) {
  const sentences = segmentSentences(document.text, 0, Math.min(document.text.length, 4_000));
  const opening = sentences.find((s) => s.end - s.start > 40) ?? sentences[0];
  return opening ? spanSource(document, opening.start, opening.end) : undefined;
}
