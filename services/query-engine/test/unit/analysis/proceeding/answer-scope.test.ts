import {
  attributed,
  attributeSections,
  decideScope,
  readQuestion,
  SECTION_HEADINGS,
  type AnalysedDocument,
} from '../../../../src/domain/analysis';
import { titleOf } from '../../../../src/domain/analysis/proceeding/answer-scope';
import { filing } from './record-fixture';

function inDocket(
  document: AnalysedDocument,
  docketNumber: string,
  parties: string[] = document.parties as string[],
): AnalysedDocument {
  return { ...document, docketNumber, parties };
}

describe('readQuestion', () => {
  it.each([
    ['What rate increase did the utility request?', 'amount', ['requested_amount']],
    ['How much did the Commission authorize in docket 23-0456?', 'amount', ['approved_amount']],
    ['What increase does Staff recommend?', 'amount', ['recommended_amount']],
    ['When is the evidentiary hearing?', 'date', ['hearing_date']],
    ['What is the deadline for comments?', 'date', ['comment_deadline']],
    ['Has the hearing in docket 23-0456 been held yet?', 'date', ['hearing_date']],
    ['Did the hearing in R-2023-2704577 take place?', 'date', ['hearing_date']],
    ['Is the hearing in ER24-1679-000 still ahead?', 'date', ['hearing_date']],
    ['Is the comment deadline in docket 23-0456 still ahead?', 'date', ['comment_deadline']],
    ['How much did Ameren request at the hearing?', 'amount', ['requested_amount']],
    ['What did the Commission decide after the hearing?', 'outcome', ['outcome', 'approved_amount']],
    ['Which parties intervened in the docket?', 'parties', ['intervenor', 'applicant', 'staff']],
    ['What did the Commission decide?', 'outcome', ['outcome', 'approved_amount']],
    ['What does the Sierra Club argue about storm costs?', 'position', []],
    ['Which company filed the application in A.18-01-030?', 'parties', ['applicant']],
    ['Who is the applicant?', 'parties', ['applicant']],
    ['Tell me about vegetation management', 'general', []],
  ])('%s → %s', (question, kind, slots) => {
    expect(readQuestion(question)).toMatchObject({ kind, slots });
  });

  it('finds the party a position question names', () => {
    expect(readQuestion('What does the Sierra Club argue in docket 23-0456?').party).toBe('Sierra Club');
    expect(readQuestion("What is Staff's position on the return on equity?").party).toBe('Staff');
    expect(readQuestion('What is the position of the Citizens Utility Board?').party).toBe('Citizens Utility Board');
    expect(readQuestion('Summarize the arguments of Staff.').party).toBe('Staff');
    expect(
      readQuestion(
        'What revenue increase did Department of Commerce, Division of Energy Resources recommend for ' +
          'Minnesota Valley Electric Cooperative, Inc.?',
      ).party,
    ).toBe('Department of Commerce, Division of Energy Resources');
  });

  it('knows a comparison', () => {
    expect(readQuestion('Compare the requested increases across rate cases').comparison).toBe(true);
  });
});

