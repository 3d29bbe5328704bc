/**
 * The sentences that state the docket's record (proceeding-record.ts): each fact has several
 * wordings, so a corpus built with another seed does not read like the one an answer engine was
 * tuned on. Every sentence records what it states on the context (TextContext.state).
 */
import type { Recommendation, SchedulingOrder } from './proceeding-record';
import type { TextContext } from './text-context';

type Wording<T> = (c: TextContext, value: T) => string;

function say<T>(c: TextContext, wordings: readonly Wording<T>[], value: T): string {
  return c.rng.pick(wordings)(c, value);
}

/** "Staff" for the agency's staff, the party's name otherwise. */
function named(c: TextContext, party: string): string {
  return c.docket.parties.find((p) => p.name === party)?.role === 'staff' ? 'Staff' : party;
}

/** The applicant's name, stated as the applicant. */
function applicantName(c: TextContext): string {
  const name = c.record.applicant;
  return c.state({ kind: 'applicant', party: name, value: name, written: name });
}

function requested(c: TextContext): string {
  const amount = c.record.requestedIncrease as number;
  return c.state({
    kind: 'requested_amount',
    party: c.record.applicant,
    value: String(amount),
    written: c.writeMoney(amount),
  });
}

function approved(c: TextContext): string {
  const amount = c.record.approvedIncrease as number;
  return c.state({
    kind: 'approved_amount',
    party: c.record.applicant,
    value: String(amount),
    written: c.writeMoney(amount),
  });
}

const requestWordings: Wording<void>[] = [
  (c) => `${c.record.applicant} requests authority to increase its annual revenues by ${requested(c)}.`,
  (c) => `By this application, ${c.record.applicant} seeks a revenue increase of ${requested(c)} over present rates.`,
  (c) =>
    `The Applicant asks ${c.body} to approve rates designed to produce ${requested(c)} in additional annual revenue.`,
  (c) =>
    `The total increase requested in this proceeding is ${requested(c)}, to be recovered from all customer classes.`,
];

const recoveryWordings: Wording<void>[] = [
  (c) => `${c.record.applicant} requests approval to recover ${requested(c)} from its customers.`,
  (c) => `The Petitioner seeks recovery of ${requested(c)} through the mechanism described below.`,
  (c) => `In total, the petition asks ${c.body} to authorize cost recovery of ${requested(c)}.`,
];

const applicantWordings: Wording<void>[] = [
  (c) => `${applicantName(c)} (the "Applicant") hereby files this application in ${c.docketRef()}.`,
  (c) =>
    `The Applicant in this proceeding is ${applicantName(c)}, ` +
    `a public utility subject to the jurisdiction of ${c.body}.`,
  (c) => `${applicantName(c)} respectfully submits this filing and requests the relief described herein.`,
];

const recommendationWordings: Wording<Recommendation>[] = [
  (c, r) =>
    `${named(c, r.party)} recommends an increase of ${recommended(c, r)}, ` +
    `rather than the ${requested(c)} the Company requested.`,
  (c, r) =>
    `Based on the adjustments described in this ${c.category === 'Brief' ? 'brief' : 'testimony'}, ` +
    `${named(c, r.party)} recommends that ${c.body} authorize no more than ${recommended(c, r)} of additional revenue.`,
  (c, r) => `${named(c, r.party)}'s recommended revenue increase is ${recommended(c, r)}.`,
  (c, r) =>
    `In ${named(c, r.party) === 'Staff' ? "Staff's" : 'its'} view, ` +
    `a revenue increase of ${recommended(c, r)} is sufficient, and ${named(c, r.party)} so recommends.`,
];

function recommended(c: TextContext, r: Recommendation): string {
  return c.state({
    kind: 'recommended_amount',
    party: r.party,
    value: String(r.amount),
    written: c.writeMoney(r.amount),
  });
}

const approvedWordings: Wording<void>[] = [
  (c) => `${c.record.applicant} is authorized to increase its annual revenues by ${approved(c)}.`,
  (c) => `${c.record.applicant} may file tariffs designed to produce an annual revenue increase of ${approved(c)}.`,
  (c) => `An increase in annual revenues of ${approved(c)} is approved.`,
];

