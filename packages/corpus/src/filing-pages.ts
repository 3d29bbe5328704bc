/**
 * The pages of a filing, written to read like its type: orders end in ordering paragraphs,
 * testimony is questions and answers, tariffs carry rate tables, briefs argue. Sentences come from
 * templates filled with the docket's parties, amounts and the industry's vocabulary.
 */
import { decisionOrdering, factBlocks, orderOrdering } from './filing-facts';
import type { FilingCategory } from './model';
import { titleCase } from './names';
import type { TextContext } from './text-context';

type Sentence = (c: TextContext) => string;

const PAGE_BUDGET = 2600;

const general: Sentence[] = [
  (c) => {
    const [a, b] = c.issuePair();
    return (
      `${c.company} asserts that ${a} must be evaluated in light of ${b}, ` +
      `and that the record in ${c.docketRef()} supports its position.`
    );
  },
  (c) =>
    `${c.party('staff')} reviewed the Company's workpapers on ${c.issue()} ` +
    `and identified ${c.rng.int(2, 14)} adjustments totaling ${c.money(0.04)}.`,
  (c) =>
    `The parties engaged in ${c.otherProcedure()} on ${c.date(-150, -5)} ` +
    `but were unable to resolve their differences over ${c.issue()}.`,
  (c) =>
    `Since ${c.testYear - c.rng.int(2, 6)}, ` +
    `the Company has invested ${c.money(2)} in ${c.issue()}, according to its annual reports.`,
  (c) =>
    `${c.intervenor()} also points out that the Company's projections for ${c.issue()} ` +
    `exceeded actual results by ${c.pct(4, 30)} in each of the last three years.`,
  (c) =>
    `The ${c.program()} was approved in principle on ${c.date(-900, -200)}, ` +
    `subject to a prudence review of actual costs.`,
  (c) => `${c.company} responds that deferring ${c.issue()} would increase long-term costs and reduce reliability.`,
  (c) => `In discovery, the Company reported ${c.metric()}.`,
  (c) => `The record reflects ${c.metric()} and ${c.metric()} as of December 31, ${c.testYear}.`,
  (c) =>
    `${c.intervenor()} contends that the amount sought for ${c.issue()} ` +
    `is ${c.adjective()} and proposes an adjustment of ${c.money(0.1)} to it.`,
  (c) => `Any rates resulting from this proceeding must be ${c.standard()}.`,
  (c) => `During ${c.otherProcedure()} held on ${c.date(-200, -10)}, the parties addressed ${c.issue()} at length.`,
  (c) =>
    `The ${c.program()} is projected to cost ${c.money(0.3)} over five years, ` +
    `of which ${c.pct(10, 60)} would be recovered through base rates.`,
  (c) => `${c.party('staff')} recommends that ${c.issue()} be addressed in a separate phase of this proceeding.`,
  (c) => `On ${c.date(-300, -30)}, ${c.company} served responses to data requests concerning ${c.issue()}.`,
  (c) =>
    `The proposed change would increase the average residential bill ` +
    `by ${c.smallMoney(1.5, 19)} per month, or ${c.pct(1, 14)}.`,
  (c) =>
    `Witness ${c.person()} testified that costs associated with ${c.issue()} ` +
    `account for approximately ${c.pct(2, 35)} of the requested increase.`,
  (c) =>
    `No party disputes that spending on ${c.issue()} has increased since the last general rate case, ` +
    `but the parties differ on the appropriate level of recovery.`,
  (c) => `${c.intervenor()} argues that the Company has not shown that the costs of ${c.issue()} were ${c.standard()}.`,
  (c) =>
    `The Company's filing reflects a test-year rate base ` +
    `of ${c.money(12)} and a proposed return on equity of ${c.roe()}.`,
  (c) =>
    `We note that ${c.issue()} was also raised in the Company's prior proceeding, ` +
    `which concluded on ${c.date(-1400, -400)}.`,
];

