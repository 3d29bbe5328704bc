import { corpusShiftMs, generateCatalog, generateDockets, generateFilings } from '@docket/corpus';
import { docketTruths, evalQuestions } from '../../support/answer-questions';

const SEED = 'eval-dev';
const today = '2026-11-29';
const shiftDays = corpusShiftMs(new Date(`${today}T00:00:00Z`)) / 86_400_000 + 365;
const catalog = generateCatalog(SEED);
const dockets = generateDockets(SEED, catalog, 120);
const filings = [...generateFilings(SEED, catalog, dockets, { count: 3000, pdfShare: 0, shiftDays })].filter(
  (f) => f.filedAt.slice(0, 10) <= today,
);
const truths = docketTruths(SEED, catalog, dockets, filings, { shiftDays, asOf: today });
const questions = evalQuestions(SEED, truths, 12, { today });
const truthOf = (docketNumber: string) => truths.find((t) => t.docket.number === docketNumber);

describe('answer questions', () => {
  it('moves the record with the filings and leaves out what comes after the day it is read on', () => {
    for (const t of truths) {
      expect(t.record.schedule.every((order) => order.issuedAt <= today)).toBe(true);
      const stated = t.statements.filter((s) => s.kind === 'hearing_date');
      for (const s of stated) expect(t.record.schedule[s.order ?? 0]?.hearingDate ?? s.value).toBe(s.value);
    }
  });

  it('takes the intervenors from the orders granting intervention', () => {
    const asked = questions.filter((q) => q.type === 'intervenors');
    expect(asked.length).toBeGreaterThan(0);
    for (const q of asked) {
      const orders = truthOf(q.docketNumber)!.filings.filter((f) => f.filingCategory === 'Order');
      for (const party of q.expected.parties ?? [])
        expect(orders.some((f) => f.statements.some((s) => s.kind === 'intervenor' && s.party === party))).toBe(true);
    }
  });

  it('reads a company named alone as its latest proceeding, one named with a year as the one it opened then', () => {
    const asked = questions.filter((q) => q.type === 'current_proceeding');
    expect(asked.length).toBeGreaterThan(0);
    for (const q of asked) {
      const expected = truthOf(q.docketNumber)!;
      const own = truths.filter(
        (t) => t.record.applicant === expected.record.applicant && t.record.requestedIncrease !== null,
      );
      expect(own.length).toBeGreaterThan(1);
      const latest = (t: typeof expected) =>
        t.filings
          .map((f) => f.filedAt)
          .sort()
          .at(-1) ?? '';
      if (q.naming === 'party') expect(own.every((t) => latest(t) <= latest(expected))).toBe(true);
      else expect(q.question).toContain(expected.openedAt.slice(0, 4));
    }
  });

  it('asks dates in force in both tenses, and named dockets from a workspace filtered to another agency', () => {
    const tense = questions.filter((q) => q.type === 'date_tense');
    expect(tense.some((q) => q.tense === 'coming')).toBe(true);
    expect(tense.some((q) => q.tense === 'past')).toBe(true);
    for (const q of tense) expect(q.tense).toBe((q.expected.date as string) < today ? 'past' : 'coming');
    const outside = questions.filter((q) => q.type === 'named_outside_filter');
    expect(outside.length).toBe(12);
    for (const q of outside) {
      expect(q.workspaceFilters?.agencies).toHaveLength(1);
      expect(q.workspaceFilters?.agencies[0]).not.toBe(q.sourceId);
      expect(q.question).toContain(q.docketNumber);
    }
  });
});
