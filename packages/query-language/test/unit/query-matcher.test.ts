import { compileQuery, matchesDocument, normalizeDocketNumber, parseQuery, type MatchableDocument } from '../../src';
import { UNLIMITED } from '../support/random-query';

const filing: MatchableDocument = {
  title: 'Direct Testimony of Renée Dupont on the Proposed Rate Increase',
  text: [
    'Pacific Gas and Electric Company (PG&E) requests a revenue increase under the Ｆｉｌｉｎｇ schedule.',
    'The Commission’s décision in Docket No. ER24-1234-000 addressed the ﬁnancing of the São Paulo project.',
    "Rate-case expenses are recoverable; see also A.21-05-012 and 1:23-cv-00001. The utility's tariffs apply.",
  ].join('\n'),
  sourceId: 'ferc',
  agencies: ['Federal Energy Regulatory Commission'],
  docketNumber: 'Docket No. ER24-1234-000',
  filingType: 'Direct Testimony',
  filingCategory: 'Testimony',
  parties: ['Pacific Gas and Electric Company', 'Société Générale S.A.'],
  entities: ['Renée Dupont', 'São Paulo'],
  filedAt: new Date('2024-03-31T23:30:00Z'),
};

// The matcher's semantics, whatever a query costs (one-letter prefixes included).
const matches = (query: string, doc: MatchableDocument = filing) => matchesDocument(parseQuery(query, UNLIMITED), doc);

describe('matchesDocument: text', () => {
  it('matches terms case-insensitively, on whole words, in title and text', () => {
    expect(matches('testimony')).toBe(true);
    expect(matches('REVENUE')).toBe(true);
    expect(matches('revenu')).toBe(false);
    expect(matches('enue')).toBe(false);
    expect(matches('hydrogen')).toBe(false);
  });

  it('folds diacritics and compatibility forms on both sides', () => {
    expect(matches('renee')).toBe(true);
    expect(matches('Renée')).toBe(true);
    expect(matches('decision')).toBe(true);
    expect(matches('sao paulo')).toBe(true);
    expect(matches('"SÃO PAULO project"')).toBe(true);
    expect(matches('financing')).toBe(true); // "ﬁnancing" with the fi ligature
    expect(matches('filing')).toBe(true); // full-width "Ｆｉｌｉｎｇ"
    expect(matches('rene\u0301e')).toBe(true); // decomposed é in the query
  });

  it('matches phrases as consecutive words, not across title and text', () => {
    expect(matches('"revenue increase"')).toBe(true);
    expect(matches('"increase revenue"')).toBe(false);
    expect(matches('"rate-case expenses"')).toBe(true);
    expect(matches('"rate case expenses"')).toBe(true);
    expect(matches('"rate increase pacific"')).toBe(false);
  });

  it('matches a term with inner punctuation as the phrase of its words', () => {
    expect(matches('ER24-1234-000')).toBe(true);
    expect(matches('A.21-05-012')).toBe(true);
    expect(matches('1:23-cv-00001')).toBe(true);
    expect(matches("utility's")).toBe(true);
    expect(matches('ER24-1234-001')).toBe(false);
    expect(matches('commission’s')).toBe(true);
  });

  it('matches prefixes on word starts, including after inner punctuation', () => {
    expect(matches('tarif*')).toBe(true);
    expect(matches('reven*')).toBe(true);
    expect(matches('DÉCI*')).toBe(true);
    expect(matches('rate-ca*')).toBe(true);
    expect(matches('ER24-12*')).toBe(true);
    expect(matches('venue*')).toBe(false);
    expect(matches('zz*')).toBe(false);
    expect(matches('a*')).toBe(true);
  });

  it('evaluates AND, OR, NOT and -clause', () => {
    expect(matches('revenue tariffs')).toBe(true);
    expect(matches('revenue hydrogen')).toBe(false);
    expect(matches('revenue OR hydrogen')).toBe(true);
    expect(matches('hydrogen OR nuclear')).toBe(false);
    expect(matches('revenue -hydrogen')).toBe(true);
    expect(matches('revenue NOT tariffs')).toBe(false);
    expect(matches('NOT (hydrogen OR nuclear) revenue')).toBe(true);
    expect(matches('hydrogen OR revenue tariffs')).toBe(true);
    expect(matches('(hydrogen OR revenue) nuclear')).toBe(false);
  });
});