const orderDiscussion: Sentence[] = [
  (c) =>
    `We find that ${c.company} has demonstrated that its proposed treatment ` +
    `of ${c.issue()} is ${c.standard()}, subject to the modifications described below.`,
  (c) =>
    `Having considered the record, we adopt a return on equity of ${c.roe()}, ` +
    `which falls within the range of reasonableness supported by the cost of capital evidence.`,
  (c) =>
    `We decline to adopt the proposal of ${c.intervenor()} regarding ${c.issue()}, ` +
    `because the proposal is ${c.adjective()} on this record.`,
  (c) => `The adjustments to ${c.issue()} adopted here amount to ${c.pct(0.2, 3)} of current revenues.`,
  (c) =>
    `${c.alj()} presided over ${c.otherProcedure()}, ` +
    `and the matter was submitted for decision on ${c.date(-120, -20)}.`,
  (c) => `Accordingly, ${c.company} shall file revised tariff sheets consistent with this decision within 30 days.`,
  () => `The Commission has jurisdiction over this matter and the parties to it.`,
  (c) => `We are not persuaded that the evidence on ${c.issue()} warrants departure from our established practice.`,
  (c) =>
    `${c.party('staff')} and ${c.intervenor()} jointly recommend ` +
    `a disallowance of ${c.money(0.04)}, which we adopt in part.`,
  (c) =>
    `The Company shall report on the status of the ${c.program()} in its next annual filing, due ${c.date(200, 420)}.`,
  (c) => `The evidence shows ${c.metric()}, which supports the need for the proposed investment.`,
  (c) => `We direct the parties to address ${c.issue()} further in the next phase of this proceeding.`,
  (c) =>
    `${c.company} bears the burden of demonstrating that its costs are ${c.standard()}, ` +
    `and it has met that burden as to ${c.issue()}.`,
  (c) =>
    `Commissioner ${c.rng.pick(c.docket.panel).name} notes ` +
    `that ${c.issue()} will require continued scrutiny in future proceedings.`,
];

const courtDiscussion: Sentence[] = [
  (c) =>
    `We review the Commission's orders under the arbitrary-and-capricious ` +
    `standard and will uphold its factual findings if they are ${c.standard()}.`,
  (c) =>
    `Petitioner ${c.party('petitioner')} argues that the Commission ` +
    `failed to respond meaningfully to objections concerning ${c.issue()}.`,
  (c) =>
    `The Commission reasonably explained its treatment of ${c.issue()}, ` +
    `and we defer to its technical judgment on that question.`,
  (c) =>
    `Respondent contends that petitioner lacks standing because it has not shown an injury traceable to ${c.issue()}.`,
  (c) => `The record shows ${c.metric()}, and the agency was entitled to rely on that evidence.`,
  (c) =>
    `Because the order did not adequately address ${c.issue()}, we remand for further explanation without vacatur.`,
  (c) => {
    const [a, b] = c.issuePair();
    return `${c.judge()} wrote separately to note the tension between ${a} and ${b}.`;
  },
  (c) =>
    `The Natural Gas Act and the Federal Power Act require the Commission to ensure that rates are ${c.standard()}.`,
  () =>
    `An agency must examine the relevant data and articulate a satisfactory explanation for its action, ` +
    `including a rational connection between the facts found and the choice made.`,
  (c) =>
    `Intervenor ${c.party('intervenor')} supports the Commission and argues that ` +
    `petitioner forfeited its objection to ${c.issue()} by not raising it on rehearing.`,
  (c) => `The petition was timely filed on ${c.date(-420, -200)}, within sixty days of the order denying rehearing.`,
];

const questions: Sentence[] = [
  (c) => `Please explain the Company's position on ${c.issue()}.`,
  (c) => `How did you calculate the adjustment to ${c.issue()}?`,
  (c) => `Do you agree with ${c.intervenor()}'s recommendation on ${c.issue()}?`,
  () => `What is the effect of your proposal on a typical residential customer?`,
  () => `What return on equity do you recommend, and why?`,
  (c) => `Please describe the ${c.program()}.`,
  (c) => `Have you reviewed the testimony of ${c.party('staff')} on ${c.issue()}?`,
  () => `Why is this adjustment necessary?`,
];

