import {
  emptyAnalysis,
  type Analysis,
  type KeyFact,
} from '../../../services/query-engine/src/domain/analysis/analysis-model';
import {
  amountMatches,
  partySetF1,
  sameParty,
  sameProceeding,
  saysOutsideFilters,
  scoreAnswer,
  startsWithParty,
  toldInTense,
  type EvalQuestion,
} from '../../support/answer-scoring';
import { shownAnalysis, type StoredQuery } from '../../support/page-answer';

function fact(partial: Partial<KeyFact>): KeyFact {
  return {
    kind: 'amount',
    text: '',
    normalized: '',
    slot: '',
    label: '',
    subject: '',
    status: '',
    filingCategory: '',
    filedAt: '',
    citation: { documentId: 'd1', start: 0, end: 10, page: 1, quote: '', documentTitle: 'T' },
    ...partial,
  };
}

function analysis(partial: Partial<Analysis>): Analysis {
  const base = emptyAnalysis('extractive');
  return {
    ...base,
    scope: { ...base.scope, kind: 'proceeding', docketNumber: '23-0456', sourceId: 'il-icc' },
    ...partial,
  };
}

const question = (partial: Partial<EvalQuestion>): EvalQuestion => ({
  id: 'q',
  type: 'requested_amount',
  question: '?',
  filters: { dockets: [], agencies: [] },
  naming: 'docket',
  docketNumber: '23-0456',
  sourceId: 'il-icc',
  expected: {},
  ...partial,
});