describe('matchesDocument: fields', () => {
  it('matches agency by source id or agency name, ignoring case and punctuation', () => {
    expect(matches('agency:FERC')).toBe(true);
    expect(matches('agency:"federal energy regulatory commission"')).toBe(true);
    expect(matches('agency:cpuc')).toBe(false);
    expect(matches('agency:Federal')).toBe(false);
  });

  it('matches docket numbers ignoring case, spaces, punctuation and a "Docket No." prefix', () => {
    expect(matches('docket:ER24-1234-000')).toBe(true);
    expect(matches('docket:er24-1234-000')).toBe(true);
    expect(matches('docket:"ER24 1234 000"')).toBe(true);
    expect(matches('docket:"Docket No. ER24-1234-000"')).toBe(true);
    expect(matches('docket:ER24-1234')).toBe(false);
    expect(matches('docket:ER24-1234-001')).toBe(false);
    const court = { ...filing, docketNumber: '1:23-CV-00001' };
    expect(matches('docket:1:23-cv-00001', court)).toBe(true);
    const cpuc = { ...filing, docketNumber: 'A.21-05-012' };
    expect(matches('docket:a.21-05-012', cpuc)).toBe(true);
    expect(matches('docket:"Docket No. A.21-05-012"', cpuc)).toBe(true);
    expect(matches('docket:"Docket No."', { ...filing, docketNumber: '' })).toBe(false);
  });

  it('normalises docket numbers to one key', () => {
    expect(normalizeDocketNumber('Docket No. ER24-1234-000')).toBe('er241234000');
    expect(normalizeDocketNumber('docket number ER24 1234 000')).toBe('er241234000');
    expect(normalizeDocketNumber('No. A.21-05-012')).toBe('a2105012');
    expect(normalizeDocketNumber('#1:23-cv-00001')).toBe('123cv00001');
  });

  it('matches type on the native filing type or the category', () => {
    expect(matches('type:"direct testimony"')).toBe(true);
    expect(matches('type:Testimony')).toBe(true);
    expect(matches('type:direct')).toBe(false);
    expect(matches('type:Order')).toBe(false);
  });

  it('matches party and entity as word-bounded parts of a name, diacritics folded', () => {
    expect(matches('party:"Pacific Gas"')).toBe(true);
    expect(matches('party:"pacific gas and electric company"')).toBe(true);
    expect(matches('party:"Societe Generale"')).toBe(true);
    expect(matches('party:Gas')).toBe(true);
    expect(matches('party:Pac')).toBe(false);
    expect(matches('party:"Gas Pacific"')).toBe(false);
    expect(matches('entity:"renee dupont"')).toBe(true);
    expect(matches('entity:Paulo')).toBe(true);
    expect(matches('entity:Pacific')).toBe(false);
    expect(matches('entity:x', { ...filing, entities: undefined })).toBe(false);
  });

  it('matches date ranges inclusively on the UTC filing date', () => {
    expect(matches('filed:2024')).toBe(true);
    expect(matches('filed:2024-03')).toBe(true);
    expect(matches('filed:2024-03-31')).toBe(true);
    expect(matches('filed:2024-04')).toBe(false); // 23:30 UTC on 31 March is still March in UTC
    expect(matches('filed:[2024-01-01 TO 2024-03-31]')).toBe(true);
    expect(matches('filed:[2024-04-01 TO *]')).toBe(false);
    expect(matches('filed:[* TO 2024-03-31]')).toBe(true);
    expect(matches('filed:[* TO 2024-03-30]')).toBe(false);
    expect(matches('filed:[* TO *]')).toBe(true);
    expect(matches('filed:[* TO *]', { ...filing, filedAt: undefined })).toBe(false);
    expect(matches('NOT filed:2024', { ...filing, filedAt: new Date('invalid') })).toBe(true);
  });
});

describe('compileQuery', () => {
  it('reuses a compiled query across documents and a document across queries', () => {
    const isFercRateCase = compileQuery(parseQuery('agency:ferc "rate increase" -withdrawn'));
    const other: MatchableDocument = {
      ...filing,
      title: 'Notice',
      text: 'Notice of withdrawn rate increase',
      sourceId: 'ferc',
      agencies: [],
    };
    expect(isFercRateCase(filing)).toBe(true);
    expect(isFercRateCase(other)).toBe(false);
    const queries = ['revenue', 'hydrogen', 'party:gas', 'filed:2023'].map((query) => compileQuery(parseQuery(query)));
    expect(queries.map((query) => query(filing))).toEqual([true, false, true, false]);
  });

  it('treats an empty query as matching everything', () => {
    expect(compileQuery({ kind: 'and', children: [] })(filing)).toBe(true);
    expect(compileQuery({ kind: 'or', children: [{ kind: 'and', children: [] }] })(filing)).toBe(true);
  });
});