const answers: Sentence[] = [
  (c) =>
    `Yes. My analysis shows that spending on ${c.issue()} increased by ${c.pct(3, 40)} ` +
    `between ${c.testYear - 3} and ${c.testYear}, driven largely by ${c.issue()}.`,
  (c) =>
    `I recommend a return on equity of ${c.roe()}, ` +
    `based on a discounted cash flow analysis of a proxy group of ${c.rng.int(8, 22)} companies.`,
  (c) =>
    `No. The recommended disallowance of ${c.money(0.05)} ignores ` +
    `the ${c.metric()} documented in Exhibit ${c.rng.int(1, 40)}.`,
  (c) =>
    `A residential customer using ${c.typicalUsage()} per month ` +
    `would see a bill increase of ${c.smallMoney(2, 25)}, or ${c.pct(2, 15)}.`,
  (c) => `My adjustments remove ${c.money(0.02)} of costs for ${c.issue()} that fall outside the test year.`,
  (c) =>
    `I relied on the Company's responses to data requests ` +
    `${c.rng.pick(['Staff', 'OPC', 'CUB', 'SC'])}-${c.rng.int(1, 30)}.${c.rng.int(1, 12)} ` +
    `through ${c.rng.int(31, 60)}.${c.rng.int(1, 12)}, which show ${c.metric()}.`,
  (c) =>
    `Yes. The Company's proposal would allow recovery of ${c.issue()} before ` +
    `the associated plant is used and useful, which shifts risk to customers.`,
  (c) =>
    `The Company's benchmarking shows that ${c.issue()} costs ` +
    `per customer are ${c.pct(3, 25)} below the peer-group median.`,
  (c) =>
    `The ${c.program()} will replace aging infrastructure ` +
    `and is expected to cost ${c.money(0.25)} through ${c.testYear + 4}.`,
  (c) => `The adjustment removes ${c.money(0.02)} of costs that were not ${c.standard()} during the test year.`,
  (c) =>
    `I have. I disagree with its treatment of ${c.issue()} ` +
    `for the reasons explained in Section ${c.rng.int(2, 9)} of my testimony.`,
  (c) =>
    `As shown in Schedule ${c.witness.name.charAt(0)}-${c.rng.int(1, 15)}, ` +
    `the resulting adjustment to ${c.issue()} is ${c.money(0.03)}.`,
];

const commentSentences: Sentence[] = [
  (c) => `${c.filer} respectfully submits these comments pursuant to the ${c.date(-60, -20)} ruling of ${c.alj()}.`,
  (c) =>
    `${c.filer} urges ${c.body} to reject the proposal concerning ${c.issue()}, ` +
    `which would shift ${c.money(0.1)} in costs to residential customers.`,
  (c) => `We support the proposed treatment of ${c.issue()} provided that ${c.body} requires annual reporting.`,
  (c) => `The proposal is ${c.adjective()} because it does not account for ${c.issue()}.`,
  (c) =>
    `${c.filer} agrees with ${c.intervenor()} that ${c.issue()} ` +
    `should be reviewed before any cost recovery is authorized.`,
  (c) =>
    `The proposed decision correctly finds that ${c.issue()} is ${c.standard()}, ` +
    `but it errs in its treatment of ${c.issue()}.`,
  (c) => `${c.filer} recommends that ${c.body} require ${c.company} to file quarterly reports on the ${c.program()}.`,
  (c) =>
    `Independent studies cited in the record estimate that ${c.issue()} ` +
    `could save customers ${c.money(0.2)} over ten years.`,
];

