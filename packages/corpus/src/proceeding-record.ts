/**
 * The truth of a proceeding: who applied, what was asked for, recommended and granted, the
 * procedural schedule and who intervened. One record per docket, derived from (seed, docket) alone,
 * so every filing of the docket states the same facts and an evaluation can check answers against it.
 */
import { corpusEnd } from './catalog.generator';
import type { Docket } from './model';
import { Rng, type Seed } from './random';

const DAY = 86_400_000;

/** Case types whose docket amount is an increase (or a cost recovery) the applicant asks for. */
const moneyCaseTypes = new Set(['rate case', 'cost recovery']);

export interface Recommendation {
  /** Who recommends it: Staff or an intervenor, by party name. */
  party: string;
  role: 'staff' | 'intervenor';
  /** Dollars, rounded to $0.1 million (as filings write it). */
  amount: number;
}

/** One scheduling order; a later one supersedes the earlier ("the latest scheduling order wins"). */
export interface SchedulingOrder {
  /** ISO dates (YYYY-MM-DD). */
  issuedAt: string;
  hearingDate: string;
  commentDeadline: string;
  interventionDeadline: string;
}

export interface IntervenorRecord {
  name: string;
  /** ISO dates: the petition to intervene, and the order granting it. */
  petitionFiledAt: string;
  grantedAt: string;
}

export type ProceedingOutcome =
  | 'approved'
  | 'approved as modified'
  | 'approved with conditions'
  | 'denied'
  | 'rules adopted'
  | 'withdrawn'
  | 'dismissed'
  | 'sustained'
  | 'sustained in part';