describe('decideScope', () => {
  const a = (n: number) => inDocket(filing('Testimony', '2024-03-01', 'Sierra Club', `text ${n}`), '23-0456');
  const b = (n: number) =>
    inDocket(filing('Testimony', '2024-03-01', 'Sierra Club', `text ${n}`), '24-0101', [
      'Commonwealth Edison Company',
      'Sierra Club',
    ]);

  it('answers a record question for the proceeding retrieval points at, and offers the others', () => {
    const decision = decideScope(
      'What rate increase was requested?',
      readQuestion('What rate increase was requested?'),
      [a(1), b(2), a(3), a(4)],
      [],
    );
    expect(decision.scope).toMatchObject({
      kind: 'proceeding',
      docketNumber: '23-0456',
      sourceName: 'Illinois Commerce Commission',
    });
    expect(decision.refinements.map((r) => r.docketNumber)).toEqual(['24-0101']);
  });

  it('takes the docket the question names, even when retrieval prefers another', () => {
    const question = 'What increase was requested in docket 24-0101?';
    expect(decideScope(question, readQuestion(question), [a(1), a(2), b(3)], []).scope.docketNumber).toBe('24-0101');
  });

  it('takes the only docket filter in force', () => {
    const question = 'What increase was requested?';
    expect(decideScope(question, readQuestion(question), [a(1), a(2), b(3)], ['24-0101']).scope.docketNumber).toBe(
      '24-0101',
    );
  });

  it('prefers the proceeding of a party the question names', () => {
    const question = 'What rate increase did Commonwealth Edison Company request?';
    expect(decideScope(question, readQuestion(question), [a(1), b(2), a(3)], []).scope.docketNumber).toBe('24-0101');
  });

  it('answers a company question for its most recent proceeding, unless the question names a year', () => {
    // Lehigh Valley's 2023 case is the one retrieval ranks first; its 2025 case is current.
    const older = (n: number) =>
      inDocket(filing('Testimony', '2023-05-01', 'Lehigh Valley Water Service', `text ${n}`), 'R-2023-3040000', [
        'Lehigh Valley Water Service',
      ]);
    const decided = inDocket(filing('Decision', '2024-01-20', 'Pennsylvania PUC', 'text d'), 'R-2023-3040000', [
      'Lehigh Valley Water Service',
    ]);
    const current = (n: number) =>
      inDocket(
        filing(
          'Application',
          '2025-04-02',
          'Lehigh Valley Water Service',
          `Lehigh Valley Water Service requests an increase of $139.3 million (${n}).`,
        ),
        'R-2025-1722062',
        ['Lehigh Valley Water Service'],
      );
    const question = 'What rate increase did Lehigh Valley Water Service request?';
    const decision = decideScope(question, readQuestion(question), [older(1), older(2), decided, current(3)], []);
    expect(decision.scope.docketNumber).toBe('R-2025-1722062');
    // The other is offered with its dates and status.
    expect(decision.refinements).toEqual([
      expect.objectContaining({
        docketNumber: 'R-2023-3040000',
        firstFiled: '2023-05-01',
        lastFiled: '2024-01-20',
        status: 'decided',
      }),
    ]);
    const in2023 = 'What rate increase did Lehigh Valley Water Service request in 2023?';
    expect(decideScope(in2023, readQuestion(in2023), [current(3), older(1), older(2)], []).scope.docketNumber).toBe(
      'R-2023-3040000',
    );
  });

  it('prefers a proceeding the company applied in over a newer one where it only takes part', () => {
    const own = inDocket(
      filing(
        'Application',
        '2023-03-01',
        'Great Lakes Electric Cooperative, Inc.',
        'Great Lakes Electric Cooperative, Inc. requests an increase in annual revenues of $5.7 million.',
        'Application of Great Lakes Electric Cooperative, Inc. for a Rate Increase',
      ),
      'U-33051',
      ['Great Lakes Electric Cooperative, Inc.'],
    );
    const takesPart = inDocket(
      filing('Testimony', '2025-05-01', 'Great Lakes Electric Cooperative, Inc.', 'text other'),
      'U-13351',
      ['Wolverine Power', 'Great Lakes Electric Cooperative, Inc.'],
    );
    const othersApplication = inDocket(
      filing(
        'Application',
        '2025-04-01',
        'Wolverine Power',
        'Wolverine Power requests an increase of $12 million.',
        'Application of Wolverine Power for Authority to Increase Rates',
      ),
      'U-13351',
      [],
    );
    const question = 'How much additional revenue is Great Lakes Electric Cooperative, Inc. seeking?';
    expect(
      decideScope(question, readQuestion(question), [takesPart, othersApplication, own], []).scope.docketNumber,
    ).toBe('U-33051');
  });

  it("prefers the company's application that asks for an increase over its newer joint petition", () => {
    const rateCase = inDocket(
      filing(
        'Application',
        '2021-08-25',
        'Great Lakes Electric Cooperative, Inc.',
        'Great Lakes Electric Cooperative, Inc. requests an increase in annual revenues of $5.7 million.',
        'Application of Great Lakes Electric Cooperative, Inc. for Authority to Increase Electric Rates',
      ),
      'U-33051',
      [],
    );
    const joint = {
      ...inDocket(
        filing(
          'Application',
          '2026-04-04',
          'Wolverine Electric Utilities Corp.',
          'The petitioners ask the Commission to approve the interconnection of the Ironwood Battery Storage Project.',
          'Joint Petition Regarding Interconnection of the Ironwood Battery Storage Project',
        ),
        'U-13351',
        [],
      ),
      filers: ['Wolverine Electric Utilities Corp.', 'Great Lakes Electric Cooperative, Inc.'],
    };
    const question = 'How much additional revenue is Great Lakes Electric Cooperative, Inc. seeking?';
    expect(decideScope(question, readQuestion(question), [joint, rateCase], []).scope.docketNumber).toBe('U-33051');
  });

  it("finds the company's newest case in its applications when retrieval found only the older one", () => {
    const old = (n: number) =>
      inDocket(filing('Testimony', '2022-03-01', 'Gulf Breeze Gas Distribution Corp.', `text ${n}`), '20205228-GU', [
        'Gulf Breeze Gas Distribution Corp.',
      ]);
    const oldApplication = inDocket(
      filing(
        'Application',
        '2021-12-31',
        'Gulf Breeze Gas Distribution Corp.',
        'Gulf Breeze Gas Distribution Corp. requests an increase of $533.1 million.',
        'Petition of Gulf Breeze Gas Distribution Corp. for Approval of Rates',
      ),
      '20205228-GU',
      [],
    );
    const newApplication = inDocket(
      filing(
        'Application',
        '2026-01-20',
        'Gulf Breeze Gas Distribution Corp.',
        'Gulf Breeze Gas Distribution Corp. requests an increase of $51.1 million.',
        'Petition of Gulf Breeze Gas Distribution Corp. for a Rate Increase',
      ),
      '20245209-GU',
      [],
    );
    const question = 'What rate increase did Gulf Breeze Gas Distribution Corp. request?';
    const retrieved = [old(1), old(2), oldApplication];
    expect(decideScope(question, readQuestion(question), retrieved, []).scope.docketNumber).toBe('20205228-GU');
    const party = { filings: [newApplication, oldApplication], spans: new Map() };
    expect(decideScope(question, readQuestion(question), retrieved, [], party).scope.docketNumber).toBe('20245209-GU');
  });

  it('takes the case a company opened in the year the question names, over one merely active then', () => {
    const opened2019 = inDocket(
      filing(
        'Application',
        '2019-08-20',
        'Niagara Gas Company',
        'Niagara Gas Company requests an increase of $3.4 million.',
        'Application of Niagara Gas Company for Authority to Increase Natural Gas Rates',
      ),
      '18-G-2928',
      [],
    );
    const longRunning = (date: string, n: number) =>
      inDocket(filing('Testimony', date, 'Niagara Gas Company', `text ${n}`), '16-G-0506', ['Niagara Gas Company']);
    const question = 'What rate increase did Niagara Gas Company request in 2019?';
    // The long-running proceeding opened in 2017: its first filing in the index tells so.
    const spans = new Map([['icc|16g0506', { firstMs: Date.parse('2017-02-14'), lastMs: Date.parse('2024-03-02') }]]);
    const decision = decideScope(
      question,
      readQuestion(question),
      [longRunning('2019-05-01', 1), longRunning('2024-03-02', 2)],
      [],
      { filings: [opened2019], spans },
    );
    expect(decision.scope.docketNumber).toBe('18-G-2928');
  });

  it("tells a company's case by its caption when it files nothing there, and not one another company opened", () => {
    const caption = (of: string) =>
      `BEFORE THE CALIFORNIA PUBLIC UTILITIES COMMISSION\n\nIn the Matter of Petition of ${of} for Approval of ` +
      `the Advanced Metering Project.\nDocket No. A.23-07-323\n\nTESTIMONY`;
    const staffInNewCase = {
      ...inDocket(
        filing('Testimony', '2025-11-28', 'Public Advocates Office', caption('Redwood Water Service, Inc.')),
        'A.23-07-323',
        [],
      ),
      sourceId: 'ca-cpuc',
    };
    const othersCase = {
      ...inDocket(
        filing('Comment', '2026-02-01', 'Redwood Water Service, Inc.', caption('Sierra Water Company')),
        'A.25-01-001',
        [],
      ),
      sourceId: 'ca-cpuc',
    };
    const oldCase = (n: number) => ({
      ...inDocket(filing('Testimony', '2020-04-01', 'Redwood Water Service, Inc.', `text ${n}`), 'A.18-10-436', [
        'Redwood Water Service, Inc.',
      ]),
      sourceId: 'ca-cpuc',
    });
    const question = 'How much additional revenue is Redwood Water Service, Inc. seeking?';
    const party = { filings: [othersCase, staffInNewCase], spans: new Map() };
    expect(decideScope(question, readQuestion(question), [oldCase(1), oldCase(2)], [], party).scope.docketNumber).toBe(
      'A.23-07-323',
    );
  });

  it("answers a party's argument about a company's case for the company's case, not the party's latest", () => {
    const companyCase = inDocket(
      filing(
        'Application',
        '2023-02-01',
        'Sunshine American Water Company',
        'Sunshine American Water Company requests an increase of $4.2 million.',
        'Application of Sunshine American Water Company for Authority to Increase Water Rates',
      ),
      '20171826-WS',
      [],
    );
    const advocatesElsewhere = inDocket(
      filing(
        'Comment',
        '2026-03-01',
        'Western Resource Advocates',
        'Western Resource Advocates argues the plan is imprudent.',
      ),
      'M-2024-3459353',
      ['Western Resource Advocates'],
    );
    const advocatesInCase = inDocket(
      filing(
        'Comment',
        '2023-06-01',
        'Western Resource Advocates',
        'Western Resource Advocates argues the increase is excessive.',
      ),
      '20171826-WS',
      ['Western Resource Advocates'],
    );
    const question = "What did Western Resource Advocates argue about Sunshine American Water Company's proceeding?";
    const party = { filings: [companyCase], spans: new Map() };
    expect(
      decideScope(question, readQuestion(question), [advocatesElsewhere, advocatesInCase], [], party).scope
        .docketNumber,
    ).toBe('20171826-WS');
  });

  it('never takes a rulemaking the company comments in for its own case', () => {
    const rulemaking = inDocket(
      filing(
        'Comment',
        '2024-07-14',
        'Permian Electric Company',
        'BEFORE THE PUBLIC UTILITY COMMISSION OF TEXAS\n\nIn the Matter of Order Instituting Rulemaking ' +
          'to Consider Demand Response Programs.\nDocket No. 21889\n\nPermian Electric Company supports ' +
          'the proposed rules.',
      ),
      '21889',
      [],
    );
    const rateCase = inDocket(
      filing(
        'Application',
        '2016-12-10',
        'Permian Electric Company',
        'Permian Electric Company requests an increase of $88.8 million.',
        'Application of Permian Electric Company for Authority to Increase Electric Rates',
      ),
      '49432',
      [],
    );
    const question = 'What rate increase did Permian Electric Company request?';
    expect(decideScope(question, readQuestion(question), [rulemaking, rateCase], []).scope.docketNumber).toBe('49432');
  });

  it('takes, of two cases a company opened in the year named, the one whose filings state its request', () => {
    const caption = (matter: string) =>
      `BEFORE THE NEW YORK STATE PUBLIC SERVICE COMMISSION\n\nIn the Matter of ${matter}.\n\n`;
    const programCaption = caption('Petition of Catskill Water Company for Approval of the Leak Detection Program');
    const program = inDocket(
      filing(
        'Testimony',
        '2021-09-26',
        'Catskill Water Company',
        `${programCaption}Catskill Water Company supports the leak detection program as filed.`,
      ),
      '19-W-1892',
      [],
    );
    const programOpened = inDocket(
      filing(
        'Motion',
        '2020-05-30',
        'Environmental Defense Fund',
        `${programCaption}Environmental Defense Fund petitions to intervene.`,
        'Petition to Intervene of Environmental Defense Fund',
      ),
      '19-W-1892',
      [],
    );
    const rateCaseCaption = caption('Application of Catskill Water Company for Authority to Increase Water Rates');
    const rateCase = inDocket(
      filing(
        'Testimony',
        '2020-09-30',
        'Staff of the New York State Public Service Commission',
        `${rateCaseCaption}The Company's requested increase of $24,100,000 is not supported.`,
      ),
      '19-W-3216',
      [],
    );
    const question = 'What rate increase did Catskill Water Company request in 2020?';
    // The rate case's filing names the company only in its caption: the index's listing of filings naming it brings it.
    expect(
      decideScope(question, readQuestion(question), [program, programOpened], [], {
        filings: [rateCase],
        spans: new Map(),
      }).scope.docketNumber,
    ).toBe('19-W-3216');
  });

  it('leaves a general question open when no proceeding dominates, and never narrows a comparison', () => {
    const general = 'storm restoration costs';
    expect(decideScope(general, readQuestion(general), [a(1), b(2), a(3), b(4)], []).scope.kind).toBe('open');
    const comparison = 'Compare the requested increases across rate cases';
    const decision = decideScope(comparison, readQuestion(comparison), [a(1), b(2)], []);
    expect(decision.scope.kind).toBe('comparison');
    expect(decision.refinements).toHaveLength(2);
  });
});

