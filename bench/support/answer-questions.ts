/**
 * Questions about generated proceedings, written from what the corpus states of each docket's
 * record (Filing.statements): amounts, dates, parties, positions and outcomes, each in several
 * wordings, naming the docket, only the company or party, or leaving the docket to a workspace's
 * filters; a company's current proceeding (named by the company alone, or with a year), dates in
 * force told in their tense, and a named docket a workspace's default filter leaves out. Only what
 * some filing states is asked.
 */
import {
  proceedingRecord,
  Rng,
  type Catalog,
  type Docket,
  type Filing,
  type ProceedingRecord,
  type StatedFact,
} from '@docket/corpus';
import type { EvalQuestion, Naming, QuestionType } from './answer-scoring';

export interface DocketTruth {
  docket: Docket;
  record: ProceedingRecord;
  sourceName: string;
  /** The docket's opening day (YYYY-MM-DD), moved as the filings were. */
  openedAt: string;
  filings: Filing[];
  statements: StatedFact[];
}

export interface TruthOptions {
  /** Days the filings were moved (generateFilings' shiftDays): the record's dates move with them. */
  shiftDays?: number;
  /**
   * The day the corpus is read on (YYYY-MM-DD, moved time): scheduling orders issued and
   * interventions granted after it have not happened yet. Default: none is left out.
   */
  asOf?: string;
}

const DAY_MS = 86_400_000;
const movedDay = (iso: string, days: number) =>
  days === 0 ? iso : new Date(Date.parse(iso.slice(0, 10)) + days * DAY_MS).toISOString().slice(0, 10);

/** The record with its dates moved `days` days, as of `asOf` (orders issued and grants made by then). */
function recordAsOf(record: ProceedingRecord, days: number, asOf: string | undefined): ProceedingRecord {
  const schedule = record.schedule.map((order) => ({
    issuedAt: movedDay(order.issuedAt, days),
    hearingDate: movedDay(order.hearingDate, days),
    commentDeadline: movedDay(order.commentDeadline, days),
    interventionDeadline: movedDay(order.interventionDeadline, days),
  }));
  const intervenors = record.intervenors.map((i) => ({
    ...i,
    petitionFiledAt: movedDay(i.petitionFiledAt, days),
    grantedAt: movedDay(i.grantedAt, days),
  }));
  return {
    ...record,
    schedule: asOf ? schedule.filter((order) => order.issuedAt <= asOf) : schedule,
    intervenors: asOf ? intervenors.filter((i) => i.grantedAt <= asOf) : intervenors,
  };
}

/** Every docket that has filings, with its record and everything its filings state. */
export function docketTruths(
  seed: string,
  catalog: Catalog,
  dockets: readonly Docket[],
  filings: Iterable<Filing>,
  options: TruthOptions = {},
): DocketTruth[] {
  const sourceNames = new Map(catalog.sources.map((source) => [source.id, source.name]));
  const byKey = new Map<string, DocketTruth>();
  const docketByKey = new Map(dockets.map((docket) => [`${docket.sourceId}|${docket.number}`, docket]));
  const days = Math.round(options.shiftDays ?? 0);
  for (const filing of filings) {
    const key = `${filing.sourceId}|${filing.docketNumber}`;
    let truth = byKey.get(key);
    if (!truth) {
      const docket = docketByKey.get(key);
      if (!docket) continue;
      truth = {
        docket,
        record: recordAsOf(proceedingRecord(seed, docket), days, options.asOf),
        sourceName: sourceNames.get(docket.sourceId) ?? docket.sourceId,
        openedAt: movedDay(docket.openedAt, days),
        filings: [],
        statements: [],
      };
      byKey.set(key, truth);
    }
    truth.filings.push(filing);
    truth.statements.push(...filing.statements);
  }
  return [...byKey.values()];
}

/** A question's text for one truth; `naming` says how it names the proceeding. */
interface Wording {
  naming: Naming;
  text: (t: DocketTruth, party: string) => string;
}