/** Letters from members of the public. */
const publicCommentSentences: Sentence[] = [
  (c) =>
    `As a customer of ${c.company} for ${c.rng.int(3, 40)} years, ` +
    `I ask ${c.body} to consider the effect of this increase on seniors and families on fixed incomes.`,
  (c) =>
    `Our household bill has risen ${c.pct(8, 40)} since ${c.testYear - 4}, ` +
    `and this request would add ${c.smallMoney(4, 30)} a month more.`,
  (c) =>
    `I oppose the request in ${c.docketRef()} because the Company has not explained why ${c.issue()} costs so much.`,
  (c) =>
    `Please require ${c.company} to improve its service before approving any increase; ` +
    `we lost service ${c.rng.int(2, 9)} times last year.`,
  (c) => `I support the ${c.program()} and urge ${c.body} to approve it without delay.`,
  () => `Thank you for the opportunity to comment.`,
];

const motionSentences: Sentence[] = [
  (c) => {
    const rules = c.isCourt ? 'Federal Rules' : "Commission's Rules of Practice and Procedure";
    return (
      `Pursuant to Rule ${c.rng.int(1, 17)}.${c.rng.int(1, 9)} of the ${rules}, ` +
      `${c.filer} respectfully moves for the relief described below.`
    );
  },
  (c) =>
    `${c.filer} has a direct and substantial interest in ${c.issue()} ` +
    `that is not adequately represented by any other party.`,
  (c) =>
    `Good cause exists because the responses served ` +
    `on ${c.date(-40, -5)} were incomplete with respect to ${c.issue()}.`,
  (c) =>
    `Counsel for ${c.party()} has been contacted and ${c.rng.chance(0.5) ? 'does not oppose' : 'opposes'} this motion.`,
  (c) => {
    const inForce = c.scheduleInForce;
    if (!inForce) return `Granting the motion will not delay any of the remaining procedural dates.`;
    const written = c.state({
      kind: 'hearing_date',
      party: '',
      value: c.shifted(inForce.order.hearingDate),
      written: c.writeDay(inForce.order.hearingDate),
      order: inForce.index,
    });
    return `Granting the motion will not delay the schedule, including the evidentiary hearing set for ${written}.`;
  },
  (c) => `The information sought is relevant to ${c.issue()} and is not available from any other source.`,
  (c) =>
    `${c.filer} represents ${c.rng.int(12, 900)} members who are customers ` +
    `of ${c.company} and who would be directly affected by the outcome.`,
  (c) =>
    `For these reasons, ${c.filer} requests that the motion be granted and ` +
    `that ${c.company} be directed to respond within ${c.rng.pick([5, 7, 10])} days.`,
];

const briefSentences: Sentence[] = [
  (c) => `The evidence does not support a finding that ${c.issue()} is ${c.standard()}.`,
  (c) =>
    `${c.party('petitioner')} bears the burden of proof, ` +
    `and it has not carried that burden with respect to ${c.issue()}.`,
  (c) => `As the Commission held in ${c.docketRef()}, ${c.issue()} must be supported by contemporaneous documentation.`,
  (c) =>
    `The testimony of witness ${c.person()} confirms that ` +
    `the ${c.program()} was planned without a cost-benefit analysis.`,
  (c) => `A disallowance of ${c.money(0.05)} is the minimum necessary to protect ratepayers.`,
  (c) =>
    `On cross-examination, the Company's witness conceded that no alternatives to the ${c.program()} were evaluated.`,
  (c) => `The record demonstrates ${c.metric()}, which undercuts the claimed need for ${c.issue()}.`,
  (c) =>
    `${c.body.charAt(0).toUpperCase()}${c.body.slice(1)} should adopt a return on equity no higher than ${c.roe()}.`,
  (c) => `Even the Company's own load forecast, revised on ${c.date(-300, -60)}, does not support ${c.issue()}.`,
];