describe("the proceeding's title", () => {
  it("is its earliest application's, else a filing's caption", () => {
    const caption = filing(
      'Brief',
      '2024-06-10',
      'Sierra Club',
      'BEFORE THE ILLINOIS COMMERCE COMMISSION\n\nIn the Matter of Application of Ameren Illinois Company for ' +
        'Authority to Increase Electric Rates.\nDocket No. 23-0456',
    );
    const application = filing(
      'Application',
      '2024-01-12',
      'Ameren Illinois Company',
      'text',
      'Application of Ameren Illinois Company for a Rate Increase',
    );
    const petition = filing('Application', '2024-01-02', 'Sierra Club', 'text', 'Petition to Intervene of Sierra Club');
    expect(titleOf([caption, petition, application])).toBe(
      'Application of Ameren Illinois Company for a Rate Increase',
    );
    expect(titleOf([petition, caption])).toBe(
      'Application of Ameren Illinois Company for Authority to Increase Electric Rates',
    );
  });
});

describe('attribution', () => {
  const brief = filing(
    'Brief',
    '2024-06-10',
    'Sierra Club',
    'The Commission should adopt a return on equity no higher than 10.73%.',
  );
  const order = filing(
    'Decision',
    '2024-11-30',
    'Illinois Commerce Commission',
    'We adopt a return on equity of 9.85%.',
  );
  const cite = (document: AnalysedDocument) => ({
    documentId: document.id,
    start: 0,
    end: document.text.length,
    page: 1,
    quote: document.text,
    documentTitle: document.title,
  });

  it("writes a party's claim as its position and leaves findings to the decision-maker", () => {
    const sections = attributeSections(
      [
        {
          heading: SECTION_HEADINGS.findings,
          sentences: [
            { text: brief.text, citations: [cite(brief)] },
            { text: order.text, citations: [cite(order)] },
          ],
        },
      ],
      new Map([
        [brief.id, brief],
        [order.id, order],
      ]),
    );
    expect(sections).toEqual([
      { heading: SECTION_HEADINGS.findings, sentences: [{ text: order.text, citations: [cite(order)] }] },
      {
        heading: SECTION_HEADINGS.positions,
        sentences: [
          {
            text: 'Sierra Club argues: The Commission should adopt a return on equity no higher than 10.73%.',
            citations: [cite(brief)],
          },
        ],
      },
    ]);
  });

  it('does not repeat who speaks when the sentence already says it', () => {
    expect(attributed('Sierra Club contends that the costs were imprudent.', brief)).toBe(
      'Sierra Club contends that the costs were imprudent.',
    );
    const staffTestimony = {
      ...filing('Testimony', '2024-03-01', 'Staff of the Illinois Commerce Commission', 'text'),
      id: 'st',
    };
    expect(attributed('Staff recommends a return on equity of 9.5%.', staffTestimony)).toBe(
      'Staff recommends a return on equity of 9.5%.',
    );
    const kroger = { ...filing('Comment', '2024-03-01', 'Kroger Co.', 'text'), id: 'kr' };
    expect(attributed('Kroger Co. opposes the demand charge.', kroger)).toBe('Kroger Co. opposes the demand charge.');
  });

  it("attributes another party's claim to the filing that reports it", () => {
    expect(
      attributed(
        'Staff of the Illinois Commerce Commission recommends that storm costs be addressed separately.',
        brief,
      ),
    ).toBe(
      'Sierra Club argues: Staff of the Illinois Commerce Commission recommends that storm ' +
        'costs be addressed separately.',
    );
  });
});