const docketRef = (t: DocketTruth) => t.docket.number;
const kindOf = (t: DocketTruth) =>
  t.docket.caseType === 'rate case'
    ? `${t.docket.industry} rate case`
    : t.docket.caseType === 'cost recovery'
      ? 'cost recovery petition'
      : 'proceeding';
const staffName = (party: string) => (party.startsWith('Staff') || party.includes('Staff') ? 'Staff' : party);

/** The kinds asked of one docket at a time, in these wordings (the others are built in evalQuestions). */
const wordings: Partial<Record<QuestionType, Wording[]>> = {
  requested_amount: [
    {
      naming: 'docket',
      text: (t) => `What rate increase did ${t.record.applicant} request in docket ${docketRef(t)}?`,
    },
    { naming: 'docket', text: (t) => `How much additional revenue is being requested in ${docketRef(t)}?` },
    { naming: 'party', text: (t) => `How much is ${t.record.applicant} asking for in its ${kindOf(t)}?` },
    { naming: 'filter-docket', text: () => `What increase did the utility request?` },
    {
      naming: 'filter-agency',
      text: (t) => `What is the requested revenue increase in ${t.record.applicant}'s ${kindOf(t)}?`,
    },
  ],
  recommended_amount: [
    {
      naming: 'docket',
      text: (t, party) => `What increase does ${staffName(party)} recommend in docket ${docketRef(t)}?`,
    },
    {
      naming: 'docket',
      text: (t, party) =>
        `How much should the revenue increase be in ${docketRef(t)} according to ${staffName(party)}?`,
    },
    {
      naming: 'party',
      text: (t, party) => `What revenue increase did ${staffName(party)} recommend for ${t.record.applicant}?`,
    },
    { naming: 'filter-docket', text: (_t, party) => `What is ${staffName(party)}'s recommended increase?` },
    {
      naming: 'filter-agency',
      text: (t, party) => `${staffName(party)}'s recommendation on ${t.record.applicant}'s requested increase`,
    },
  ],
  approved_amount: [
    { naming: 'docket', text: (t) => `What increase did the Commission authorize in docket ${docketRef(t)}?` },
    {
      naming: 'docket',
      text: (t) => `How much was ${t.record.applicant} allowed to raise its revenues in ${docketRef(t)}?`,
    },
    { naming: 'party', text: (t) => `What revenue increase was ${t.record.applicant} granted?` },
    { naming: 'filter-docket', text: () => `What was the approved increase?` },
    { naming: 'filter-agency', text: (t) => `Authorized increase for ${t.record.applicant}` },
  ],
  hearing_date: [
    { naming: 'docket', text: (t) => `When is the evidentiary hearing in docket ${docketRef(t)}?` },
    { naming: 'docket', text: (t) => `What is the current hearing date in ${docketRef(t)}?` },
    { naming: 'party', text: (t) => `When will the hearing on ${t.record.applicant}'s ${kindOf(t)} be held?` },
    { naming: 'filter-docket', text: () => `When is the hearing scheduled?` },
    { naming: 'filter-agency', text: (t) => `Hearing date in the ${t.record.applicant} ${kindOf(t)}` },
  ],
  comment_deadline: [
    { naming: 'docket', text: (t) => `When are comments due in docket ${docketRef(t)}?` },
    { naming: 'docket', text: (t) => `What is the comment deadline in ${docketRef(t)}?` },
    { naming: 'party', text: (t) => `By when must comments on ${t.record.applicant}'s ${kindOf(t)} be filed?` },
    { naming: 'filter-docket', text: () => `What is the deadline for comments?` },
    { naming: 'filter-agency', text: (t) => `Comment due date for the ${t.record.applicant} ${kindOf(t)}` },
  ],
  intervenors: [
    { naming: 'docket', text: (t) => `Which parties intervened in docket ${docketRef(t)}?` },
    { naming: 'docket', text: (t) => `Who are the intervenors in ${docketRef(t)}?` },
    { naming: 'party', text: (t) => `Who intervened in ${t.record.applicant}'s ${kindOf(t)}?` },
    { naming: 'filter-docket', text: () => `Which parties were granted intervention?` },
    { naming: 'filter-agency', text: (t) => `List the intervenors in the ${t.record.applicant} ${kindOf(t)}` },
  ],
  applicant: [
    { naming: 'docket', text: (t) => `Who is the applicant in docket ${docketRef(t)}?` },
    { naming: 'docket', text: (t) => `Which company filed the application in ${docketRef(t)}?` },
    { naming: 'docket', text: (t) => `Who brought docket ${docketRef(t)}?` },
    { naming: 'filter-docket', text: () => `Who is the applicant?` },
  ],
  position: [
    { naming: 'docket', text: (t, party) => `What does ${staffName(party)} argue in docket ${docketRef(t)}?` },
    { naming: 'docket', text: (t, party) => `What is ${staffName(party)}'s position in ${docketRef(t)}?` },
    {
      naming: 'party',
      text: (t, party) => `What did ${staffName(party)} argue about ${t.record.applicant}'s ${kindOf(t)}?`,
    },
    { naming: 'filter-docket', text: (_t, party) => `Summarize the arguments of ${staffName(party)}.` },
    {
      naming: 'filter-agency',
      text: (t, party) => `${staffName(party)}'s position on the ${t.record.applicant} ${kindOf(t)}`,
    },
  ],
  outcome: [
    { naming: 'docket', text: (t) => `What did the Commission decide in docket ${docketRef(t)}?` },
    { naming: 'docket', text: (t) => `How was ${docketRef(t)} resolved?` },
    { naming: 'party', text: (t) => `What was the outcome of ${t.record.applicant}'s ${kindOf(t)}?` },
    { naming: 'filter-docket', text: () => `What did the Commission order?` },
    { naming: 'filter-agency', text: (t) => `Outcome of the ${t.record.applicant} ${kindOf(t)}` },
  ],
};