const applicationSentences: Sentence[] = [
  (c) =>
    `${c.company}'s present rates were set in a proceeding concluded in ${c.testYear - c.rng.int(2, 5)}; ` +
    `its costs have risen ${c.pct(3, 18)} since then.`,
  (c) => `The relief requested is driven primarily by ${c.issue()} and ${c.issue()}.`,
  (c) =>
    `The Applicant proposes a test year ending December 31, ${c.testYear}, and rates effective ${c.date(200, 360)}.`,
  (c) => `The Applicant serves approximately ${c.rng.int(20, 2500) * 1000} customers and reports ${c.metric()}.`,
  () =>
    `Notice of this application will be provided to customers through ` +
    `bill inserts and publication in newspapers of general circulation.`,
  (c) =>
    `Without rate relief, the Applicant's earned return on equity would fall to ${c.pct(3, 7)} in ${c.testYear + 2}.`,
  (c) =>
    `The Applicant proposes to recover the costs of the ${c.program()} through a separate rider, adjusted annually.`,
  (c) => `Communications regarding this application should be directed to ${c.counsel}.`,
];

const stipulationSentences: Sentence[] = [
  (c) => {
    const { approvedIncrease, requestedIncrease, applicant } = c.record;
    const asked = () =>
      c.state({
        kind: 'requested_amount',
        party: applicant,
        value: String(requestedIncrease),
        written: c.writeMoney(requestedIncrease as number),
      });
    if (requestedIncrease !== null && approvedIncrease !== null && approvedIncrease < requestedIncrease) {
      // The settlement the decision adopted: its amount is the one authorized.
      const approved = c.state({
        kind: 'approved_amount',
        party: applicant,
        value: String(approvedIncrease),
        written: c.writeMoney(approvedIncrease),
      });
      return (
        `The Settling Parties agree to a revenue increase of ${approved}, ` +
        `in lieu of the ${asked()} originally requested.`
      );
    }
    if (requestedIncrease !== null && approvedIncrease === requestedIncrease)
      return `The Settling Parties do not oppose the ${asked()} increase requested by ${applicant}.`;
    if (requestedIncrease !== null)
      return (
        `The Settling Parties agree that the ${asked()} increase originally requested ` +
        `shall be reduced as set forth in Attachment A.`
      );
    return `The Settling Parties agree to the terms set forth in Attachment A.`;
  },
  (c) =>
    `The Settling Parties agree that the authorized return on equity ` +
    `shall be ${c.roe()} with a common equity ratio of ${c.pct(48, 53)}.`,
  (c) => `This Stipulation resolves all issues concerning ${c.issue()} and ${c.issue()}.`,
  (c) => `The Company shall not file another general rate case before ${c.date(400, 900)}.`,
  () => `Nothing in this Stipulation shall be deemed precedent for any other proceeding.`,
  (c) =>
    `The Company will fund bill assistance for low-income customers at ${c.money(0.01)} per year, ` +
    `which shall not be recovered in rates.`,
  (c) => `Costs of the ${c.program()} above ${c.money(0.3)} shall be subject to review in the next rate case.`,
  (c) =>
    `The residential customer charge shall increase from ${c.smallMoney(7, 12)} to ${c.smallMoney(12, 16)} per month.`,
];

/** A time of a working day on the half hour, mostly in the morning: "10:30 a.m.", "2:00 p.m.". */
const timeOfDay = (c: TextContext) =>
  c.rng.chance(0.7)
    ? `${c.rng.int(9, 11)}:${c.rng.pick(['00', '30'])} a.m.`
    : `${c.rng.int(1, 3)}:${c.rng.pick(['00', '30'])} p.m.`;

// The hearing date and deadlines are the record's (filing-facts.ts); these sentences date nothing else of it.
const noticeSentences: Sentence[] = [
  (c) =>
    `NOTICE IS HEREBY GIVEN that ${c.otherProcedure()} in the above-captioned proceeding ` +
    `will be held on ${c.date(14, 90)} at ${timeOfDay(c)}`,
  (c) =>
    `The hearing will be held before ${c.alj()} at the ${c.source.name} offices in ${c.source.city}, ` +
    `and remotely by video conference.`,
  (c) => `The subject of the proceeding is ${c.docket.title}, including ${c.issue()}.`,
  (c) =>
    `Copies of the filing are available for inspection on the ${c.source.shortName} website at ${c.source.homeUrl}.`,
  (c) => `Members of the public may speak at the hearing or submit written comments referencing ${c.docketRef()}.`,
  (c) =>
    `Persons requiring accommodation should contact ` +
    `the ${c.source.shortName} Public Advisor no later than ${c.date(5, 12)}.`,
];

