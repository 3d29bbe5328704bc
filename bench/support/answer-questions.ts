/**
 * Questions about generated proceedings, written from what the corpus states of each docket's
 * record (Filing.statements): amounts, dates, parties, positions and outcomes, each in several
 * wordings, naming the docket, only the company or party, or leaving the docket to a workspace's
 * filters. Only what some filing states is asked.
 */
import { Rng, type Catalog, type Docket, type Filing, type ProceedingRecord, type StatedFact } from '@docket/corpus';
import { proceedingRecord } from '@docket/corpus';
import type { EvalQuestion, Naming, QuestionType } from './answer-scoring';

export interface DocketTruth {
  docket: Docket;
  record: ProceedingRecord;
  sourceName: string;
  filings: Filing[];
  statements: StatedFact[];
}

/** Every docket that has filings, with its record and everything its filings state. */
export function docketTruths(seed: string, catalog: Catalog, dockets: readonly Docket[], filings: Iterable<Filing>): DocketTruth[] {
  const sourceNames = new Map(catalog.sources.map((source) => [source.id, source.name]));
  const byKey = new Map<string, DocketTruth>();
  const docketByKey = new Map(dockets.map((docket) => [`${docket.sourceId}|${docket.number}`, docket]));
  for (const filing of filings) {
    const key = `${filing.sourceId}|${filing.docketNumber}`;
    let truth = byKey.get(key);
    if (!truth) {
      const docket = docketByKey.get(key);
      if (!docket) continue;
      truth = { docket, record: proceedingRecord(seed, docket), sourceName: sourceNames.get(docket.sourceId) ?? docket.sourceId, filings: [], statements: [] };
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
const kindOf = (t: DocketTruth) => (t.docket.caseType === 'rate case' ? `${t.docket.industry} rate case` : t.docket.caseType === 'cost recovery' ? 'cost recovery petition' : 'proceeding');
const staffName = (party: string) => (party.startsWith('Staff') || party.includes('Staff') ? 'Staff' : party);

const wordings: Record<QuestionType, Wording[]> = {
  requested_amount: [
    { naming: 'docket', text: (t) => `What rate increase did ${t.record.applicant} request in docket ${docketRef(t)}?` },
    { naming: 'docket', text: (t) => `How much additional revenue is being requested in ${docketRef(t)}?` },
    { naming: 'party', text: (t) => `How much is ${t.record.applicant} asking for in its ${kindOf(t)}?` },
    { naming: 'filter-docket', text: () => `What increase did the utility request?` },
    { naming: 'filter-agency', text: (t) => `What is the requested revenue increase in ${t.record.applicant}'s ${kindOf(t)}?` },
  ],
  recommended_amount: [
    { naming: 'docket', text: (t, party) => `What increase does ${staffName(party)} recommend in docket ${docketRef(t)}?` },
    { naming: 'docket', text: (t, party) => `How much should the revenue increase be in ${docketRef(t)} according to ${staffName(party)}?` },
    { naming: 'party', text: (t, party) => `What revenue increase did ${staffName(party)} recommend for ${t.record.applicant}?` },
    { naming: 'filter-docket', text: (_t, party) => `What is ${staffName(party)}'s recommended increase?` },
    { naming: 'filter-agency', text: (t, party) => `${staffName(party)}'s recommendation on ${t.record.applicant}'s requested increase` },
  ],
  approved_amount: [
    { naming: 'docket', text: (t) => `What increase did the Commission authorize in docket ${docketRef(t)}?` },
    { naming: 'docket', text: (t) => `How much was ${t.record.applicant} allowed to raise its revenues in ${docketRef(t)}?` },
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
    { naming: 'party', text: (t, party) => `What did ${staffName(party)} argue about ${t.record.applicant}'s ${kindOf(t)}?` },
    { naming: 'filter-docket', text: (_t, party) => `Summarize the arguments of ${staffName(party)}.` },
    { naming: 'filter-agency', text: (t, party) => `${staffName(party)}'s position on the ${t.record.applicant} ${kindOf(t)}` },
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
  if (record.requestedIncrease !== null && stated(t, 'requested_amount').length > 0) out.push({ type: 'requested_amount', truth: t, party: record.applicant, expected: { amount: record.requestedIncrease } });
  for (const recommendation of record.recommendations) {
    if (stated(t, 'recommended_amount', (s) => s.party === recommendation.party).length > 0) {
      out.push({ type: 'recommended_amount', truth: t, party: recommendation.party, expected: { amount: recommendation.amount, party: recommendation.party } });
    }
  }
  // What was authorized is asked only when a decision says it (a settlement's agreed amount is not an authorization).
  const decided = t.filings.some((f) => f.filingCategory === 'Decision' && f.statements.some((s) => s.kind === 'approved_amount'));
  if (record.approvedIncrease !== null && decided) out.push({ type: 'approved_amount', truth: t, party: record.applicant, expected: { amount: record.approvedIncrease } });
  const order = record.schedule[latest];
  if (order) {
    const superseded = stated(t, 'hearing_date', (s) => (s.order ?? 0) < latest).length > 0;
    if (stated(t, 'hearing_date', (s) => s.order === latest).length > 0) out.push({ type: 'hearing_date', truth: t, party: '', expected: { date: order.hearingDate }, supersededSchedule: superseded });
    if (stated(t, 'comment_deadline', (s) => s.order === latest).length > 0) out.push({ type: 'comment_deadline', truth: t, party: '', expected: { date: order.commentDeadline }, supersededSchedule: superseded });
  }
  const intervenors = [...new Set(stated(t, 'intervenor').map((s) => s.party))];
  if (intervenors.length > 0) out.push({ type: 'intervenors', truth: t, party: '', expected: { parties: intervenors, allowed: record.intervenors.map((i) => i.name) } });
  if (record.applicant && t.docket.caseType !== 'complaint' && stated(t, 'applicant').length > 0) out.push({ type: 'applicant', truth: t, party: record.applicant, expected: { party: record.applicant } });
  const arguing = new Set(stated(t, 'position').map((s) => s.party));
  for (const party of t.docket.parties) {
    if ((party.role === 'intervenor' || party.role === 'staff') && arguing.has(party.name)) out.push({ type: 'position', truth: t, party: party.name, expected: { party: party.name } });
  }
  if (record.outcome && stated(t, 'outcome').length > 0) out.push({ type: 'outcome', truth: t, party: record.applicant, expected: { outcome: record.outcome } });
  return out;
}

/**
 * Up to `perType` questions of each type, over as many dockets as there are, wordings taken in turn.
 * A wording naming only the company is used when the company takes part in no other docket of the
 * corpus (in no other of the agency's, for the agency filter), so the proceeding can be inferred.
 */
export function evalQuestions(seed: string, truths: readonly DocketTruth[], perType: number): EvalQuestion[] {
  const rng = Rng.derive(seed, 'answers-eval');
  // Every docket a name takes part in, in any role: a company named alone must point at one proceeding.
  const partyDockets = new Map<string, DocketTruth[]>();
  for (const t of truths) for (const party of t.docket.parties) partyDockets.set(party.name, [...(partyDockets.get(party.name) ?? []), t]);
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
    const pool = rng.sample(all.filter((c) => c.type === type), Number.MAX_SAFE_INTEGER);
    pool.sort((a, b) => Number(b.supersededSchedule ?? false) - Number(a.supersededSchedule ?? false));
    const options = wordings[type];
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
  return questions;
}