interface Candidate {
  type: QuestionType;
  truth: DocketTruth;
  party: string;
  expected: EvalQuestion['expected'];
  supersededSchedule?: boolean;
}

function stated(t: DocketTruth, kind: StatedFact['kind'], test: (s: StatedFact) => boolean = () => true): StatedFact[] {
  return t.statements.filter((s) => s.kind === kind && test(s));
}

/** What can be asked of one docket: facts some filing states. */
function candidatesOf(t: DocketTruth): Candidate[] {
  const { record } = t;
  const out: Candidate[] = [];
  const latest = record.schedule.length - 1;
  if (record.requestedIncrease !== null && stated(t, 'requested_amount').length > 0)
    out.push({
      type: 'requested_amount',
      truth: t,
      party: record.applicant,
      expected: { amount: record.requestedIncrease },
    });
  for (const recommendation of record.recommendations) {
    if (stated(t, 'recommended_amount', (s) => s.party === recommendation.party).length > 0) {
      out.push({
        type: 'recommended_amount',
        truth: t,
        party: recommendation.party,
        expected: { amount: recommendation.amount, party: recommendation.party },
      });
    }
  }
  // What was authorized is asked only when a decision says it (a settlement's agreed amount is not an authorization).
  const decided = t.filings.some(
    (f) => f.filingCategory === 'Decision' && f.statements.some((s) => s.kind === 'approved_amount'),
  );
  if (record.approvedIncrease !== null && decided)
    out.push({
      type: 'approved_amount',
      truth: t,
      party: record.applicant,
      expected: { amount: record.approvedIncrease },
    });
  const order = record.schedule[latest];
  if (order) {
    const superseded = stated(t, 'hearing_date', (s) => (s.order ?? 0) < latest).length > 0;
    if (stated(t, 'hearing_date', (s) => s.order === latest).length > 0)
      out.push({
        type: 'hearing_date',
        truth: t,
        party: '',
        expected: { date: order.hearingDate },
        supersededSchedule: superseded,
      });
    if (stated(t, 'comment_deadline', (s) => s.order === latest).length > 0)
      out.push({
        type: 'comment_deadline',
        truth: t,
        party: '',
        expected: { date: order.commentDeadline },
        supersededSchedule: superseded,
      });
  }
  // The intervenors are the parties the orders granting intervention name (a petition to intervene is no grant).
  const granted = [
    ...new Set(
      t.filings
        .filter((f) => f.filingCategory === 'Order')
        .flatMap((f) => f.statements)
        .filter((s) => s.kind === 'intervenor')
        .map((s) => s.party),
    ),
  ];
  if (granted.length > 0) out.push({ type: 'intervenors', truth: t, party: '', expected: { parties: granted } });
  if (record.applicant && t.docket.caseType !== 'complaint' && stated(t, 'applicant').length > 0)
    out.push({ type: 'applicant', truth: t, party: record.applicant, expected: { party: record.applicant } });
  const arguing = new Set(stated(t, 'position').map((s) => s.party));
  for (const party of t.docket.parties) {
    if ((party.role === 'intervenor' || party.role === 'staff') && arguing.has(party.name))
      out.push({ type: 'position', truth: t, party: party.name, expected: { party: party.name } });
  }
  if (record.outcome && stated(t, 'outcome').length > 0)
    out.push({ type: 'outcome', truth: t, party: record.applicant, expected: { outcome: record.outcome } });
  return out;
}