const outcomeWording: Record<string, Wording<string>[]> = {
  approved: [
    (c, o) => `The application of ${c.record.applicant} is ${o}.`,
    (c, o) => `The request is ${o} as filed.`,
    (c, o) => `${c.record.applicant}'s petition is hereby ${o}.`,
  ],
  denied: [
    (c, o) => `The application of ${c.record.applicant} is ${o}.`,
    (c, o) => `The request is ${o} in its entirety.`,
    (c, o) => `${c.record.applicant}'s petition is hereby ${o}.`,
  ],
  'approved as modified': [
    (c, o) => `The application of ${c.record.applicant} is ${o} by this decision.`,
    (c, o) => `The request is ${o}, as set forth in the findings above.`,
    (c, o) => `${c.record.applicant}'s proposal is ${o}.`,
  ],
  'approved with conditions': [
    (c, o) => `The application is ${o} set forth in Appendix B.`,
    (c, o) => `The proposed transaction is ${o} stated in this order.`,
    (c, o) => `${c.record.applicant}'s request is ${o} described above.`,
  ],
  'rules adopted': [
    () => `The rules set forth in Appendix A to this decision are adopted.`,
    () => `The proposed rules, as revised in Appendix A, are adopted.`,
    () => `We adopt the rules in Appendix A.`,
  ],
  withdrawn: [
    (c) => `The application of ${c.record.applicant} is deemed withdrawn, and this proceeding is closed.`,
    (c) => `${c.record.applicant}'s motion to withdraw is granted; the application is withdrawn without prejudice.`,
    () => `The application having been withdrawn, the proceeding is closed.`,
  ],
  dismissed: [
    (c) => `The complaint of ${c.record.applicant} is dismissed.`,
    () => `The complaint is dismissed for failure to show a violation of any statute, rule or tariff.`,
    (c) => `${c.record.applicant}'s complaint is hereby dismissed.`,
  ],
  sustained: [
    (c) => `The complaint of ${c.record.applicant} is sustained.`,
    () => `The complaint is sustained, and the respondent shall take the corrective actions set forth above.`,
    (c) => `${c.record.applicant}'s complaint is hereby sustained.`,
  ],
  'sustained in part': [
    (c) => `The complaint of ${c.record.applicant} is sustained in part and otherwise dismissed.`,
    () => `The complaint is sustained in part, as described in the findings above.`,
    (c) => `${c.record.applicant}'s complaint is hereby sustained in part.`,
  ],
};

/**
 * What an outcome wording writes for `outcome` (the conditions wording reads "approved, subject to the conditions").
 */
function outcomeText(outcome: string): string {
  return outcome === 'approved with conditions' ? 'approved, subject to the conditions' : outcome;
}

/** The decision's ordering paragraphs on the merits: outcome, then the amount granted. */
export function decisionOrdering(c: TextContext): string[] {
  const outcome = c.record.outcome;
  if (!outcome || c.category !== 'Decision') return [];
  const wordings = outcomeWording[outcome] ?? outcomeWording.approved!;
  const sentence = say(c, wordings, outcomeText(outcome));
  c.state({
    kind: 'outcome',
    party: c.record.applicant,
    value: outcome,
    written: outcome === 'rules adopted' ? 'adopted' : outcomeText(outcome),
  });
  const out = [sentence];
  if (c.record.approvedIncrease !== null) out.push(say(c, approvedWordings, undefined));
  return out;
}

/** The decision's summary on its first page (only for decided dockets). */
function decisionSummary(c: TextContext): string[] {
  const { outcome, approvedIncrease, requestedIncrease, applicant } = c.record;
  if (!outcome || c.category !== 'Decision' || approvedIncrease === null || requestedIncrease === null) return [];
  return [
    c.rng.pick([
      () =>
        `By this decision, ${c.body} authorizes ${applicant} to increase its revenues by ${approved(c)}, ` +
        `compared with the ${requested(c)} it requested.`,
      () =>
        `This decision grants ${applicant} a revenue increase of ${approved(c)}; ` +
        `the Company had requested ${requested(c)}.`,
      () => `Summary: we authorize an increase of ${approved(c)} of the ${requested(c)} requested by ${applicant}.`,
    ])(),
  ];
}

