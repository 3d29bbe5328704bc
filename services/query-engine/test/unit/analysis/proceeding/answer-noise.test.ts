/**
 * What a walk through the product found beside the right facts: labels made of the words before a
 * number, a caption quoted as a party's position, names in capitals, a Staff card citing another
 * party's filing, and sentence-read numbers and dates listed beside the record's facts.
 */
import {
  attributeSections,
  composeAnswer,
  decideScope,
  emptyAnalysis,
  readQuestion,
  recordFacts,
  type AnalysedDocument,
} from '../../../../src/domain/analysis';
import { extractKeyFacts } from '../../../../src/domain/analysis/key-facts';
import { filing } from './record-fixture';

const body = 'Illinois Commerce Commission';
const citing = (document: AnalysedDocument, text: string) => ({
  text,
  citations: [
    { documentId: document.id, start: 0, end: text.length, page: 0, quote: text, documentTitle: document.title },
  ],
});

describe('labels of numbers read from sentences', () => {
  it("come from the vocabulary of a proceeding's measures, never from whatever words stand before the number", () => {
    const comment = filing(
      'Comment',
      '2024-03-01',
      'Sierra Club',
      'Rates rose by 36.2%, which 36.2% is too much. The customers $310,000 figure is wrong. ' +
        'The revenue requirement of $12.5 million is excessive.',
    );
    const sentences = comment.text.split(/(?<=\.) /).map((sentence) => {
      const start = comment.text.indexOf(sentence);
      return { document: comment, start, end: start + sentence.length };
    });
    const facts = extractKeyFacts(sentences, [{ document: comment, rank: 1 }] as never);
    const labels = Object.fromEntries(facts.filter((f) => f.kind !== 'party').map((f) => [f.text, f.label]));
    expect(labels['$12.5 million']).toBe('Revenue requirement');
    expect(labels['$310,000']).toBe('');
    expect(labels['36.2%']).toBe('');
  });
});

describe('the answer to a record question', () => {
  it("lists the record's facts alone, not the numbers and dates read from other sentences", () => {
    const application = filing(
      'Application',
      '2024-01-12',
      'Ameren Illinois Company',
      'Ameren Illinois Company requests authority to increase annual revenues by $15.4 million.',
    );
    const intent = readQuestion('What rate increase did Ameren request in docket 23-0456?');
    const decision = decideScope('What rate increase did Ameren request in docket 23-0456?', intent, [application], []);
    const base = {
      ...emptyAnalysis('extractive'),
      keyFacts: [
        {
          ...recordFacts(intent, [application], body)[0]!,
          slot: '' as const,
          kind: 'amount' as const,
          text: '$310,000',
          normalized: '310000',
          label: '',
        },
      ],
    };
    const answer = composeAnswer(base, {
      intent,
      decision,
      proceeding: [application],
      documents: new Map([[application.id, application]]),
      today: '2026-11-29',
    });
    expect(answer.keyFacts.map((f) => [f.slot, f.text])).toEqual([['requested_amount', '$15.4 million']]);
  });
});

describe('positions of the parties', () => {
  it("never quote a filing's caption as a party's position", () => {
    const brief = filing('Brief', '2024-06-10', 'Sierra Club', 'x');
    const sections = attributeSections(
      [
        {
          heading: 'Answer',
          sentences: [
            citing(
              brief,
              'BEFORE THE ILLINOIS COMMERCE COMMISSION In the Matter of Ameren Illinois Company Docket No. 23-0456',
            ),
            citing(
              brief,
              'In the Matter of the Application of Ameren Illinois Company for Authority to Increase Rates.',
            ),
            citing(brief, 'INITIAL BRIEF OF SIERRA CLUB'),
            citing(brief, 'The storm costs should be disallowed.'),
          ],
        },
      ],
      new Map([[brief.id, brief]]),
    );
    expect(sections.flatMap((s) => s.sentences.map((t) => t.text))).toEqual([
      'Sierra Club argues: The storm costs should be disallowed.',
    ]);
  });
});

describe('parties in the record', () => {
  it('are written as the filings write them, not as a heading in capitals does', () => {
    const petition = filing(
      'Motion',
      '2024-02-05',
      'Citizens Utility Board',
      'PETITION TO INTERVENE OF CITIZENS UTILITY BOARD. Citizens Utility Board respectfully ' +
        'petitions to intervene in this proceeding.',
      'Petition to Intervene of Citizens Utility Board',
    );
    const facts = recordFacts(readQuestion('Which parties intervened in docket 23-0456?'), [petition], body);
    expect(facts.find((f) => f.slot === 'intervenor')).toMatchObject({
      normalized: 'Citizens Utility Board',
      text: 'Citizens Utility Board',
    });
  });

  it("cite Staff at its own filing, not at another party's that mentions it", () => {
    const utilityComment = filing(
      'Comment',
      '2024-03-01',
      'Ameren Illinois Company',
      'Ameren disagrees with Staff of the Illinois Commerce Commission on storm costs.',
    );
    const staffTestimony = filing(
      'Testimony',
      '2024-04-02',
      'Staff of the Illinois Commerce Commission',
      'Staff recommends an increase of $9.8 million.',
    );
    const facts = recordFacts(
      readQuestion('Which parties are in docket 23-0456?'),
      [utilityComment, staffTestimony],
      body,
    );
    expect(facts.find((f) => f.slot === 'staff')?.citation.documentId).toBe(staffTestimony.id);
  });
});

