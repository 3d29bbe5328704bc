import {
  alertPrefill,
  channelsLabel,
  newAlertHref,
  scheduleLabel,
  snippetPieces,
  suggestedName,
} from '../../components/alerts/alert-format';

describe('alert format', () => {
  it("saves a search as an alert: the search page's query string round-trips through /alerts/new", () => {
    const filters = {
      agencies: ['src-ferc', 'cpuc'],
      filingTypes: ['Order'],
      dockets: ['ER24-1-000'],
      parties: ['Acme Power'],
      filedFrom: '2024-01-01',
      filedTo: '',
    };
    const href = newAlertHref('"rate case" AND increase', filters);
    expect(href.startsWith('/alerts/new?')).toBe(true);
    const params = new URLSearchParams(href.split('?')[1]);
    const raw: Record<string, string | string[]> = {};
    for (const key of new Set(params.keys()))
      raw[key] = params.getAll(key).length > 1 ? params.getAll(key) : params.get(key)!;
    expect(alertPrefill(raw)).toEqual({ query: '"rate case" AND increase', filters });
    expect(
      newAlertHref('', { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' }),
    ).toBe('/alerts/new');
  });

  it('suggests a name from the query, else the first filter, cut at 80 characters', () => {
    const none = { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' };
    expect(suggestedName('wildfire', none)).toBe('wildfire');
    expect(suggestedName('', { ...none, dockets: ['ER24-1-000'] })).toBe('ER24-1-000');
    expect(suggestedName('x'.repeat(100), none)).toHaveLength(78);
  });

  it('says the schedule and channels in words', () => {
    expect(scheduleLabel({ cadence: 'realtime', hour: 8, weekday: 1, timeZone: 'UTC' })).toBe('Real-time');
    expect(scheduleLabel({ cadence: 'daily', hour: 7, weekday: 1, timeZone: 'Europe/Paris' })).toBe(
      'Daily at 07:00 (Europe/Paris)',
    );
    expect(scheduleLabel({ cadence: 'weekly', hour: 18, weekday: 5, timeZone: 'UTC' })).toBe(
      'Weekly on Friday at 18:00 (UTC)',
    );
    expect(channelsLabel({ inApp: true, email: false, webhookEndpointId: 'wh-1' })).toBe('In-app · Webhook');
  });

  it('splits a snippet on its match markers, never reading markup in the text', () => {
    expect(snippetPieces('the \uE000rate\uE001 <b>increase</b> and \uE000tariff\uE001')).toEqual([
      { text: 'the ', marked: false },
      { text: 'rate', marked: true },
      { text: ' <b>increase</b> and ', marked: false },
      { text: 'tariff', marked: true },
    ]);
  });
});