/**
 * Up to `perType` questions of each type, over as many dockets as there are, wordings taken in turn.
 * A wording naming only the company is used when the company takes part in no other docket of the
 * corpus (in no other of the agency's, for the agency filter), so the proceeding can be inferred;
 * current_proceeding asks it of a company with several. `today` (YYYY-MM-DD, default the real one)
 * is the day the answers are written: a date before it is told as past.
 */
export function evalQuestions(
  seed: string,
  truths: readonly DocketTruth[],
  perType: number,
  options: { today?: string } = {},
): EvalQuestion[] {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const rng = Rng.derive(seed, 'answers-eval');
  // Every docket a name takes part in, in any role: a company named alone must point at one proceeding.
  const partyDockets = new Map<string, DocketTruth[]>();
  for (const t of truths)
    for (const party of t.docket.parties) partyDockets.set(party.name, [...(partyDockets.get(party.name) ?? []), t]);
  const namesOne = (t: DocketTruth, naming: Naming) => {
    if (naming !== 'docket' && naming !== 'filter-docket' && !t.record.applicant) return false;
    const same = partyDockets.get(t.record.applicant) ?? [];
    if (naming === 'party') return same.length === 1;
    if (naming === 'filter-agency') return same.filter((o) => o.docket.sourceId === t.docket.sourceId).length === 1;
    return true;
  };
  const all = truths.flatMap(candidatesOf);
  const questions: EvalQuestion[] = [];
  for (const type of Object.keys(wordings) as QuestionType[]) {
    // Dockets with a superseded schedule first for date questions, then the rest in a seeded order.
    const pool = rng.sample(
      all.filter((c) => c.type === type),
      Number.MAX_SAFE_INTEGER,
    );
    pool.sort((a, b) => Number(b.supersededSchedule ?? false) - Number(a.supersededSchedule ?? false));
    const options = wordings[type] ?? [];
    const asked = new Set<string>();
    let count = 0;
    let turn = 0;
    // Each round asks each candidate once more (small pools), in the next wording that can name its proceeding.
    for (let round = 0; round < 3 && count < perType; round++) {
      for (const candidate of pool) {
        if (count >= perType) break;
        let wording: Wording | undefined;
        for (let tries = 0; tries < options.length && !wording; tries++) {
          const next = options[turn++ % options.length] as Wording;
          const key = `${candidate.truth.docket.id}|${candidate.party}|${options.indexOf(next)}`;
          if (namesOne(candidate.truth, next.naming) && !asked.has(key)) {
            wording = next;
            asked.add(key);
          }
        }
        if (!wording) continue;
        count++;
        const { docket } = candidate.truth;
        questions.push({
          id: `${type}-${questions.length}`,
          type,
          question: wording.text(candidate.truth, candidate.party),
          filters: {
            dockets: wording.naming === 'filter-docket' ? [docket.number] : [],
            agencies: wording.naming === 'filter-agency' ? [docket.sourceId] : [],
          },
          naming: wording.naming,
          docketNumber: docket.number,
          sourceId: docket.sourceId,
          expected: candidate.expected,
          ...(candidate.supersededSchedule !== undefined ? { supersededSchedule: candidate.supersededSchedule } : {}),
        });
      }
    }
  }
  const next = (type: QuestionType) => `${type}-${questions.length}`;
  for (const q of currentProceedingQuestions(rng, truths, perType))
    questions.push({ ...q, id: next('current_proceeding') });
  for (const q of tenseQuestions(rng, all, perType, today)) questions.push({ ...q, id: next('date_tense') });
  for (const q of outsideFilterQuestions(rng, truths, all, perType))
    questions.push({ ...q, id: next('named_outside_filter') });
  return questions;
}

