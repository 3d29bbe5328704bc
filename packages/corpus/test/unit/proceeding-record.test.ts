import {
  generateCatalog,
  generateDockets,
  generateFilings,
  proceedingRecord,
  scheduleInForce,
  type Docket,
  type Filing,
  type ProceedingRecord,
} from '@docket/corpus';

const seed = 'record-test';
const catalog = generateCatalog(seed);
const dockets = generateDockets(seed, catalog, 200);
const filings = [...generateFilings(seed, catalog, dockets, { count: 3000 })];
const byNumber = new Map(dockets.map((docket) => [`${docket.sourceId}|${docket.number}`, docket]));
const docketOf = (filing: Filing) => byNumber.get(`${filing.sourceId}|${filing.docketNumber}`) as Docket;
const recordOf = (filing: Filing) => proceedingRecord(seed, docketOf(filing));
const text = (filing: Filing) => filing.pages.join('\n\n');
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const longDate = (iso: string) =>
  `${months[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}, ${iso.slice(0, 4)}`;

/** Dollars of "$15.4 million" or "$15,400,000". */
function dollars(written: string): number {
  const millions = /^\$([\d.]+) million$/.exec(written);
  return millions ? Math.round(Number(millions[1]) * 1e6) : Number(written.replace(/[$,]/g, ''));
}

describe('proceedingRecord', () => {
  it('is deterministic and depends on the docket alone', () => {
    for (const docket of dockets.slice(0, 50))
      expect(proceedingRecord(seed, docket)).toEqual(proceedingRecord(seed, docket));
    const later = generateDockets(seed, catalog, 250);
    expect(proceedingRecord(seed, later[120] as Docket)).toEqual(proceedingRecord(seed, dockets[120] as Docket));
    const moneyDocket = dockets.find((docket) => docket.caseType === 'rate case') as Docket;
    expect(proceedingRecord('another seed', moneyDocket)).not.toEqual(proceedingRecord(seed, moneyDocket));
  });

  it('keeps amounts, schedule and intervenors consistent with each other and the docket', () => {
    const records = dockets.map((docket) => [docket, proceedingRecord(seed, docket)] as [Docket, ProceedingRecord]);
    expect(records.filter(([, record]) => record.requestedIncrease !== null).length).toBeGreaterThan(20);
    expect(records.filter(([, record]) => record.schedule.length > 1).length).toBeGreaterThan(10);
    for (const [docket, record] of records) {
      if (record.requestedIncrease !== null) {
        expect(record.requestedIncrease).toBe(docket.amount);
        expect(record.recommendations.length).toBeGreaterThanOrEqual(1);
        for (const recommendation of record.recommendations)
          expect(recommendation.amount).toBeLessThan(record.requestedIncrease);
        if (record.approvedIncrease !== null) {
          expect(record.approvedIncrease).toBeLessThanOrEqual(record.requestedIncrease);
          expect(record.approvedIncrease).toBeGreaterThanOrEqual(
            Math.max(...record.recommendations.map((r) => r.amount)),
          );
        }
      } else {
        expect(record.recommendations).toEqual([]);
        expect(record.approvedIncrease).toBeNull();
      }
      expect(record.outcome === null).toBe(
        docket.status === 'open' || catalog.sources.find((s) => s.id === docket.sourceId)?.kind === 'court',
      );
      record.schedule.forEach((order, i) => {
        expect(order.issuedAt >= docket.openedAt).toBe(true);
        expect(
          order.hearingDate > order.issuedAt &&
            order.commentDeadline < order.hearingDate &&
            order.interventionDeadline < order.hearingDate,
        ).toBe(true);
        const previous = record.schedule[i - 1];
        if (previous)
          expect(
            order.issuedAt > previous.issuedAt &&
              order.issuedAt < previous.hearingDate &&
              order.hearingDate > previous.hearingDate,
          ).toBe(true);
      });
      expect(record.intervenors.map((i) => i.name).sort()).toEqual(
        record.schedule.length > 0
          ? docket.parties
              .filter((p) => p.role === 'intervenor')
              .map((p) => p.name)
              .sort()
          : [],
      );
      for (const intervenor of record.intervenors) expect(intervenor.petitionFiledAt < intervenor.grantedAt).toBe(true);
    }
  });
});