export interface ProceedingRecord {
  docketId: string;
  docketNumber: string;
  sourceId: string;
  /** The utility or petitioner that opened the proceeding ('' when none, e.g. a rulemaking). */
  applicant: string;
  /** Rate cases and cost recoveries: the docket's amount; null otherwise. */
  requestedIncrease: number | null;
  /** Staff's and one or two intervenors' counter-proposals (each below the request). */
  recommendations: Recommendation[];
  /** Decided money cases granted in whole or part: between the recommendations and the request. */
  approvedIncrease: number | null;
  /** Decided (closed or withdrawn) agency dockets only. */
  outcome: ProceedingOutcome | null;
  /** Agency dockets: 1–3 scheduling orders in issue order; empty for court cases. */
  schedule: SchedulingOrder[];
  /** Agency dockets: every intervenor party with its petition and grant dates. */
  intervenors: IntervenorRecord[];
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Midnight UTC of the weekday on or after `ms`. */
function weekday(ms: number): number {
  let day = Math.floor(ms / DAY) * DAY;
  while (new Date(day).getUTCDay() === 0 || new Date(day).getUTCDay() === 6) day += DAY;
  return day;
}

/** Rounded to $0.1 million, never below it: every written form ("$15.4 million", "$15,400,000") is exact. */
export function roundedMillions(dollars: number): number {
  return Math.max(100_000, Math.round(dollars / 100_000) * 100_000);
}

function between(rng: Rng, low: number, high: number): number {
  return low + rng.next() * (high - low);
}

function docketSpan(docket: Docket): [number, number] {
  const opened = Date.parse(docket.openedAt);
  return [opened, docket.closedAt ? Date.parse(docket.closedAt) : corpusEnd];
}

function applicantOf(docket: Docket): string {
  return docket.parties.find((party) => party.role === 'petitioner')?.name ?? '';
}

function recommendationsFor(rng: Rng, docket: Docket, requested: number): Recommendation[] {
  const staff = docket.parties.find((party) => party.role === 'staff');
  const intervenors = docket.parties.filter((party) => party.role === 'intervenor');
  const out: Recommendation[] = [];
  const taken = new Set([requested]);
  const add = (party: string, role: Recommendation['role'], share: [number, number]) => {
    let amount = roundedMillions(requested * between(rng, share[0], share[1]));
    while (taken.has(amount) && amount > 100_000) amount -= 100_000;
    if (taken.has(amount) || amount >= requested) return;
    taken.add(amount);
    out.push({ party, role, amount });
  };
  if (staff) add(staff.name, 'staff', [0.55, 0.85]);
  for (const intervenor of rng.sample(intervenors, rng.int(1, 2))) add(intervenor.name, 'intervenor', [0.15, 0.6]);
  return out;
}

function outcomeFor(rng: Rng, docket: Docket): ProceedingOutcome | null {
  if (docket.status === 'open') return null;
  if (docket.status === 'withdrawn') return 'withdrawn';
  switch (docket.caseType) {
    case 'rate case':
    case 'cost recovery':
      return rng.weighted<[ProceedingOutcome, number]>(
        [
          ['approved as modified', 7],
          ['approved', 2],
          ['denied', 1],
        ],
        (o) => o[1],
      )[0];
    case 'complaint':
      return rng.weighted<[ProceedingOutcome, number]>(
        [
          ['dismissed', 4],
          ['sustained in part', 3],
          ['sustained', 2],
        ],
        (o) => o[1],
      )[0];
    case 'rulemaking':
      return 'rules adopted';
    default:
      return rng.weighted<[ProceedingOutcome, number]>(
        [
          ['approved', 5],
          ['approved with conditions', 4],
          ['denied', 1],
        ],
        (o) => o[1],
      )[0];
  }
}

function scheduleFor(rng: Rng, opened: number, end: number): SchedulingOrder[] {
  const span = end - opened;
  const orders: SchedulingOrder[] = [];
  let issued = weekday(opened + between(rng, 0.03, 0.1) * span + 3 * DAY);
  let hearing = weekday(opened + between(rng, 0.4, 0.6) * span);
  const wanted = rng.weighted([1, 2, 3], (n) => (n === 1 ? 0.45 : n === 2 ? 0.35 : 0.2));
  for (let n = 0; n < wanted; n++) {
    if (n > 0) {
      // A revision comes before the hearing it moves, and postpones it.
      const nextIssued = weekday(issued + between(rng, 0.3, 0.8) * (hearing - issued));
      const nextHearing = weekday(hearing + rng.int(21, 90) * DAY);
      if (nextIssued <= issued + 7 * DAY || nextIssued >= hearing - 7 * DAY || nextHearing > opened + 0.85 * span)
        break;
      issued = nextIssued;
      hearing = nextHearing;
    }
    // Intervention closes early in the gap before the hearing, comments late in it: never out of order.
    const gap = hearing - issued;
    const interventionDeadline = weekday(issued + Math.min(rng.int(14, 40) * DAY, 0.4 * gap));
    const commentDeadline = weekday(hearing - Math.min(rng.int(10, 35) * DAY, 0.3 * gap));
    orders.push({
      issuedAt: isoDate(issued),
      hearingDate: isoDate(hearing),
      commentDeadline: isoDate(commentDeadline),
      interventionDeadline: isoDate(interventionDeadline),
    });
  }
  return orders;
}

function intervenorsFor(
  rng: Rng,
  docket: Docket,
  opened: number,
  firstOrder: SchedulingOrder | undefined,
  end: number,
): IntervenorRecord[] {
  const names = docket.parties.filter((party) => party.role === 'intervenor').map((party) => party.name);
  if (names.length === 0) return [];
  const deadline = firstOrder ? Date.parse(firstOrder.interventionDeadline) : opened + 30 * DAY;
  const firstGrant = weekday(deadline + rng.int(7, 21) * DAY);
  const late = rng.chance(0.35) && names.length > 1 ? rng.int(1, Math.min(2, names.length - 1)) : 0;
  const secondGrant = weekday(firstGrant + rng.int(20, 60) * DAY);
  return names.map((name, i) => {
    const isLate = i >= names.length - late && secondGrant < end;
    const petition = isLate
      ? weekday(deadline + rng.int(3, Math.max(4, Math.floor((secondGrant - deadline) / DAY) - 7)) * DAY)
      : weekday(opened + rng.int(2, Math.max(3, Math.floor((deadline - opened) / DAY) - 1)) * DAY);
    return {
      name,
      petitionFiledAt: isoDate(Math.min(petition, end)),
      grantedAt: isoDate(Math.min(isLate ? secondGrant : firstGrant, end)),
    };
  });
}

/** The one record of `docket` for `seed`: the same whichever filing asks for it. */
export function proceedingRecord(seed: Seed, docket: Docket): ProceedingRecord {
  const rng = Rng.derive(seed, 'record', docket.id);
  const [opened, end] = docketSpan(docket);
  const agency = docket.caseType !== 'petition for review' && docket.caseType !== 'civil action';
  const requestedIncrease = agency && moneyCaseTypes.has(docket.caseType) ? roundedMillions(docket.amount) : null;
  const recommendations = requestedIncrease === null ? [] : recommendationsFor(rng, docket, requestedIncrease);
  const outcome = agency ? outcomeFor(rng, docket) : null;
  let approvedIncrease: number | null = null;
  if (requestedIncrease !== null && outcome === 'approved') approvedIncrease = requestedIncrease;
  if (requestedIncrease !== null && outcome === 'approved as modified') {
    const floor = Math.max(0, ...recommendations.map((r) => r.amount));
    approvedIncrease = roundedMillions(between(rng, floor, requestedIncrease));
    if (approvedIncrease >= requestedIncrease) approvedIncrease = Math.max(floor, requestedIncrease - 100_000);
  }
  const schedule = agency ? scheduleFor(rng, opened, end) : [];
  const intervenors = agency ? intervenorsFor(rng, docket, opened, schedule[0], end) : [];
  return {
    docketId: docket.id,
    docketNumber: docket.number,
    sourceId: docket.sourceId,
    applicant: docket.caseType === 'rulemaking' ? '' : applicantOf(docket),
    requestedIncrease,
    recommendations,
    approvedIncrease,
    outcome,
    schedule,
    intervenors,
  };
}

/** The scheduling order in force on `atMs` (the latest issued by then), if any. */
export function scheduleInForce(
  record: ProceedingRecord,
  atMs: number,
): { order: SchedulingOrder; index: number } | undefined {
  const day = isoDate(atMs);
  for (let i = record.schedule.length - 1; i >= 0; i--) {
    const order = record.schedule[i] as SchedulingOrder;
    if (order.issuedAt <= day) return { order, index: i };
  }
  return undefined;
}