const sectionHeadings: Record<FilingCategory, string[]> = {
  Decision: [
    'Summary',
    'Background',
    'Procedural History',
    'Discussion',
    'Revenue Requirement',
    'Rate Design',
    'Findings of Fact',
    'Conclusions of Law',
  ],
  Order: ['Background', 'Discussion', 'Commission Determination'],
  Testimony: [
    'Introduction and Qualifications',
    'Purpose of Testimony',
    'Summary of Recommendations',
    'Analysis',
    'Conclusion',
  ],
  Comment: ['Introduction', 'Discussion', 'Recommendations', 'Conclusion'],
  Stipulation: ['Recitals', 'Terms of Settlement', 'Revenue Requirement', 'Rate Design', 'General Provisions'],
  Tariff: ['Applicability', 'Territory', 'Rates', 'Special Conditions'],
  Notice: [],
  Motion: ['Introduction', 'Argument', 'Conclusion'],
  Brief: ['Statement of the Issues', 'Statement of the Case', 'Argument', 'Conclusion'],
  Application: [
    'Introduction',
    'The Applicant',
    'Relief Requested',
    'Revenue Requirement',
    'Compliance With Filing Requirements',
  ],
};

const roman = [
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  'XIII',
  'XIV',
  'XV',
  'XVI',
  'XVII',
  'XVIII',
];

function poolFor(c: TextContext): Sentence[] {
  switch (c.category) {
    case 'Decision':
    case 'Order':
      return c.isCourt ? courtDiscussion : orderDiscussion;
    case 'Comment':
      return c.isPublicComment ? publicCommentSentences : commentSentences;
    case 'Motion':
      return motionSentences;
    case 'Brief':
      return c.isCourt ? courtDiscussion.concat(briefSentences) : briefSentences;
    case 'Application':
      return applicationSentences;
    case 'Stipulation':
      return stipulationSentences;
    case 'Notice':
      return noticeSentences;
    default:
      return general;
  }
}

function paragraph(c: TextContext): string {
  const own = poolFor(c);
  const used = new Set<Sentence>();
  const sentences: string[] = [];
  for (let n = c.rng.int(3, 6); n > 0; n--) {
    const ownShare = c.isPublicComment ? 1 : 0.65;
    let sentence = c.rng.chance(ownShare) ? c.rng.pick(own) : c.rng.pick(general);
    // A second draw makes a repeated template within one paragraph rare.
    if (used.has(sentence)) sentence = c.rng.chance(ownShare) ? c.rng.pick(own) : c.rng.pick(general);
    if (used.has(sentence)) continue;
    used.add(sentence);
    sentences.push(sentence(c));
  }
  return sentences.join(' ');
}

function qaPair(c: TextContext): string {
  return `Q. ${c.rng.pick(questions)(c)}\n\nA. ${c.rng.pick(answers)(c)} ${c.rng.pick(general)(c)}`;
}

function rateTable(c: TextContext): string {
  const rows = c.rng.sample(c.bank.rateElements, c.rng.int(3, c.bank.rateElements.length));
  const lines = rows.map((row) => {
    const fixed =
      /Customer Charge|Service Charge|Basic Local|Access Line|Fire Protection|Lifeline|Directory|Pole|Reservation/.test(
        row,
      );
    const present = fixed ? 4 + c.rng.next() * 30 : 0.01 + c.rng.next() * (c.bank.unit === 'kWh' ? 0.2 : 1.5);
    const proposed = present * (1 + (c.rng.next() * 0.2 - 0.03));
    const digits = fixed ? 2 : 5;
    const unit = /Pole/.test(row)
      ? 'per pole per year'
      : /Reservation/.test(row)
        ? 'per Dth per month'
        : fixed
          ? 'per month'
          : `per ${c.bank.unit}`;
    return `${row.padEnd(44, '.')} $${present.toFixed(digits)}  $${proposed.toFixed(digits)}  ${unit}`;
  });
  return [`${'Rate Component'.padEnd(44, ' ')} Present   Proposed`, ...lines].join('\n');
}

