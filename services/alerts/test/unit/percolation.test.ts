import { emptySearchFilters, type SearchFilters } from '@docket/query-language';
import type { AlertRecord, FollowedDocket } from '../../src/domain/alert';
import { compileAlert, documentKeys, type PercolationDocument } from '../../src/domain/alert-matcher';
import { PercolationIndex } from '../../src/domain/percolation-index';
import { searchAlertRecord } from './alert-records';

let next = 0;

function searchAlert(query: string, filters: Partial<SearchFilters> = {}): AlertRecord {
  next += 1;
  const record = searchAlertRecord(`a${next}`);
  const filtersOf = { ...emptySearchFilters(), ...filters };
  return { ...record, definition: { ...record.definition, name: query || 'filters', query, filters: filtersOf } };
}

function follow(docket: Partial<FollowedDocket>): AlertRecord {
  return {
    ...searchAlert(''),
    kind: 'docket',
    docket: { docketId: '', docketNumber: '', title: '', sourceName: '', ...docket },
  };
}

function doc(over: Partial<PercolationDocument> = {}): PercolationDocument {
  return {
    id: 'doc-1',
    title: 'Order on rehearing',
    text: 'The Commission accepts the proposed tariff revisions for the rate case.',
    sourceId: 'ferc',
    sourceName: 'Federal Energy Regulatory Commission',
    agencies: ['Federal Energy Regulatory Commission'],
    docketNumber: 'ER24-1234-000',
    docketId: 'dk-1',
    filingType: 'Order',
    filingCategory: 'Order',
    parties: ['Pacific Gas and Electric Company'],
    entities: [],
    filedAt: new Date('2024-03-15T12:00:00Z'),
    ...over,
  };
}

const matches = (alert: AlertRecord, document = doc()) => compileAlert(alert).matches(document);

describe('alert matcher', () => {
  it('ANDs the filters with the query, and ORs values inside one filter, as the search page does', () => {
    expect(matches(searchAlert('tariff', { agencies: ['FERC', 'ferc'] }))).toBe(true);
    expect(matches(searchAlert('tariff', { agencies: ['cpuc', 'ferc'] }))).toBe(true);
    expect(matches(searchAlert('tariff', { agencies: ['cpuc'] }))).toBe(false);
    expect(matches(searchAlert('tariff', { agencies: ['Federal Energy Regulatory Commission'] }))).toBe(true);
    expect(matches(searchAlert('tariff', { filingTypes: ['order'], parties: ['Pacific Gas'] }))).toBe(true);
    expect(matches(searchAlert('tariff', { filingTypes: ['order'], parties: ['Gas Pacific'] }))).toBe(false);
    expect(matches(searchAlert('', { dockets: ['Docket No. er24 1234 000'] }))).toBe(true);
  });

  it('takes filing dates as inclusive UTC days', () => {
    expect(matches(searchAlert('tariff', { filedFrom: '2024-03-15', filedTo: '2024-03-15' }))).toBe(true);
    expect(matches(searchAlert('tariff', { filedFrom: '2024-03-16' }))).toBe(false);
    expect(matches(searchAlert('tariff', { filedTo: '2024-03-14' }))).toBe(false);
    expect(matches(searchAlert('tariff', { filedFrom: '2024-01-01' }), doc({ filedAt: undefined }))).toBe(false);
  });

  it('matches phrases, prefixes, OR and NOT as the query language does', () => {
    expect(matches(searchAlert('"rate case"'))).toBe(true);
    expect(matches(searchAlert('"case rate"'))).toBe(false);
    expect(matches(searchAlert('revis*'))).toBe(true);
    expect(matches(searchAlert('merger OR rehearing'))).toBe(true);
    expect(matches(searchAlert('tariff -rehearing'))).toBe(false);
  });

  it('matches a docket follow by docket id or by its number in any spelling', () => {
    expect(matches(follow({ docketId: 'dk-1' }))).toBe(true);
    expect(matches(follow({ docketNumber: 'er24-1234-000' }))).toBe(true);
    expect(matches(follow({ docketId: 'dk-2', docketNumber: 'ER24-9999-000' }))).toBe(false);
  });
});

