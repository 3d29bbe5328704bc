import { readQuestion, recordFacts } from '../../../../src/domain/analysis';
import { readFiling } from '../../../../src/domain/analysis/proceeding/record-sentences';
import { filing } from './record-fixture';

const application = filing(
  'Application',
  '2024-01-12T15:00:00Z',
  'Ameren Illinois Company',
  'Ameren Illinois Company requests authority to increase annual revenues by $15.4 million, ' +
    'an increase of 6.2% over present rates. The requested increase is driven primarily by storm restoration costs.',
);
const staffTestimony = filing(
  'Testimony',
  '2024-04-02T15:00:00Z',
  'Staff of the Illinois Commerce Commission',
  'Q. What do you recommend? A. Staff recommends a reduction of $2.1 million for storm costs. ' +
    'Staff recommends an increase of $9,800,000 in annual revenues.',
);
const sierraBrief = filing(
  'Brief',
  '2024-06-10T15:00:00Z',
  'Sierra Club',
  'The Commission should limit any increase to no more than $7.5 million. ' +
    'The Commission should adopt a return on equity no higher than 10.73%.',
);
const firstSchedule = filing(
  'Order',
  '2024-02-01T15:00:00Z',
  'Illinois Commerce Commission',
  'The procedural schedule set forth in Attachment A is adopted. ' +
    'The evidentiary hearing will be held on May 6, 2024. Initial comments are due on or before April 1, 2024.',
  'Order Setting Procedural Schedule',
);
const revisedSchedule = filing(
  'Order',
  '2024-03-15T15:00:00Z',
  'Illinois Commerce Commission',
  'This order revises the schedule adopted on February 1, 2024. ' +
    'The evidentiary hearing is rescheduled to June 3, 2024.',
  'Order Revising Procedural Schedule',
);
const grant = filing(
  'Order',
  '2024-02-20T15:00:00Z',
  'Illinois Commerce Commission',
  'The petition to intervene of Sierra Club is granted. The petition to intervene of ' +
    'Citizens Utility Board is granted.',
  'Order Granting Intervention',
);
const petition = filing(
  'Motion',
  '2024-02-05T15:00:00Z',
  'Illinois Industrial Energy Consumers',
  'Illinois Industrial Energy Consumers respectfully petitions to intervene in this proceeding.',
  'Petition to Intervene of Illinois Industrial Energy Consumers',
);
const decision = filing(
  'Decision',
  '2024-11-30T15:00:00Z',
  'Illinois Commerce Commission',
  'We adopt a return on equity of 9.85%. IT IS ORDERED that: 1. ' +
    'Ameren Illinois Company is authorized to increase its annual revenues by $11.2 million, ' +
    'effective January 1, 2025. 2. The motion of Sierra Club concerning storm costs is denied.',
);

const all = [application, staffTestimony, sierraBrief, firstSchedule, revisedSchedule, grant, petition, decision];
const body = 'Illinois Commerce Commission';

describe('recordFacts', () => {
  it('reads the requested increase from the application, as written, citing the sentence that states it', () => {
    const [fact, ...rest] = recordFacts(readQuestion('What rate increase did Ameren request?'), all, body);
    expect(rest).toHaveLength(0);
    expect(fact).toMatchObject({
      slot: 'requested_amount',
      label: 'Requested increase',
      text: '$15.4 million',
      normalized: '15400000',
      subject: 'Ameren Illinois Company',
      filingCategory: 'Application',
      filedAt: '2024-01-12',
    });
    expect(fact?.citation.quote).toContain('$15.4 million');
  });

  it("reads each party's recommended increase, not a reduction it proposes, puts the party asked about first", () => {
    const facts = recordFacts(readQuestion('What increase does the Sierra Club recommend?'), all, body);
    expect(facts.map((f) => [f.subject, f.normalized])).toEqual([
      ['Sierra Club', '7500000'],
      ['Staff of the Illinois Commerce Commission', '9800000'],
    ]);
  });

  it("reads the authorized increase from the decision's ordering paragraph", () => {
    const facts = recordFacts(readQuestion('How much did the Commission approve in docket 23-0456?'), all, body);
    expect(facts).toMatchObject([
      { slot: 'approved_amount', normalized: '11200000', subject: body, filingCategory: 'Decision' },
    ]);
  });

  it('takes the hearing date of the latest scheduling order and marks the one it replaced as superseded', () => {
    const facts = recordFacts(readQuestion('When is the evidentiary hearing?'), all, body);
    expect(facts.map((f) => [f.normalized, f.status])).toEqual([
      ['2024-06-03', 'current'],
      ['2024-05-06', 'superseded'],
    ]);
    expect(facts[0]?.citation.documentId).toBe(revisedSchedule.id);
  });

  it('reads the comment deadline apart from the hearing', () => {
    const facts = recordFacts(readQuestion('When are comments due?'), all, body);
    expect(facts.map((f) => [f.slot, f.normalized])).toEqual([['comment_deadline', '2024-04-01']]);
  });

  it('lists the intervenors an intervention order admits, each cited; not others, the applicant or staff', () => {
    const facts = recordFacts(readQuestion('Which parties intervened in docket 23-0456?'), all, body);
    const intervenors = facts.filter((f) => f.slot === 'intervenor');
    expect(intervenors.map((f) => f.normalized).sort()).toEqual(['Citizens Utility Board', 'Sierra Club']);
    expect(intervenors.find((f) => f.normalized === 'Sierra Club')?.citation.documentId).toBe(grant.id);
    // Without the order, the petitioner is listed, cited at its own petition.
    const early = recordFacts(
      readQuestion('Which parties intervened in docket 23-0456?'),
      all.filter((d) => d !== grant),
      body,
    ).filter((f) => f.slot === 'intervenor');
    expect(early.find((f) => f.normalized === 'Illinois Industrial Energy Consumers')?.citation.documentId).toBe(
      petition.id,
    );
    expect(facts.find((f) => f.slot === 'applicant')?.normalized).toBe('Ameren Illinois Company');
    expect(facts.find((f) => f.slot === 'staff')?.normalized).toBe('Staff of the Illinois Commerce Commission');
  });

  it('reads the outcome from the ordering paragraphs, skipping side motions', () => {
    const facts = recordFacts(readQuestion('What did the Commission decide in 23-0456?'), all, body);
    expect(facts[0]).toMatchObject({ slot: 'outcome', text: 'authorized' });
    expect(facts[0]?.citation.quote).toContain('is authorized to increase its annual revenues by $11.2 million');
  });

  it('states nothing the filings do not', () => {
    expect(recordFacts(readQuestion('When is the evidentiary hearing?'), [application, sierraBrief], body)).toEqual([]);
  });
});