function caption(c: TextContext, title: string): string[] {
  if (c.isCourt) {
    const appellate = c.source.docketFormat.template.indexOf('cv') < 0;
    return [
      `${c.source.name.toUpperCase()}`,
      `${c.docketRef()}\n${c.docket.title}`,
      appellate
        ? 'On Petition for Review of an Order of the Federal Energy Regulatory Commission'
        : `Civil Action ${c.docketRef()}`,
      title.toUpperCase(),
    ];
  }
  const matter = c.docket.title.startsWith('In the Matter of') ? c.docket.title : `In the Matter of ${c.docket.title}`;
  return [
    `BEFORE THE ${c.source.name.toUpperCase()}`,
    `${matter.replace(/\.$/, '')}.\n${c.docketRef()}`,
    title.toUpperCase(),
  ];
}

/** The first ordering paragraphs of a decision: the record's outcome, or an interim ruling while the docket is open. */
function orderingBy(c: TextContext): string[] {
  const merits = decisionOrdering(c);
  if (merits.length === 0)
    return [
      `The issues addressed in this phase are resolved as set forth above; ` +
        `the remaining issues will be addressed in a later phase of ${c.docketRef()}.`,
    ];
  const outcome = c.record.outcome ?? '';
  if (c.docket.caseType === 'certificate' && outcome.startsWith('approved')) {
    merits.push(
      `${c.company} is granted a certificate of public convenience and necessity for the ${c.program()}, ` +
        `at an estimated cost not to exceed ${c.writeMoney(c.docket.amount)}.`,
    );
  }
  if (c.docket.caseType === 'rulemaking')
    merits.push(`Staff shall convene ${c.otherProcedure()} within 90 days to address implementation.`);
  if (c.record.approvedIncrease !== null) merits.push(`The new rates shall take effect on ${c.date(20, 60)}.`);
  return merits;
}

const petitionOutcomes = [
  'denied',
  'granted in part and denied in part',
  'granted, and the orders under review are vacated and remanded',
];
const motionOutcomes = ['granted', 'denied', 'granted in part and denied in part'];

