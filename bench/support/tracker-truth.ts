/**
 * What the rate-case tracker should say of one proceeding on one day, from the generator's own
 * record of what each filing states (Filing.statements): a cell is "stated" by a day when a filing
 * filed by then states it, and its value is the record's. Cells the generator keeps no truth for
 * (returns on equity, decision and application dates) are not scored.
 */
import type { Filing, StatedFact } from '@docket/corpus';

export type TruthCell = string | number | null;

/** The scored columns, each with its truth (null: the filings filed by then do not state it). */
export function trackerTruth(filings: readonly Filing[], asOf: string, applicant: string): Record<string, TruthCell> {
  const by = filings.filter((f) => f.filedAt.slice(0, 10) <= asOf);
  const stated = (kind: StatedFact['kind']) =>
    by.flatMap((f) => f.statements.filter((s) => s.kind === kind).map((s) => ({ ...s, filedAt: f.filedAt })));
  const latest = <T extends { filedAt: string }>(items: T[]) =>
    [...items].sort((a, b) => b.filedAt.localeCompare(a.filedAt))[0];
  const money = (kind: StatedFact['kind']) => {
    const fact = stated(kind)[0];
    return fact ? Number(fact.value) : null;
  };
  const recommendations = stated('recommended_amount');
  const staff = recommendations.find((r) => /\bstaff\b/i.test(r.party));
  const intervenorAmounts = recommendations.filter((r) => !/\bstaff\b/i.test(r.party)).map((r) => Number(r.value));
  const outcome = latest(stated('outcome'));
  const inForce = (kind: 'hearing_date' | 'comment_deadline' | 'intervention_deadline') => {
    const facts = stated(kind);
    const order = Math.max(-1, ...facts.map((f) => f.order ?? 0));
    return facts.find((f) => (f.order ?? 0) === order)?.value ?? null;
  };
  const schedule = {
    'Intervention deadline': inForce('intervention_deadline'),
    'Comments due': inForce('comment_deadline'),
    'Evidentiary hearing': inForce('hearing_date'),
  };
  const next = outcome
    ? undefined
    : Object.entries(schedule)
        .filter((entry): entry is [string, string] => entry[1] !== null && entry[1] > asOf)
        .sort((a, b) => a[1].localeCompare(b[1]))[0];
  // Intervenors granted by an order filed by then; before any order grants one, those who petitioned.
  const named = (categories: string[]) =>
    new Set(
      by
        .filter((f) => categories.includes(f.filingCategory.toLowerCase()))
        .flatMap((f) => f.statements.filter((s) => s.kind === 'intervenor').map((s) => s.value)),
    );
  const granted = named(['order', 'decision']);
  const intervenors = granted.size > 0 ? granted : named(['motion']);
  return {
    // Every filing's caption names the applicant.
    utility: applicant || null,
    requested_increase: money('requested_amount'),
    staff_recommendation: staff ? Number(staff.value) : null,
    intervenor_recommendation: intervenorAmounts.length > 0 ? Math.min(...intervenorAmounts) : null,
    authorized_increase: money('approved_amount'),
    status: outcome ? (outcome.value === 'withdrawn' ? 'withdrawn' : 'decided') : 'pending',
    outcome: outcome?.value ?? null,
    hearing_date: schedule['Evidentiary hearing'],
    next_event: next?.[0] ?? null,
    next_event_date: next?.[1] ?? null,
    intervenor_count: intervenors.size || null,
    last_filing_date:
      by
        .map((f) => f.filedAt.slice(0, 10))
        .sort()
        .at(-1) ?? null,
  };
}

const CALENDAR_EVENTS = {
  'Evidentiary hearing': 'hearing_date',
  'Comments due': 'comment_deadline',
  'Intervention deadline': 'intervention_deadline',
} as const;

/**
 * The procedural calendar's truth for one proceeding on one day: per event, every date a filing
 * filed by then sets, and the one in force (the latest scheduling order's).
 */
export function calendarTruth(
  filings: readonly Filing[],
  asOf: string,
): Map<string, { dates: Set<string>; current: string | null }> {
  const by = filings.filter((f) => f.filedAt.slice(0, 10) <= asOf);
  const truth = new Map<string, { dates: Set<string>; current: string | null }>();
  for (const [event, kind] of Object.entries(CALENDAR_EVENTS)) {
    const facts = by.flatMap((f) => f.statements.filter((s) => s.kind === kind));
    const order = Math.max(-1, ...facts.map((f) => f.order ?? 0));
    truth.set(event, {
      dates: new Set(facts.map((f) => f.value)),
      current: facts.find((f) => (f.order ?? 0) === order)?.value ?? null,
    });
  }
  return truth;
}