function hearing(c: TextContext, order: SchedulingOrder, index: number): string {
  return c.state({
    kind: 'hearing_date',
    party: '',
    value: c.shifted(order.hearingDate),
    written: c.writeDay(order.hearingDate),
    order: index,
  });
}

function comments(c: TextContext, order: SchedulingOrder, index: number): string {
  return c.state({
    kind: 'comment_deadline',
    party: '',
    value: c.shifted(order.commentDeadline),
    written: c.writeDay(order.commentDeadline),
    order: index,
  });
}

function intervention(c: TextContext, order: SchedulingOrder, index: number): string {
  return c.state({
    kind: 'intervention_deadline',
    party: '',
    value: c.shifted(order.interventionDeadline),
    written: c.writeDay(order.interventionDeadline),
    order: index,
  });
}

type Dated = Wording<{ order: SchedulingOrder; index: number }>;

const hearingWordings: Dated[] = [
  (c, s) => `Evidentiary hearings will commence on ${hearing(c, s.order, s.index)} before ${c.alj()}.`,
  (c, s) => `The evidentiary hearing in this proceeding is scheduled for ${hearing(c, s.order, s.index)}.`,
  (c, s) =>
    `NOTICE IS HEREBY GIVEN that the evidentiary hearing in the above-captioned proceeding will be held ` +
    `on ${hearing(c, s.order, s.index)} at ${c.rng.int(9, 10)}:${c.rng.pick(['00', '30'])} a.m.`,
  (c, s) => `Hearing: ${hearing(c, s.order, s.index)}.`,
];

const commentWordings: Dated[] = [
  (c, s) => `Interested persons may file comments on or before ${comments(c, s.order, s.index)}.`,
  (c, s) => `Written comments are due ${comments(c, s.order, s.index)}.`,
  (c, s) => `The deadline for filing comments is ${comments(c, s.order, s.index)}.`,
];

const interventionWordings: Dated[] = [
  (c, s) => `Parties wishing to intervene shall file a petition no later than ${intervention(c, s.order, s.index)}.`,
  (c, s) => `Petitions to intervene are due by ${intervention(c, s.order, s.index)}.`,
  (c, s) => `The deadline to intervene is ${intervention(c, s.order, s.index)}.`,
];

/** The schedule of the order in force, written as an order adopts it or a notice announces it. */
function scheduleBlock(c: TextContext, inForce: { order: SchedulingOrder; index: number }, revising: boolean): string {
  const lines: string[] = [];
  const previous = inForce.index > 0 ? c.record.schedule[inForce.index - 1] : undefined;
  if (revising && previous) {
    const prior = { order: previous, index: inForce.index - 1 };
    lines.push(
      c.rng.pick([
        () =>
          `This order revises the procedural schedule adopted on ${c.writeDay(previous.issuedAt)}. ` +
          `The evidentiary hearing previously set for ${hearing(c, prior.order, prior.index)} ` +
          `is rescheduled to ${hearing(c, inForce.order, inForce.index)}.`,
        () =>
          `The schedule set on ${c.writeDay(previous.issuedAt)} is superseded: ` +
          `the hearing will no longer begin on ${hearing(c, prior.order, prior.index)} ` +
          `but on ${hearing(c, inForce.order, inForce.index)}.`,
        () =>
          `Good cause having been shown, the procedural schedule is revised, and the evidentiary hearing is ` +
          `moved from ${hearing(c, prior.order, prior.index)} to ${hearing(c, inForce.order, inForce.index)}.`,
      ])(),
    );
  } else {
    lines.push(say(c, hearingWordings, inForce));
  }
  lines.push(say(c, commentWordings, inForce), say(c, interventionWordings, inForce));
  return lines.join(' ');
}

/** The ordering paragraph that adopts the schedule (scheduling orders) or grants intervention. */
export function orderOrdering(c: TextContext): string[] {
  if (c.purpose.kind === 'scheduling-order') {
    const order = c.record.schedule[c.purpose.order] as SchedulingOrder;
    const supersedes = c.purpose.order > 0 ? ' and supersedes the schedule previously adopted' : '';
    return [
      `The procedural schedule set forth above is adopted${supersedes}, ` +
        `with the evidentiary hearing to begin on ${hearing(c, order, c.purpose.order)}.`,
    ];
  }
  if (c.purpose.kind === 'intervention-order') {
    return c.purpose.intervenors.map((name) => `The petition to intervene of ${intervenorName(c, name)} is granted.`);
  }
  return [];
}

