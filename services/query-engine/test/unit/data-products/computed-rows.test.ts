import { releaseLine, withoutColumns } from '../../../src/data-products/computed-products';
import type { AnalysedDocument } from '../../../src/domain/analysis';
import { calendarRows } from '../../../src/domain/data-products/calendar-rows';
import { rateCaseRow, type ProceedingFilings } from '../../../src/domain/data-products/rate-case-row';
import { monthEndsUpTo, releaseVersionOf } from '../../../src/domain/data-products/release-days';

const CAPTION =
  'BEFORE THE MICHIGAN PUBLIC SERVICE COMMISSION\n\n' +
  'In the Matter of Application of Wolverine Energy, Inc. for Authority to Increase Electric Rates.\n' +
  'Docket No. U-12148\n\n';

function filing(id: string, filedAt: string, category: string, title: string, body: string, filer: string) {
  return {
    id,
    title,
    text: `${CAPTION}${title.toUpperCase()}\n\n${body}`,
    filers: [filer],
    parties: ['Wolverine Energy, Inc.', 'Staff of the Michigan Public Service Commission', 'Kroger Co.'],
    docketNumber: 'U-12148',
    sourceId: 'mi-psc',
    sourceName: 'Michigan Public Service Commission',
    filingCategory: category,
    filedAt,
  } satisfies AnalysedDocument;
}

const proceeding: ProceedingFilings = {
  sourceId: 'mi-psc',
  sourceName: 'Michigan Public Service Commission',
  docketNumber: 'U-12148',
  filings: [
    filing(
      'app',
      '2026-03-02T10:00:00Z',
      'Application',
      'Application for Authority to Increase Electric Rates',
      'Wolverine Energy, Inc. hereby applies for authority to increase its annual electric revenues by ' +
        '$3.8 million. The Company proposes a return on equity of 10.25% in this proceeding.',
      'Wolverine Energy, Inc.',
    ),
    filing(
      'sched1',
      '2026-03-20T10:00:00Z',
      'Order',
      'Scheduling Order',
      'The evidentiary hearing will be held on May 11, 2026. Comments are due on April 30, 2026.',
      'Michigan Public Service Commission',
    ),
    filing(
      'sched2',
      '2026-04-20T10:00:00Z',
      'Order',
      'Revised Scheduling Order',
      'The evidentiary hearing previously set for May 11, 2026 is rescheduled to June 15, 2026.',
      'Michigan Public Service Commission',
    ),
    filing(
      'staff',
      '2026-05-05T10:00:00Z',
      'Testimony',
      'Direct Testimony of Staff',
      'Staff recommends that the Commission authorize an increase of no more than $2.7 million.',
      'Staff of the Michigan Public Service Commission',
    ),
  ],
};

describe('monthly release days', () => {
  it('are the month-ends that are over, oldest first, across a year', () => {
    expect(monthEndsUpTo('2026-02-14', 3)).toEqual(['2025-11-30', '2025-12-31', '2026-01-31']);
    expect(monthEndsUpTo('2026-01-31', 2)).toEqual(['2025-12-31', '2026-01-31']);
    expect(releaseVersionOf('2026-01-31')).toBe('2026-01');
  });
});

describe('the rate-case tracker row of a proceeding', () => {
  it('reads each cell from the filings filed by the day, citing its sentence', () => {
    const row = rateCaseRow(proceeding, '2026-04-30')!;
    expect(row.cells).toMatchObject({
      proceeding_id: 'mi-psc:U-12148',
      docket: 'U-12148',
      state: 'MI',
      utility: 'Wolverine Energy, Inc.',
      application_date: '2026-03-02',
      requested_increase: 3_800_000,
      requested_roe: 10.25,
      hearing_date: '2026-06-15',
      status: 'pending',
      staff_recommendation: null,
      authorized_increase: null,
      last_filing_date: '2026-04-20',
    });
    expect(row.sources.requested_increase?.documentId).toBe('app');
    expect(row.sources.requested_increase?.quote).toContain('$3.8 million');
    expect(row.sources.hearing_date?.documentId).toBe('sched2');
    // A cell the filings do not state has no source.
    expect(row.sources.staff_recommendation).toBeUndefined();
  });

  it('knows nothing of what was filed after the day', () => {
    const march = rateCaseRow(proceeding, '2026-03-31')!;
    expect(march.cells.hearing_date).toBe('2026-05-11');
    expect(march.cells.next_event).toBe('Comments due');
    expect(march.cells.next_event_date).toBe('2026-04-30');
    const may = rateCaseRow(proceeding, '2026-05-31')!;
    expect(may.cells.staff_recommendation).toBe(2_700_000);
    expect(rateCaseRow(proceeding, '2026-02-28')).toBeUndefined();
  });

  it('is no row for a proceeding that is not a rate case', () => {
    const other = {
      ...proceeding,
      filings: proceeding.filings.map((f) => ({
        ...f,
        text: f.text.replace('to Increase Electric Rates', 'to Merge'),
      })),
    };
    expect(rateCaseRow(other, '2026-05-31')).toBeUndefined();
  });
});

describe('the procedural calendar rows of a proceeding', () => {
  it('keeps a moved date, marked superseded, beside the date in force', () => {
    const rows = calendarRows(proceeding, '2026-04-30').map((row) => row.cells);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ event: 'Evidentiary hearing', date: '2026-06-15', status: 'current' }),
        expect.objectContaining({ event: 'Evidentiary hearing', date: '2026-05-11', status: 'superseded' }),
        expect.objectContaining({ event: 'Comments due', date: '2026-04-30', status: 'current' }),
      ]),
    );
  });
});

describe('a release line', () => {
  it('carries the cells and their sources, without the columns the release leaves out', () => {
    const row = rateCaseRow(proceeding, '2026-03-31')!;
    const line = JSON.parse(withoutColumns(releaseLine(row), ['next_event', 'next_event_date'])) as Record<
      string,
      unknown
    >;
    expect(line).not.toHaveProperty('next_event');
    expect(line.requested_increase).toBe(3_800_000);
    expect((line.sources as Record<string, { documentId: string }>).requested_increase?.documentId).toBe('app');
  });
});
