import { normaliseDocketKey } from '../../../src/domain/docket-number';
import { entityIdOf } from '../../../src/domain/ids';
import { judgeSource, LAG_THRESHOLD_MS, type RunSummary } from '../../../src/domain/source-status';
import { withFilingDocket } from '../../../src/domain/text-analysis';
import { lastDays, lastHours } from '../../../src/domain/time-buckets';
import { decodeKey, encodeKey } from '../../../src/store/field-keys';

const now = new Date('2026-11-22T12:30:00Z');
const run = (status: RunSummary['status'], hoursAgo: number, seen = 10, failed = 0): RunSummary => ({
  status,
  startedAt: new Date(now.getTime() - hoursAgo * 3_600_000 - 60_000),
  finishedAt: status === 'running' ? undefined : new Date(now.getTime() - hoursAgo * 3_600_000),
  seen,
  failed,
});

describe('judgeSource', () => {
  const recentFiling = new Date(now.getTime() - 3_600_000);

  it('is idle before any run, healthy after a recent success with recent filings', () => {
    expect(judgeSource({ runs: [], now }).status).toBe('idle');
    expect(judgeSource({ runs: [run('succeeded', 2)], lastFiledAt: recentFiling, now })).toMatchObject({
      status: 'healthy',
      errorRate: 0,
      lagMs: 3_600_000,
    });
  });

  it('is failing when the latest finished run failed or too many items failed', () => {
    expect(judgeSource({ runs: [run('failed', 1), run('succeeded', 5)], lastFiledAt: recentFiling, now }).status).toBe(
      'failing',
    );
    expect(judgeSource({ runs: [run('running', 0), run('failed', 1)], lastFiledAt: recentFiling, now }).status).toBe(
      'failing',
    );
    expect(judgeSource({ runs: [run('succeeded', 1, 10, 3)], lastFiledAt: recentFiling, now })).toMatchObject({
      status: 'failing',
      errorRate: 0.3,
    });
  });

  it('is lagging when the last success or the newest filing is older than the threshold', () => {
    const hours = LAG_THRESHOLD_MS / 3_600_000;
    expect(judgeSource({ runs: [run('succeeded', hours + 1)], lastFiledAt: recentFiling, now }).status).toBe('lagging');
    expect(
      judgeSource({ runs: [run('succeeded', 1)], lastFiledAt: new Date(now.getTime() - LAG_THRESHOLD_MS - 1), now })
        .status,
    ).toBe('lagging');
    expect(judgeSource({ runs: [run('running', 0)], lastFiledAt: recentFiling, now }).status).toBe('lagging');
  });
});

describe('keys and buckets', () => {
  it('escapes dots, dollars and percents in counter field names, reversibly', () => {
    for (const value of ['Proposed Decision (P.D.)', '$ Rate 50%', 'a%2Eb', 'plain']) {
      expect(encodeKey(value)).not.toMatch(/[.$]/);
      expect(decodeKey(encodeKey(value))).toBe(value);
    }
  });

  it('normalises docket numbers as keyed', () => {
    expect(normaliseDocketKey('Docket No. er24-1234-000')).toBe('ER24-1234-000');
    expect(normaliseDocketKey('  a.21-05-012 ')).toBe('A.21-05-012');
    expect(normaliseDocketKey('Case  No: 2024-00012')).toBe('2024-00012');
  });

  it('lists the last hours and days oldest first, ending with the current one', () => {
    expect(lastHours(now, 3)).toEqual(['2026-11-22T10', '2026-11-22T11', '2026-11-22T12']);
    expect(lastDays(now, 2)).toEqual(['2026-11-21', '2026-11-22']);
  });

  it('adds the filing’s own docket as an entity unless the text already names it', () => {
    const empty = { entities: [], mentions: [], values: [] };
    const added = withFilingDocket(empty, 'ER24-1234-000');
    expect(added.entities).toEqual([expect.objectContaining({ kind: 'docket', name: 'ER24-1234-000', count: 1 })]);
    expect(withFilingDocket(added, 'ER24-1234-000').entities).toHaveLength(1);
    expect(added.entities[0]!.id).toBe(entityIdOf('docket', 'ER24-1234-000'));
  });
});
