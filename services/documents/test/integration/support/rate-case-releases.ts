import type { ReleaseDefinition } from '../../../src/data-products/release.publisher';

/**
 * Two releases of a small rate-case table, counted by hand (the data product tests' fixture).
 */
export const definition: ReleaseDefinition = {
  schema: {
    key: ['docket'],
    columns: [
      { name: 'docket', type: 'text', description: 'Docket number' },
      { name: 'utility', type: 'text', description: 'Applicant' },
      { name: 'requested', type: 'money', unit: 'USD', description: 'Increase requested' },
      { name: 'authorized', type: 'money', unit: 'USD', description: 'Increase authorized' },
      { name: 'hearing', type: 'date', description: 'Evidentiary hearing' },
      { name: 'status', type: 'status', order: ['filed', 'hearing', 'decided'], description: 'Where it stands' },
    ],
  },
  wording: { row: { one: 'proceeding', many: 'proceedings' }, labels: { hearing: 'hearing' } },
};

// Hand-counted from the two files: R-4 removed; added; R-2 authorized stated and decided;
// R-3 requested up and hearing later; R-5 requested down; R-1 the same; a new column, roe.
export const FIRST = [
  'docket,utility,requested,authorized,hearing,status',
  'R-1,Alpha Water,100,,2025-03-01,filed',
  'R-2,Beta Gas,200,,2025-04-01,hearing',
  'R-3,"Gamma Power, Inc.",300,,2025-05-01,filed',
  'R-4,Delta Electric,400,,,filed',
  'R-5,Epsilon Water,500,,,filed',
].join('\n');
export const SECOND = [
  {
    docket: 'R-1',
    utility: 'Alpha Water',
    requested: 100,
    authorized: null,
    hearing: '2025-03-01',
    status: 'filed',
    roe: null,
  },
  {
    docket: 'R-2',
    utility: 'Beta Gas',
    requested: 200,
    authorized: 150,
    hearing: '2025-04-01',
    status: 'decided',
    roe: 9.5,
  },
  {
    docket: 'R-3',
    utility: 'Gamma Power, Inc.',
    requested: 350,
    authorized: null,
    hearing: '2025-06-15',
    status: 'filed',
    roe: null,
  },
  {
    docket: 'R-5',
    utility: 'Epsilon Water',
    requested: 450,
    authorized: null,
    hearing: null,
    status: 'filed',
    roe: null,
  },
  { docket: 'R-6', utility: 'Zeta Gas', requested: 600, authorized: null, hearing: null, status: 'filed', roe: null },
  { docket: 'R-7', utility: 'Eta Power', requested: 700, authorized: null, hearing: null, status: 'filed', roe: 10 },
]
  .map((row) => JSON.stringify(row))
  .join('\n');