describe('readFiling (remembers the filings it read lately)', () => {
  it('re-reads give the same sentences and facts, bound to the document passed; changed text is reread', () => {
    const first = readFiling(application);
    const again = readFiling({ ...application });
    expect(again.sentences.map(({ document: _d, ...rest }) => rest)).toEqual(
      first.sentences.map(({ document: _d, ...rest }) => rest),
    );
    expect(again.sentences.every((sentence) => sentence.document !== application)).toBe(true);

    const amended = {
      ...application,
      text: 'Ameren Illinois Company requests authority to increase annual revenues by $20 million.',
    };
    const reread = readFiling(amended);
    expect(reread.sentences.map((sentence) => sentence.text)).toEqual([amended.text]);
    expect(reread.sentences[0]?.facts).toEqual([expect.objectContaining({ kind: 'money', text: '$20 million' })]);
    expect(readFiling(application).sentences.map((sentence) => sentence.text)).toEqual(
      first.sentences.map((sentence) => sentence.text),
    );
  });
});

describe("a request told only in the applicant's brief (its application not imported)", () => {
  it('is read once a caption says who opened the proceeding', () => {
    const caption =
      'BEFORE THE PUBLIC UTILITY COMMISSION OF TEXAS\n\nIn the Matter of Application of ' +
      'Brazos American Water Company for Authority to Increase Water and Wastewater Rates.\nDocket No. 19124\n\n';
    const brief = {
      ...filing(
        'Brief',
        '2025-02-09',
        'Brazos American Water Company',
        `${caption}INITIAL BRIEF OF BRAZOS AMERICAN WATER COMPANY\n\nThe Company's requested increase of ` +
          `$10,400,000 is necessary to recover its cost of service.`,
      ),
      parties: [],
    };
    const staff = {
      ...filing(
        'Testimony',
        '2025-01-10',
        'Staff of the Public Utility Commission of Texas',
        `${caption}Staff recommends an increase of no more than $7,100,000.`,
      ),
      parties: [],
    };
    const [fact] = recordFacts(
      readQuestion('What rate increase did Brazos American Water Company request?'),
      [staff, brief],
      'Public Utility Commission of Texas',
    );
    expect(fact).toMatchObject({
      slot: 'requested_amount',
      normalized: '10400000',
      subject: 'Brazos American Water Company',
    });
    expect(fact?.citation.documentId).toBe(brief.id);
  });

  it('is read from another party restating it', () => {
    const testimony = {
      ...filing(
        'Testimony',
        '2020-05-01',
        'Staff of the Florida Public Service Commission',
        "The Company's requested increase of $2.5 million is not supported by its cost of service study.",
      ),
      parties: [],
    };
    const [fact] = recordFacts(
      readQuestion('How much additional revenue is being requested in 20183921-EQ?'),
      [testimony],
      'Florida Public Service Commission',
    );
    expect(fact).toMatchObject({ slot: 'requested_amount', normalized: '2500000' });
  });
});