describe('what filings state of the record', () => {
  it('every Application of a rate case states exactly its requested increase, as written in its text', () => {
    const applications = filings.filter(
      (filing) =>
        filing.filingCategory === 'Application' &&
        docketOf(filing).caseType === 'rate case' &&
        filing.filers.includes(recordOf(filing).applicant),
    );
    expect(applications.length).toBeGreaterThan(10);
    for (const filing of applications) {
      const stated = filing.statements.filter((s) => s.kind === 'requested_amount');
      expect(stated.length).toBeGreaterThanOrEqual(1);
      for (const statement of stated) {
        expect(Number(statement.value)).toBe(recordOf(filing).requestedIncrease);
        expect(dollars(statement.written)).toBe(recordOf(filing).requestedIncrease);
        expect(text(filing)).toContain(statement.written);
      }
    }
  });

  it('notices and scheduling orders state the schedule in force at their date', () => {
    const scheduled = filings.filter(
      (filing) =>
        (filing.filingCategory === 'Notice' || /Procedural Schedule/.test(filing.title)) &&
        filing.statements.some((s) => s.kind === 'hearing_date'),
    );
    expect(scheduled.length).toBeGreaterThan(30);
    expect(
      filings.some((filing) => /Revising Procedural Schedule|Modifying Procedural Schedule/.test(filing.title)),
    ).toBe(true);
    for (const filing of scheduled) {
      const inForce = scheduleInForce(recordOf(filing), Date.parse(filing.filedAt));
      expect(inForce).toBeDefined();
      const current = filing.statements.filter((s) => s.kind === 'hearing_date' && s.order === inForce!.index);
      expect(current.map((s) => s.value)).toContain(inForce!.order.hearingDate);
      // A revision may name the date it replaces, never a later order's.
      for (const statement of filing.statements)
        if (statement.order !== undefined) expect(statement.order).toBeLessThanOrEqual(inForce!.index);
      for (const kind of ['comment_deadline', 'intervention_deadline'] as const) {
        const field = kind === 'comment_deadline' ? 'commentDeadline' : 'interventionDeadline';
        for (const statement of filing.statements.filter((s) => s.kind === kind))
          expect(statement.value).toBe(inForce!.order[field]);
      }
    }
  });

  it('never states an amount of the record other than the record, and its text does not either', () => {
    for (const filing of filings) {
      const record = recordOf(filing);
      for (const statement of filing.statements) {
        if (statement.kind === 'requested_amount') expect(Number(statement.value)).toBe(record.requestedIncrease);
        if (statement.kind === 'approved_amount') expect(Number(statement.value)).toBe(record.approvedIncrease);
        if (statement.kind === 'recommended_amount')
          expect(record.recommendations).toContainEqual(
            expect.objectContaining({ party: statement.party, amount: Number(statement.value) }),
          );
        if (statement.kind === 'outcome') expect(statement.value).toBe(record.outcome);
        expect(text(filing)).toContain(statement.written);
      }
      // Any sentence speaking of a requested, recommended or authorized increase names a record amount.
      const known = new Set([
        record.requestedIncrease,
        record.approvedIncrease,
        ...record.recommendations.map((r) => r.amount),
      ]);
      for (const sentence of text(filing).split(/(?<=\.)\s+|\n/)) {
        if (!/increase/i.test(sentence) || !/request|recommend|authoriz/i.test(sentence)) continue;
        for (const match of sentence.matchAll(/\$[\d,.]+(?: million)?/g)) {
          if (/\$\d+\.\d\d\b/.test(match[0])) continue; // bill impacts in dollars and cents
          expect({
            filing: filing.sourceDocumentId,
            sentence,
            known: known.has(dollars(match[0].replace(/\.$/, ''))),
          }).toEqual(expect.objectContaining({ known: true }));
        }
      }
    }
  });

  it("never dates an evidentiary hearing other than on a scheduling order's date", () => {
    const day = (text: string) => {
      const long = /([A-Z][a-z]+) (\d{1,2}), (\d{4})/.exec(text);
      if (long)
        return `${long[3]}-${String(months.indexOf(long[1]!) + 1).padStart(2, '0')}-${long[2]!.padStart(2, '0')}`;
      const numeric = /(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(text);
      return numeric ? `${numeric[3]}-${numeric[1]!.padStart(2, '0')}-${numeric[2]!.padStart(2, '0')}` : undefined;
    };
    let checked = 0;
    for (const filing of filings) {
      const hearings = new Set(recordOf(filing).schedule.map((order) => order.hearingDate));
      for (const statement of filing.statements.filter((s) => s.kind === 'hearing_date'))
        expect(hearings.has(statement.value)).toBe(true);
      for (const sentence of text(filing).split(/(?<=\.)\s+|\n/)) {
        if (
          !/evidentiary hearing|hearing (is|will be|was) (scheduled|held|moved|rescheduled)|^Hearing:/i.test(sentence)
        )
          continue;
        for (const match of sentence.matchAll(/[A-Z][a-z]+ \d{1,2}, \d{4}|\d{1,2}\/\d{1,2}\/\d{4}/g)) {
          const iso = day(match[0]);
          if (iso) {
            // Revisions name the superseded order's issue date too.
            const issued = new Set(recordOf(filing).schedule.map((order) => order.issuedAt));
            expect({ sentence, known: hearings.has(iso!) || issued.has(iso!) }).toEqual(
              expect.objectContaining({ known: true }),
            );
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('names intervenors in petitions and in orders granting them, on the record dates', () => {
    const petitions = filings.filter((filing) => /^Petition to Intervene of .* in (Docket )?No\. /.test(filing.title));
    const grants = filings.filter((filing) => /Granting (Intervention|Petitions to Intervene)/.test(filing.title));
    expect(petitions.length).toBeGreaterThan(5);
    expect(grants.length).toBeGreaterThan(5);
    for (const filing of petitions) {
      const intervenor = recordOf(filing).intervenors.find((i) => i.name === filing.filers[0]);
      expect(intervenor?.petitionFiledAt).toBe(filing.filedAt.slice(0, 10));
      expect(filing.title).toContain(filing.docketNumber);
      expect(filing.statements).toContainEqual(
        expect.objectContaining({ kind: 'intervenor', party: filing.filers[0] }),
      );
    }
    for (const filing of grants) {
      const named = filing.statements.filter((s) => s.kind === 'intervenor').map((s) => s.party);
      expect(named.length).toBeGreaterThan(0);
      for (const name of named)
        expect(recordOf(filing).intervenors.find((i) => i.name === name)?.grantedAt).toBe(filing.filedAt.slice(0, 10));
    }
  });

  it('dates a filing in its own text on the day it is filed, shifted or not', () => {
    const shifted = [...generateFilings(seed, catalog, dockets, { count: 300, shiftDays: 400 })];
    let checked = 0;
    for (const [list, shift] of [
      [filings.slice(0, 300), 0],
      [shifted, 400],
    ] as const) {
      list.forEach((filing, i) => {
        expect(Date.parse(filing.filedAt) - Date.parse((filings[i] as Filing).filedAt)).toBe(shift * 86_400_000);
        for (const match of text(filing).matchAll(/(?:Dated:?|Issued:) ([A-Z][a-z]+ \d{1,2}, \d{4})/g)) {
          expect(match[1]).toBe(longDate(filing.filedAt.slice(0, 10)));
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(100);
    expect(shifted.map((filing) => filing.sourceDocumentId)).toEqual(
      filings.slice(0, 300).map((filing) => filing.sourceDocumentId),
    );
  });
});