describe('dates in the answer', () => {
  const order = filing(
    'Order',
    '2024-03-15',
    'Illinois Commerce Commission',
    'The evidentiary hearing is rescheduled to November 30, 2024. ' +
      'Initial comments are due on or before December 2, 2026.',
    'Order Revising Procedural Schedule',
  );
  const lead = (question: string, today: string) => {
    const intent = readQuestion(question);
    const decision = decideScope(question, intent, [order], []);
    const answer = composeAnswer(emptyAnalysis('extractive'), {
      intent,
      decision,
      proceeding: [order],
      documents: new Map([[order.id, order]]),
      today,
    });
    return answer.sections[0]?.sentences.map((s) => s.text) ?? [];
  };

  it('are told in the tense they have today: a past hearing was held, a coming one is set', () => {
    expect(lead('When is the evidentiary hearing in docket 23-0456?', '2026-11-29')[0]).toMatch(
      /^The evidentiary hearing was held on November 30, 2024/,
    );
    expect(lead('When is the evidentiary hearing in docket 23-0456?', '2024-06-01')[0]).toMatch(
      /^The evidentiary hearing is set for November 30, 2024/,
    );
    expect(lead('When are comments due in docket 23-0456?', '2026-11-29')[0]).toMatch(
      /^Comments are due December 2, 2026/,
    );
    expect(lead('When are comments due in docket 23-0456?', '2026-12-05')[0]).toMatch(
      /^Comments were due December 2, 2026/,
    );
  });
});

describe('intervenors of imported filings', () => {
  // Imported files carry no docket parties: the order's own sentences name whom it admits.
  const imported = (document: AnalysedDocument): AnalysedDocument => ({ ...document, parties: [] });
  const order = imported(
    filing(
      'Order',
      '2024-06-21',
      'Federal Energy Regulatory Commission',
      "The petition to intervene of Office of the People's Counsel is granted. " +
        'The motions to intervene of AARP, National Consumer Law Center and ' +
        'Interstate Natural Gas Association of America are granted.',
      'Letter Order Granting Petitions to Intervene',
    ),
  );
  const lateComer = imported(
    filing(
      'Motion',
      '2024-07-01',
      'Sierra Club',
      'Sierra Club respectfully petitions to intervene in this proceeding.',
      'Petition to Intervene of Sierra Club',
    ),
  );

  it('are every party the orders granting intervention name, and not a petitioner no order has admitted', () => {
    const facts = recordFacts(readQuestion('Who intervened in docket 23-0456?'), [order, lateComer], body).filter(
      (f) => f.slot === 'intervenor',
    );
    expect(facts.map((f) => f.normalized).sort()).toEqual([
      'AARP',
      'Interstate Natural Gas Association of America',
      'National Consumer Law Center',
      "Office of the People's Counsel",
    ]);
    for (const fact of facts) expect(fact.citation.documentId).toBe(order.id);
  });

  it('keep a name with a comma whole when its own petition names it so', () => {
    const petition = imported(
      filing(
        'Motion',
        '2024-01-10',
        'Department of Commerce, Division of Energy Resources',
        'The Department of Commerce, Division of Energy Resources petitions to intervene.',
        'Petition to Intervene of Department of Commerce, Division of Energy Resources',
      ),
    );
    const granting = imported(
      filing(
        'Order',
        '2024-01-23',
        'Minnesota Public Utilities Commission',
        'The petition to intervene of Department of Commerce, Division of Energy Resources is granted. ' +
          'The petition to intervene of Edison Electric Institute is granted.',
        'Order Granting Petitions to Intervene',
      ),
    );
    const facts = recordFacts(readQuestion('Who intervened in docket 23-0456?'), [petition, granting], body).filter(
      (f) => f.slot === 'intervenor',
    );
    expect(facts.map((f) => f.normalized).sort()).toEqual([
      'Department of Commerce, Division of Energy Resources',
      'Edison Electric Institute',
    ]);
  });

  it('are the petitioners while no order has granted intervention yet', () => {
    const facts = recordFacts(readQuestion('Who intervened in docket 23-0456?'), [lateComer], body).filter(
      (f) => f.slot === 'intervenor',
    );
    expect(facts.map((f) => f.normalized)).toEqual(['Sierra Club']);
  });
});