function closing(c: TextContext): string[] {
  switch (c.category) {
    case 'Decision':
    case 'Order': {
      if (c.isCourt) {
        return [
          c.source.docketFormat.template.indexOf('cv') < 0
            ? `For the foregoing reasons, the petition for review is ${c.rng.pick(petitionOutcomes)}.`
            : `For the foregoing reasons, the motion is ${c.rng.pick(motionOutcomes)}, ` +
              `and the parties shall file a joint status report by ${c.date(20, 45)}.`,
          `So ordered.\n${c.docket.panel.map((judge) => `${judge.name}, ${judge.title}`).join('\n')}`,
        ];
      }
      const closed = c.category === 'Decision' && c.docket.status !== 'open';
      const items = [
        `${c.company} shall file a compliance tariff ` +
          `within ${c.rng.pick([10, 15, 30])} days of the effective date of this order.`,
        `The motion of ${c.intervenor()} concerning ${c.issue()} ` +
          `is ${c.rng.pick(['granted', 'denied', 'granted in part'])}.`,
        `All motions not previously ruled upon are denied.`,
        `${c.docketRef()} is ${closed ? 'closed' : 'held open for further proceedings'}.`,
      ];
      const decisive = c.category === 'Decision' ? orderingBy(c) : orderOrdering(c);
      const count = c.rng.int(2, items.length);
      return [
        'IT IS ORDERED that:',
        [...decisive, ...items.slice(items.length - count)].map((item, i) => `${i + 1}. ${item}`).join('\n'),
        `This order is effective today.\nDated ${c.when(c.filedAt)}, at ${c.source.city}.`,
        c.docket.panel.map((member) => `${member.name.toUpperCase()}\n${member.title}`).join('\n'),
      ];
    }
    case 'Testimony':
      return ['Q. Does this conclude your testimony?\n\nA. Yes, it does.'];
    case 'Comment':
      if (c.isPublicComment)
        return [
          `Sincerely,\n${c.filer}\n${c.rng.pick(['Resident', 'Customer', 'Ratepayer'])}, ${c.source.jurisdiction}`,
        ];
      return closingSubmitted(c);
    case 'Notice':
      return [`${c.person('Executive Secretary')}\nIssued: ${c.when(c.filedAt)}`];
    case 'Stipulation':
      return [
        `Agreed to and accepted by the Settling Parties:\n` +
          `${c.filers.map((filer) => `${filer}\nBy: /s/ ${c.person()}`).join('\n')}`,
      ];
    case 'Tariff':
      return [
        `Issued: ${c.when(c.filedAt)}    Effective: ${c.date(30, 60)}\n` +
          `Issued by: ${c.person()}, ${c.witness.title}, ${c.company}`,
      ];
    default:
      return closingSubmitted(c);
  }
}

function closingSubmitted(c: TextContext): string[] {
  return [
    `Respectfully submitted,\n/s/ ${c.counsel}\nCounsel for ${c.filer}\nDated: ${c.when(c.filedAt)}`,
    `CERTIFICATE OF SERVICE\n` +
      `I hereby certify that I have this day served the foregoing document upon each person designated ` +
      `on the official service list compiled in ${c.docketRef()}.`,
  ];
}

/** Writes `pageCount` pages for a filing titled `title`. */
export function writePages(c: TextContext, title: string, pageCount: number): string[] {
  const headings = c.isPublicComment ? [] : sectionHeadings[c.category];
  let section = 0;
  const pages: string[] = [];
  for (let p = 0; p < pageCount; p++) {
    const blocks: string[] = p === 0 ? caption(c, title) : [];
    const ending = p === pageCount - 1 ? closing(c) : [];
    const budget =
      PAGE_BUDGET * (c.category === 'Notice' || c.isPublicComment ? 0.45 : 1) * (0.75 + c.rng.next() * 0.35) -
      ending.reduce((sum, block) => sum + block.length, 0) * 0.6;
    let length = blocks.reduce((sum, block) => sum + block.length, 0);
    let sinceHeading = p === 0 ? 99 : 0;
    if (c.category === 'Testimony' && p === 0) {
      const intro =
        `Q. Please state your name, title and business address.\n\n` +
        `A. My name is ${c.witness.name}. I am ${c.witness.title} for ${c.filer}, ` +
        `and I am testifying on its behalf in ${c.docketRef()}.`;
      blocks.push(intro);
      length += intro.length;
    }
    if (p === 0) {
      for (const block of factBlocks(c)) {
        blocks.push(block);
        length += block.length;
      }
    }
    while (length < budget) {
      if (headings.length > 0 && sinceHeading >= 2 && c.rng.chance(0.45)) {
        const name = section < headings.length ? (headings[section] as string) : `${titleCase(c.issue())}`;
        const heading = `${roman[section % roman.length]}. ${name.toUpperCase()}`;
        section++;
        blocks.push(heading);
        length += heading.length;
        sinceHeading = 0;
      }
      const block =
        c.category === 'Testimony'
          ? qaPair(c)
          : c.category === 'Tariff' && c.rng.chance(0.4)
            ? rateTable(c)
            : paragraph(c);
      blocks.push(block);
      length += block.length;
      sinceHeading++;
    }
    blocks.push(...ending);
    pages.push(blocks.join('\n\n'));
  }
  return pages;
}