const latestFiled = (t: DocketTruth) => t.filings.reduce((latest, f) => (f.filedAt > latest ? f.filedAt : latest), '');
const yearOf = (iso: string) => Number(iso.slice(0, 4));

/**
 * A company named alone ("What rate increase did X request?") with several rate proceedings of its
 * own: the answer is about its latest by filing date. Named with a year ("… request in 2021?"), about
 * the one it opened that year (a year it opened no other in).
 */
function currentProceedingQuestions(
  rng: Rng,
  truths: readonly DocketTruth[],
  perKind: number,
): Omit<EvalQuestion, 'id'>[] {
  const byApplicant = new Map<string, DocketTruth[]>();
  for (const t of truths) {
    if (!t.record.applicant || t.record.requestedIncrease === null) continue;
    byApplicant.set(t.record.applicant, [...(byApplicant.get(t.record.applicant) ?? []), t]);
  }
  const asked = (t: DocketTruth, question: string, naming: Naming): Omit<EvalQuestion, 'id'> => ({
    type: 'current_proceeding',
    asks: 'requested_amount',
    question,
    naming,
    filters: { dockets: [], agencies: [] },
    docketNumber: t.docket.number,
    sourceId: t.docket.sourceId,
    expected: { amount: t.record.requestedIncrease ?? NaN },
  });
  const latestFirst: Omit<EvalQuestion, 'id'>[] = [];
  const byYear: Omit<EvalQuestion, 'id'>[] = [];
  const groups = rng.sample(
    [...byApplicant.entries()].filter(([, own]) => own.length >= 2),
    Number.MAX_SAFE_INTEGER,
  );
  groups.forEach(([applicant, own], i) => {
    const newestFirst = [...own].sort((a, b) => latestFiled(b).localeCompare(latestFiled(a)));
    const latest = newestFirst[0] as DocketTruth;
    if (stated(latest, 'requested_amount').length > 0) {
      latestFirst.push(
        asked(
          latest,
          i % 2 === 0
            ? `What rate increase did ${applicant} request?`
            : `How much additional revenue is ${applicant} seeking?`,
          'party',
        ),
      );
    }
    for (const older of newestFirst.slice(1)) {
      const year = yearOf(older.openedAt);
      if (stated(older, 'requested_amount').length === 0 || own.some((o) => o !== older && yearOf(o.openedAt) === year))
        continue;
      byYear.push(
        asked(
          older,
          i % 2 === 0
            ? `What rate increase did ${applicant} request in ${year}?`
            : `How much did ${applicant} ask for in its ${year} rate filing?`,
          'party-year',
        ),
      );
      break;
    }
  });
  // Both ways in turn, the latest first.
  const out: Omit<EvalQuestion, 'id'>[] = [];
  for (let i = 0; out.length < perKind && (i < latestFirst.length || i < byYear.length); i++) {
    if (latestFirst[i]) out.push(latestFirst[i] as Omit<EvalQuestion, 'id'>);
    if (byYear[i] && out.length < perKind) out.push(byYear[i] as Omit<EvalQuestion, 'id'>);
  }
  return out;
}