describe('answer scoring', () => {
  it('matches amounts exactly, or rounded the way the text wrote them', () => {
    expect(amountMatches({ text: '$15,400,000', normalized: '15400000' }, 15_400_000)).toBe(true);
    expect(amountMatches({ text: '$15.4 million', normalized: '15400000' }, 15_432_000)).toBe(true);
    expect(amountMatches({ text: '$15.43 million', normalized: '15430000' }, 15_432_000)).toBe(true);
    expect(amountMatches({ text: '$15,430,000', normalized: '15430000' }, 15_432_000)).toBe(false);
    expect(amountMatches({ text: '$15.5 million', normalized: '15500000' }, 15_432_000)).toBe(false);
    expect(amountMatches({ text: '$1.2 billion', normalized: '' }, 1_200_000_000)).toBe(true);
    expect(amountMatches({ text: '$6.74', normalized: '6.74' }, 464_800_000)).toBe(false);
  });

  it('compares party names by their words, with Staff for the agency staff', () => {
    expect(sameParty('Staff', 'Staff of the Illinois Commerce Commission')).toBe(true);
    expect(sameParty('the Sierra Club', 'Sierra Club')).toBe(true);
    expect(sameParty('Club', 'Sierra Club')).toBe(false);
    expect(sameParty('Walmart', 'Walmart Inc.')).toBe(true);
    expect(sameParty('Staff', 'Commission Trial Staff')).toBe(true);
    expect(sameParty('Sierra Club', 'Earthjustice')).toBe(false);
    expect(startsWithParty('The Sierra Club argues that the rate base is overstated.', 'Sierra Club')).toBe(true);
    expect(
      startsWithParty('Staff recommends an increase of $4 million.', 'Staff of the Illinois Commerce Commission'),
    ).toBe(true);
    expect(startsWithParty('We find that the Sierra Club is right.', 'Sierra Club')).toBe(false);
  });

  it('scores a party set by F1', () => {
    expect(partySetF1(['Sierra Club', 'AARP'], ['Sierra Club', 'AARP'])).toBe(1);
    expect(partySetF1(['Sierra Club', 'sierra club'], ['Sierra Club', 'AARP'])).toBeCloseTo(2 / 3);
    expect(partySetF1(['Sierra Club', 'Kroger Co.'], ['Sierra Club', 'AARP'])).toBeCloseTo(0.5);
    expect(partySetF1([], ['AARP'])).toBe(0);
    // A true intervenor no filing states is no false positive; recall is over the stated ones.
    expect(
      partySetF1(['Sierra Club', 'AARP', 'Kroger Co.'], ['Sierra Club', 'AARP'], ['Sierra Club', 'AARP', 'Kroger Co.']),
    ).toBe(1);
  });

  it('takes the proceeding from the scope, in any spelling of the docket number', () => {
    expect(sameProceeding(analysis({}), 'Docket No. 23-0456', 'il-icc')).toBe(true);
    expect(sameProceeding(analysis({}), '23-0457', 'il-icc')).toBe(false);
    expect(sameProceeding(analysis({}), '23-0456', 'ny-psc')).toBe(false);
  });

  it('scores the first fact of the asked slot, and its citation support', () => {
    const requested = fact({
      slot: 'requested_amount',
      text: '$15.4 million',
      normalized: '15400000',
      citation: {
        documentId: 'd1',
        start: 0,
        end: 40,
        page: 1,
        quote: 'It requests an increase of $15.4 million.',
        documentTitle: 'A',
      },
    });
    const wrong = fact({ slot: 'requested_amount', text: '$2 million', normalized: '2000000' });
    expect(
      scoreAnswer(question({ expected: { amount: 15_400_000 } }), analysis({ keyFacts: [requested, wrong] }), () => []),
    ).toEqual({ proceeding: true, slot: 1, support: 1 });
    expect(
      scoreAnswer(question({ expected: { amount: 15_400_000 } }), analysis({ keyFacts: [wrong, requested] }), () => []),
    ).toEqual({ proceeding: true, slot: 0, support: 0 });
    expect(
      scoreAnswer(
        question({ expected: { amount: 15_400_000 } }),
        analysis({ keyFacts: [fact({ text: '$15.4 million', normalized: '15400000' })] }),
        () => [],
      ),
    ).toEqual({ proceeding: true, slot: 0, support: null });
  });

  it('wants the current hearing date, not a superseded one', () => {
    const superseded = fact({
      kind: 'date',
      slot: 'hearing_date',
      status: 'superseded',
      text: 'March 3, 2025',
      normalized: '2025-03-03',
    });
    const current = fact({
      kind: 'date',
      slot: 'hearing_date',
      status: 'current',
      text: 'May 5, 2025',
      normalized: '2025-05-05',
    });
    const q = question({ type: 'hearing_date', expected: { date: '2025-05-05' } });
    expect(scoreAnswer(q, analysis({ keyFacts: [superseded, current] }), () => []).slot).toBe(1);
    expect(scoreAnswer(q, analysis({ keyFacts: [superseded] }), () => []).slot).toBe(0);
  });

  it("counts a position only when the answer attributes a claim cited from the party's own filing", () => {
    const sentence = (text: string, documentId: string) => ({
      text,
      citations: [{ documentId, start: 0, end: 5, page: 1, quote: text, documentTitle: '' }],
    });
    const filers = (id: string) => (id === 'brief' ? ['Sierra Club'] : ['Staff of the Commission']);
    const q = question({ type: 'position', expected: { party: 'Sierra Club' } });
    const own = analysis({
      sections: [
        {
          heading: 'Positions',
          sentences: [sentence('Sierra Club argues that the plant is not used and useful.', 'brief')],
        },
      ],
    });
    const borrowed = analysis({
      sections: [
        {
          heading: 'Positions',
          sentences: [sentence('Sierra Club argues that the plant is not used and useful.', 'testimony')],
        },
      ],
    });
    expect(scoreAnswer(q, own, filers)).toEqual({ proceeding: true, slot: 1, support: 1 });
    expect(scoreAnswer(q, borrowed, filers)).toEqual({ proceeding: true, slot: 0, support: 0 });
  });

  it("scores a company's current proceeding as its requested increase in the docket expected", () => {
    const requested = fact({
      slot: 'requested_amount',
      text: '$15.4 million',
      normalized: '15400000',
      citation: {
        documentId: 'd1',
        start: 0,
        end: 40,
        page: 1,
        quote: 'an increase of $15.4 million',
        documentTitle: 'A',
      },
    });
    const q = question({
      type: 'current_proceeding',
      asks: 'requested_amount',
      naming: 'party',
      expected: { amount: 15_400_000 },
    });
    expect(scoreAnswer(q, analysis({ keyFacts: [requested] }), () => [])).toEqual({
      proceeding: true,
      slot: 1,
      support: 1,
    });
    expect(
      scoreAnswer({ ...q, docketNumber: '21-0100' }, analysis({ keyFacts: [requested] }), () => []).proceeding,
    ).toBe(false);
  });

  it('wants a date in force told in its tense: a past hearing was held, a coming one is set', () => {
    const hearing = fact({
      kind: 'date',
      slot: 'hearing_date',
      status: 'current',
      text: 'May 5, 2025',
      normalized: '2025-05-05',
    });
    const told = (text: string) => [{ heading: 'Answer', sentences: [{ text, citations: [hearing.citation] }] }];
    const held = analysis({
      keyFacts: [hearing],
      sections: told(
        'The evidentiary hearing was held on May 5, 2025, ' +
          'as the latest scheduling filing set it (Order, filed 2025-01-02).',
      ),
    });
    const set = analysis({
      keyFacts: [hearing],
      sections: told(
        'The evidentiary hearing is set for May 5, 2025, by the latest scheduling filing (Order, filed 2025-01-02).',
      ),
    });
    expect(toldInTense(held, hearing, 'hearing_date', 'past')).toBe(true);
    expect(toldInTense(set, hearing, 'hearing_date', 'past')).toBe(false);
    expect(toldInTense(set, hearing, 'hearing_date', 'coming')).toBe(true);
    const q = question({ type: 'date_tense', asks: 'hearing_date', expected: { date: '2025-05-05' }, tense: 'past' });
    expect(scoreAnswer(q, held, () => []).slot).toBe(1);
    expect(scoreAnswer(q, set, () => []).slot).toBe(0);
    const comments = fact({
      kind: 'deadline',
      slot: 'comment_deadline',
      status: 'current',
      text: 'April 1, 2027',
      normalized: '2027-04-01',
    });
    const due = analysis({
      keyFacts: [comments],
      sections: [
        {
          heading: 'Answer',
          sentences: [
            { text: 'Comments are due April 1, 2027 (Order, filed 2026-10-01).', citations: [comments.citation] },
          ],
        },
      ],
    });
    expect(
      scoreAnswer(
        question({ type: 'date_tense', asks: 'comment_deadline', expected: { date: '2027-04-01' }, tense: 'coming' }),
        due,
        () => [],
      ).slot,
    ).toBe(1);
  });

  it('wants a named docket outside the workspace filters read all the same, and said to be outside them', () => {
    const notice =
      'Docket D.P.U. 20-400 (Massachusetts Department of Public Utilities) ' +
      'is outside the filters in force (agency: oh-puco); this answer reads its filings all the same.';
    expect(saysOutsideFilters(notice, 'D.P.U. 20-400')).toBe(true);
    expect(saysOutsideFilters(notice, '20-401')).toBe(false);
    expect(saysOutsideFilters('', 'D.P.U. 20-400')).toBe(false);
    const q = question({
      type: 'named_outside_filter',
      asks: 'outcome',
      docketNumber: '23-0456',
      expected: { outcome: 'approved' },
      workspaceFilters: { agencies: ['ny-psc'] },
    });
    const outside =
      'Docket 23-0456 (Illinois Commerce Commission) ' +
      'is outside the filters in force (agency: ny-psc); this answer reads its filings all the same.';
    expect(scoreAnswer(q, analysis({ notice: outside }), () => [])).toEqual({
      proceeding: true,
      slot: 1,
      support: null,
    });
    expect(scoreAnswer(q, analysis({ notice: '' }), () => []).slot).toBe(0);
  });

  it("reads the page's stored query as scoring does, a fact without a citation unsupported", () => {
    const stored = {
      analysis: {
        ...emptyAnalysis('extractive'),
        scope: {
          ...emptyAnalysis('extractive').scope,
          kind: 'proceeding',
          docketNumber: '23-0456',
          sourceId: 'il-icc',
        },
        keyFacts: [
          { ...fact({ slot: 'requested_amount', text: '$15.4 million', normalized: '15400000' }), citation: null },
        ],
      },
    } as unknown as Pick<StoredQuery, 'analysis'>;
    const shown = shownAnalysis(stored);
    expect(shown.scope).toEqual({ docketNumber: '23-0456', sourceId: 'il-icc' });
    expect(scoreAnswer(question({ expected: { amount: 15_400_000 } }), shown, () => [])).toEqual({
      proceeding: true,
      slot: 1,
      support: 0,
    });
  });
});