function intervenorName(c: TextContext, name: string): string {
  return c.state({ kind: 'intervenor', party: name, value: name, written: name });
}

function listed(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Blocks on a filing's first page that state its share of the record. */
export function factBlocks(c: TextContext): string[] {
  const record = c.record;
  const out: string[] = [];
  const arguing =
    (c.category === 'Testimony' || c.category === 'Brief' || c.category === 'Comment') &&
    !c.isPublicComment &&
    c.filerRole !== '';
  if (arguing) c.state({ kind: 'position', party: c.filer, value: c.filer, written: c.filer });
  switch (c.category) {
    case 'Application':
      if (record.applicant && c.filers.includes(record.applicant)) {
        const sentences = [say(c, applicantWordings, undefined)];
        if (record.requestedIncrease !== null)
          sentences.push(say(c, c.docket.caseType === 'rate case' ? requestWordings : recoveryWordings, undefined));
        out.push(sentences.join(' '));
      }
      break;
    case 'Testimony':
    case 'Brief': {
      const recommendation = record.recommendations.find((r) => r.party === c.filer);
      if (recommendation) {
        const sentence = say(c, recommendationWordings, recommendation);
        out.push(
          c.category === 'Testimony' ? `Q. What revenue increase do you recommend?\n\nA. ${sentence}` : sentence,
        );
      } else if (record.requestedIncrease !== null && c.filer === record.applicant) {
        out.push(
          c.rng.pick([
            () => `The Company's requested increase of ${requested(c)} is necessary to recover its cost of service.`,
            () => `${record.applicant} continues to support its request for an increase of ${requested(c)}.`,
            () => `The evidence supports the full ${requested(c)} increase the Company requested.`,
          ])(),
        );
      }
      break;
    }
    case 'Notice': {
      const inForce = c.scheduleInForce;
      if (inForce && c.purpose.kind === 'schedule-notice') out.push(scheduleBlock(c, inForce, false));
      break;
    }
    case 'Order':
      if (c.purpose.kind === 'scheduling-order') {
        const index = c.purpose.order;
        out.push(scheduleBlock(c, { order: record.schedule[index] as SchedulingOrder, index }, index > 0));
      } else if (c.purpose.kind === 'intervention-order') {
        const names = c.purpose.intervenors;
        const one = names.length === 1;
        out.push(
          c.rng.pick([
            () =>
              `Before ${c.body} ${one ? 'is the petition' : 'are the petitions'} to intervene of ${listed(names)}. ` +
              `No party objected, and ${c.body} finds ` +
              `that ${one ? 'the petitioner has' : 'each petitioner has'} an interest in the proceeding.`,
            () =>
              `${listed(names)} ${one ? 'has' : 'have'} timely petitioned to intervene in ${c.docketRef()}, ` +
              `and the petition${one ? '' : 's'} should be granted.`,
            () => `This order addresses the petition${one ? '' : 's'} to intervene filed by ${listed(names)}.`,
          ])(),
        );
      }
      break;
    case 'Motion':
      if (c.purpose.kind === 'petition-to-intervene') {
        const name = c.purpose.intervenor;
        const rules = c.body === 'the Court' ? 'the applicable rules' : "the Commission's rules";
        out.push(
          c.rng.pick([
            () =>
              `${intervenorName(c, name)} respectfully petitions for leave ` +
              `to intervene in ${c.docketRef()} as a party with full rights.`,
            () => `Pursuant to ${rules}, ${intervenorName(c, name)} hereby petitions to intervene in ${c.docketRef()}.`,
            () =>
              `${intervenorName(c, name)} seeks to intervene in this proceeding ` +
              `because its interests will be directly affected by its outcome.`,
          ])(),
        );
      }
      break;
    case 'Decision':
      out.push(...decisionSummary(c));
      break;
    default:
      break;
  }
  return out;
}
