import {
  currentWorkspaceId,
  dateRange,
  deletedNoticeOf,
  deletedWorkspaceNoticePath,
  fieldErrorsOf,
  filingTypeOptions,
  filterRows,
  formatRelative,
  formatTook,
  initialsOf,
  requestPath,
  sourceNamesOf,
} from '../../components/workspaces/workspace-format';
import type { Source } from '../../lib/types';

const source = (id: string, name: string, shortName: string, filingTypes: Source['filingTypes'] = []): Source => ({
  id,
  name,
  shortName,
  kind: 'agency',
  jurisdiction: 'state',
  state: 'CA',
  homeUrl: '',
  docketPattern: '',
  publishesNativeFilingTypes: true,
  industries: [],
  documentCount: 0,
  docketCount: 0,
  firstFiledAt: null,
  lastFiledAt: null,
  filingTypes,
});

describe('workspace formatting', () => {
  it('lists only the filters that restrict something, agencies by name', () => {
    const rows = filterRows(
      {
        agencies: ['puc-ca', 'gone'],
        filingTypes: [],
        dockets: ['A.24-01-001'],
        parties: [],
        filedFrom: '2024-01-01',
        filedTo: null,
      },
      { 'puc-ca': 'California Public Utilities Commission (CPUC)' },
    );
    expect(rows).toEqual([
      { label: 'Agencies and courts', values: ['California Public Utilities Commission (CPUC)', 'gone'] },
      { label: 'Dockets', values: ['A.24-01-001'] },
      { label: 'Filed', values: ['From Jan 1, 2024'] },
    ]);
  });

  it('says date ranges the way people read them', () => {
    expect(dateRange('2024-01-01', '2024-06-30')).toBe('Jan 1, 2024 – Jun 30, 2024');
    expect(dateRange('2024-03-05', '2024-03-05')).toBe('On Mar 5, 2024');
    expect(dateRange(null, '2024-12-31')).toBe('Until Dec 31, 2024');
    expect(dateRange(null, null)).toBeNull();
  });

  it('names sources in full or short', () => {
    const sources = [
      source('puc-ca', 'California Public Utilities Commission', 'CPUC'),
      source('ferc', 'FERC', 'FERC'),
    ];
    expect(sourceNamesOf(sources)).toEqual({ 'puc-ca': 'California Public Utilities Commission (CPUC)', ferc: 'FERC' });
    expect(sourceNamesOf(sources, 'short')).toEqual({ 'puc-ca': 'CPUC', ferc: 'FERC' });
  });

  it('counts filings per category over every source, keeping every category', () => {
    const options = filingTypeOptions([
      source('a', 'A', '', [
        { native: 'Proposed Decision', category: 'Decision', count: 3 },
        { native: 'Ruling', category: 'Decision', count: 2 },
      ]),
      source('b', 'B', '', [{ native: 'Order', category: 'Order', count: 4 }]),
    ]);
    expect(options.find((o) => o.name === 'Decision')).toEqual({ name: 'Decision', count: 5 });
    expect(options.find((o) => o.name === 'Order')).toEqual({ name: 'Order', count: 4 });
    expect(options.find((o) => o.name === 'Brief')).toEqual({ name: 'Brief', count: null });
    expect(options).toHaveLength(11);
  });

  it('puts each API issue under its form field, naming the value of a list', () => {
    expect(
      fieldErrorsOf(
        [
          { path: 'name', message: 'is required' },
          { path: 'defaultFilters.filedTo', message: 'must not be before the start date' },
          { path: 'defaultFilters.dockets.1', message: 'must be at most 200 characters' },
          { path: '', message: 'give name, description or defaultFilters' },
        ],
        { dockets: ['ER24-1', 'x'.repeat(50)] },
      ),
    ).toEqual({
      name: 'The name is required',
      filedTo: 'The end date must not be before the start date',
      dockets: `“${'x'.repeat(40)}…” must be at most 200 characters`,
    });
  });

  it('links a request to its view: questions to the analysis, searches to the documents', () => {
    expect(requestPath({ workspaceId: 'w 1', id: 'r1', kind: 'query' })).toBe('/workspaces/w%201/log/r1/analysis');
    expect(requestPath({ workspaceId: 'w1', id: 'r1', kind: 'search' })).toBe('/workspaces/w1/log/r1/documents');
    expect(requestPath({ workspaceId: 'w1', id: 'r1', kind: 'search' }, 'figures')).toBe(
      '/workspaces/w1/log/r1/figures',
    );
  });

  it('says how long ago, then the date', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(formatRelative('2025-03-10T11:59:30Z', now)).toBe('just now');
    expect(formatRelative('2025-03-10T11:15:00Z', now)).toBe('45 min ago');
    expect(formatRelative('2025-03-10T02:00:00Z', now)).toBe('10 h ago');
    expect(formatRelative('2025-03-09T10:00:00Z', now)).toBe('yesterday');
    expect(formatRelative('2025-03-06T12:00:00Z', now)).toBe('4 days ago');
    expect(formatRelative('2025-01-02T12:00:00Z', now)).toBe('Jan 2, 2025');
    expect(formatRelative(null, now)).toBe('—');
    expect(formatTook(12.4)).toBe('12 ms');
    expect(formatTook(1520)).toBe('1.5 s');
  });

  it('makes initials and finds the workspace a path is in', () => {
    expect(initialsOf('Ada Lovelace Byron', 'a@x')).toBe('AB');
    expect(initialsOf('', 'zed@example.com')).toBe('Z');
    expect(currentWorkspaceId('/workspaces/abc/search')).toBe('abc');
    expect(currentWorkspaceId('/workspaces/abc/log/r1/analysis')).toBe('abc');
    expect(currentWorkspaceId('/workspaces/new')).toBeNull();
    expect(currentWorkspaceId('/workspaces/preview')).toBeNull();
  });

  it('carries the name of a deleted workspace to the notice on the list, bounded, as text', () => {
    expect(deletedWorkspaceNoticePath('Rates & "tariffs"')).toBe(
      '/workspaces/select?deleted=Rates%20%26%20%22tariffs%22',
    );
    expect(
      deletedNoticeOf(new URLSearchParams('deleted=Rates%20%26%20%22tariffs%22').get('deleted') ?? undefined),
    ).toBe('Rates & "tariffs"');
    expect(deletedNoticeOf(undefined)).toBeNull();
    expect(deletedNoticeOf('  ')).toBeNull();
    expect(deletedNoticeOf(['first', 'second'])).toBe('first');
    expect(deletedNoticeOf('n'.repeat(300))).toHaveLength(100);
  });
});