/**
 * The hearing or comment deadline in force, asked by docket; as many coming dates as there are (told
 * "is set for", "are due"), then past ones ("was held on", "were due"), in turn.
 */
function tenseQuestions(
  rng: Rng,
  all: readonly Candidate[],
  perKind: number,
  today: string,
): Omit<EvalQuestion, 'id'>[] {
  const dated = rng.sample(
    all.filter((c) => (c.type === 'hearing_date' || c.type === 'comment_deadline') && c.expected.date),
    Number.MAX_SAFE_INTEGER,
  );
  const coming = dated.filter((c) => (c.expected.date as string) >= today);
  const past = dated.filter((c) => (c.expected.date as string) < today);
  const picked: Candidate[] = [];
  for (let i = 0; picked.length < perKind && (i < coming.length || i < past.length); i++) {
    if (coming[i]) picked.push(coming[i] as Candidate);
    if (past[i] && picked.length < perKind) picked.push(past[i] as Candidate);
  }
  const texts: Record<'hearing_date' | 'comment_deadline', ((n: string) => string)[]> = {
    hearing_date: [
      (n) => `When is the evidentiary hearing in docket ${n}?`,
      (n) => `Has the hearing in docket ${n} been held yet?`,
    ],
    comment_deadline: [
      (n) => `When are comments due in docket ${n}?`,
      (n) => `Is the comment deadline in docket ${n} still ahead?`,
    ],
  };
  return picked.map((c, i) => {
    const asks = c.type as 'hearing_date' | 'comment_deadline';
    return {
      type: 'date_tense',
      asks,
      question: (texts[asks][i % 2] as (n: string) => string)(c.truth.docket.number),
      naming: 'docket',
      filters: { dockets: [], agencies: [] },
      docketNumber: c.truth.docket.number,
      sourceId: c.truth.docket.sourceId,
      expected: c.expected,
      tense: (c.expected.date as string) < today ? 'past' : 'coming',
      ...(c.supersededSchedule !== undefined ? { supersededSchedule: c.supersededSchedule } : {}),
    };
  });
}

/**
 * A question naming its docket, asked in a workspace whose default filter is another agency: the
 * answer should read the named docket and say that the filters leave it out.
 */
function outsideFilterQuestions(
  rng: Rng,
  truths: readonly DocketTruth[],
  all: readonly Candidate[],
  perKind: number,
): Omit<EvalQuestion, 'id'>[] {
  const agencies = [...new Set(truths.map((t) => t.docket.sourceId))].sort();
  if (agencies.length < 2) return [];
  const kinds: QuestionType[] = ['requested_amount', 'hearing_date', 'outcome', 'applicant'];
  const pool = rng.sample(
    all.filter((c) => kinds.includes(c.type)),
    Number.MAX_SAFE_INTEGER,
  );
  const seen = new Set<string>();
  const out: Omit<EvalQuestion, 'id'>[] = [];
  for (const c of pool) {
    if (out.length >= perKind) break;
    if (seen.has(c.truth.docket.id)) continue;
    seen.add(c.truth.docket.id);
    const docketWordings = (wordings[c.type] ?? []).filter((w) => w.naming === 'docket');
    const wording = docketWordings[out.length % docketWordings.length] as Wording;
    const other = agencies[
      (agencies.indexOf(c.truth.docket.sourceId) + 1 + (out.length % (agencies.length - 1))) % agencies.length
    ] as string;
    out.push({
      type: 'named_outside_filter',
      asks: c.type,
      question: wording.text(c.truth, c.party),
      naming: 'docket',
      filters: { dockets: [], agencies: [] },
      workspaceFilters: { agencies: [other] },
      docketNumber: c.truth.docket.number,
      sourceId: c.truth.docket.sourceId,
      expected: c.expected,
    });
  }
  return out;
}