describe('percolation index', () => {
  it('files an alert under a required key, an OR under every branch, and a NOT alone with the always-tested', () => {
    expect(compileAlert(searchAlert('tariff "rate case"')).keys).toEqual(['w:tariff']);
    expect(compileAlert(searchAlert('merger OR "rate case" OR revis*')).keys?.sort()).toEqual([
      'p:revis',
      'w:merger',
      'w:rate',
    ]);
    expect(compileAlert(searchAlert('tariff', { dockets: ['ER24-1234-000'] })).keys).toEqual(['d:er241234000']);
    expect(compileAlert(searchAlert('-merger')).keys).toBeNull();
    expect(compileAlert(searchAlert('', { filedFrom: '2024-01-01' })).keys).toBeNull();
    expect(compileAlert(searchAlert('', { agencies: ['ferc'] })).keys).toEqual(['a:ferc']);
    expect(compileAlert(follow({ docketId: 'dk-1', docketNumber: 'ER24-1234-000' })).keys).toEqual([
      'i:dk-1',
      'd:er241234000',
    ]);
  });

  it('a document yields its words, prefixes, docket, agencies, types and party words', () => {
    const keys = documentKeys(doc());
    for (const key of [
      'w:tariff',
      'w:rehearing',
      'p:tar',
      'p:tariff',
      'd:er241234000',
      'i:dk-1',
      'a:ferc',
      'a:federal energy regulatory commission',
      't:order',
      'y:pacific',
    ]) {
      expect(keys.has(key)).toBe(true);
    }
  });

  it('tests a document only against the alerts that can match it', () => {
    const index = new PercolationIndex();
    const alerts = {
      tariff: searchAlert('tariff'),
      merger: searchAlert('merger'),
      either: searchAlert('merger OR rehearing'),
      notMerger: searchAlert('-merger'),
      otherDocket: searchAlert('tariff', { dockets: ['EL23-1-000'] }),
      follow: follow({ docketId: 'dk-1' }),
      otherFollow: follow({ docketId: 'dk-9' }),
    };
    for (const alert of Object.values(alerts)) index.put(compileAlert(alert));
    const candidates = index
      .candidates(doc())
      .map((alert) => alert.alertId)
      .sort();
    expect(candidates).toEqual([alerts.tariff.id, alerts.either.id, alerts.notMerger.id, alerts.follow.id].sort());
    expect(
      index
        .match(doc())
        .map((alert) => alert.alertId)
        .sort(),
    ).toEqual(candidates);
    index.remove(alerts.tariff.id);
    index.put(compileAlert({ ...alerts.merger, definition: { ...alerts.merger.definition, query: 'tariff' } }));
    expect(index.match(doc()).map((alert) => alert.alertId)).toContain(alerts.merger.id);
    expect(index.match(doc()).map((alert) => alert.alertId)).not.toContain(alerts.tariff.id);
  });

  it('finds exactly what a loop over every alert finds', () => {
    const words = ['tariff', 'rate', 'case', 'merger', 'commission', 'rehearing', 'pipeline', 'accepts', 'proposed'];
    const queries: string[] = [];
    for (const [i, a] of words.entries()) {
      const b = words[(i + 3) % words.length] as string;
      queries.push(
        a,
        `"${a} ${b}"`,
        `${a} OR ${b}`,
        `${a} -${b}`,
        `${a.slice(0, 4)}*`,
        `-${a}`,
        `(${a} OR "${b} x") ${b}`,
      );
    }
    const alerts = [
      ...queries.map((q) => searchAlert(q)),
      searchAlert('', { parties: ['pacific gas'] }),
      searchAlert('', { filingTypes: ['order'] }),
    ];
    const index = new PercolationIndex();
    const compiled = alerts.map((alert) => compileAlert(alert));
    compiled.forEach((alert) => index.put(alert));
    const documents = [
      doc(),
      doc({ title: 'Merger', text: 'pipeline rate case merger' }),
      doc({ title: '', text: '', parties: [] }),
    ];
    // 70 documents: past 64 the index refiles alerts under the keys it saw least; results stay the same.
    for (let round = 0; round < 70; round += 1) {
      const document = { ...(documents[round % documents.length] as PercolationDocument) };
      const viaIndex = index
        .match(document)
        .map((alert) => alert.alertId)
        .sort();
      const viaLoop = compiled
        .filter((alert) => alert.matches(document))
        .map((alert) => alert.alertId)
        .sort();
      expect(viaIndex).toEqual(viaLoop);
    }
  });

  it('refiles an alert under the key documents have least once it has seen enough of them', () => {
    const index = new PercolationIndex();
    const alert = searchAlert('commission tariff'); // guessed: the longer word, "commission"
    index.put(compileAlert(alert));
    const common = doc({ title: '', text: 'The commission met.' });
    expect(index.candidates(common).map((a) => a.alertId)).toEqual([alert.id]);
    for (let seen = 0; seen < 64; seen += 1) index.match({ ...common });
    expect(index.candidates(common)).toEqual([]);
    expect(index.match(doc({ title: '', text: 'A tariff alone.' })).map((a) => a.alertId)).toEqual([]);
    expect(index.match(doc({ text: 'The commission approves the tariff.' })).map((a) => a.alertId)).toEqual([alert.id]);
  });
});
