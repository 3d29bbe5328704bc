/** The catalog: sources (fixed list, patterns derived from their formats) and data products with releases. */
import { docketPatternOf } from './docket-number';
import type { Catalog, ChangeLogEntry, DataProduct, DataProductField, DataProductRelease, Source } from './model';
import { Rng, type Seed } from './random';
import { sourceSeeds } from './sources.data';

/** The corpus covers filings up to this day; fixed so output never depends on the clock. */
export const corpusStart = Date.UTC(2015, 0, 1);
export const corpusEnd = Date.UTC(2026, 9, 31);

interface ProductSeed {
  id: string;
  name: string;
  description: string;
  entities: { name: string; initial: [number, number]; monthlyAdded: [number, number] }[];
  fields: DataProductField[];
  /** Columns introduced by later releases (in order), and columns that get retired. */
  laterColumns: DataProductField[];
  retiredColumns: string[];
  sourceFilter: (source: Source) => boolean;
}

const f = (name: string, type: DataProductField['type'], description: string): DataProductField => ({
  name,
  type,
  description,
});

const productSeeds: ProductSeed[] = [
  {
    id: 'rate-case-tracker',
    name: 'Rate-case tracker',
    description:
      'Every general rate case before the covered state commissions and FERC: ' +
      'requested and authorized revenue, return on equity, test year, milestones and outcome.',
    entities: [
      { name: 'proceeding', initial: [380, 460], monthlyAdded: [6, 19] },
      { name: 'milestone', initial: [2400, 3100], monthlyAdded: [60, 140] },
    ],
    fields: [
      f('docketNumber', 'string', 'Normalised docket number'),
      f('sourceId', 'string', 'Commission'),
      f('utility', 'string', 'Applicant utility'),
      f('industry', 'string', 'electric, gas, water, telecom or pipeline'),
      f('filedDate', 'date', 'Date the application was filed'),
      f('requestedIncrease', 'number', 'Requested revenue increase, dollars'),
      f('authorizedIncrease', 'number', 'Authorized revenue increase, dollars'),
      f('requestedRoe', 'number', 'Requested return on equity, percent'),
      f('authorizedRoe', 'number', 'Authorized return on equity, percent'),
      f('testYear', 'string', 'Test year'),
      f('status', 'string', 'pending, settled, decided or withdrawn'),
      f('decisionDate', 'date', 'Date of the final order'),
    ],
    laterColumns: [
      f('equityRatio', 'number', 'Authorized common equity ratio, percent'),
      f('settlementType', 'string', 'full, partial or none'),
      f('rateBase', 'number', 'Rate base, dollars'),
    ],
    retiredColumns: ['testYear'],
    sourceFilter: (source) => source.kind === 'agency',
  },
  {
    id: 'interconnection-queue',
    name: 'Interconnection queue',
    description:
      'Generation and storage projects seeking interconnection, ' +
      'compiled from utility and RTO queue filings: capacity, fuel, location, queue position and status.',
    entities: [
      { name: 'project', initial: [9000, 11000], monthlyAdded: [150, 420] },
      { name: 'study', initial: [2100, 2600], monthlyAdded: [30, 90] },
    ],
    fields: [
      f('queueId', 'string', 'Queue position identifier'),
      f('projectName', 'string', 'Project name'),
      f('developer', 'string', 'Interconnection customer'),
      f('fuel', 'string', 'solar, wind, storage, gas, hybrid'),
      f('capacityMw', 'number', 'Requested capacity, MW'),
      f('state', 'string', 'State'),
      f('county', 'string', 'County'),
      f('queueDate', 'date', 'Date entered the queue'),
      f('status', 'string', 'active, suspended, withdrawn, in service'),
      f('proposedCod', 'date', 'Proposed commercial operation date'),
    ],
    laterColumns: [
      f('storageMwh', 'number', 'Storage energy, MWh'),
      f('networkUpgradeCost', 'number', 'Estimated network upgrade cost, dollars'),
    ],
    retiredColumns: [],
    sourceFilter: (source) => source.kind === 'agency' && source.industries.includes('electric'),
  },
  {
    id: 'tariff-filings',
    name: 'Tariff filings',
    description:
      'Tariff and advice-letter filings with the affected schedules, ' +
      'effective dates, proposed rate changes and disposition.',
    entities: [
      { name: 'tariff', initial: [5200, 6400], monthlyAdded: [80, 260] },
      { name: 'proceeding', initial: [700, 900], monthlyAdded: [5, 15] },
    ],
    fields: [
      f('filingId', 'string', 'Source document identifier'),
      f('sourceId', 'string', 'Agency'),
      f('docketNumber', 'string', 'Docket, when assigned'),
      f('utility', 'string', 'Filing utility'),
      f('schedule', 'string', 'Tariff schedule'),
      f('filedDate', 'date', 'Filing date'),
      f('effectiveDate', 'date', 'Proposed effective date'),
      f('rateChangePct', 'number', 'Average rate change, percent'),
      f('disposition', 'string', 'approved, suspended, rejected, pending'),
    ],
    laterColumns: [
      f('customerClass', 'string', 'Affected customer class'),
      f('adviceLetterNumber', 'string', 'Advice letter number'),
    ],
    retiredColumns: ['disposition'],
    sourceFilter: (source) => source.kind === 'agency',
  },
];

function buildSources(): Source[] {
  return sourceSeeds.map((seed) => ({ ...seed, docketPattern: docketPatternOf(seed.docketFormat) }));
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function buildReleases(rng: Rng, product: ProductSeed): { releases: DataProductRelease[]; fields: DataProductField[] } {
  const releaseCount = rng.int(6, 14);
  const endMonth = new Date(corpusEnd);
  let fields = [...product.fields];
  const laterColumns = [...product.laterColumns];
  const retired = [...product.retiredColumns];
  const counts: Record<string, number> = {};
  const releases: DataProductRelease[] = [];
  let major = 1;
  let minor = 0;
  let patch = 0;
  for (let i = 0; i < releaseCount; i++) {
    const monthsBack = releaseCount - 1 - i;
    const date = Date.UTC(endMonth.getUTCFullYear(), endMonth.getUTCMonth() - monthsBack, rng.int(1, 8));
    const changeLog: ChangeLogEntry[] = [];
    const addedColumns: string[] = [];
    const removedColumns: string[] = [];
    for (const entity of product.entities) {
      if (i === 0) {
        counts[entity.name] = rng.int(...entity.initial);
        changeLog.push({ kind: 'added', entity: entity.name, count: counts[entity.name] as number });
        continue;
      }
      const added = rng.int(...entity.monthlyAdded);
      const updated = rng.int(Math.floor(added / 2), added * 3);
      const removed = rng.chance(0.6) ? rng.int(1, Math.max(1, Math.floor(added / 8))) : 0;
      counts[entity.name] = (counts[entity.name] as number) + added - removed;
      changeLog.push(
        { kind: 'added', entity: entity.name, count: added },
        { kind: 'updated', entity: entity.name, count: updated },
      );
      if (removed > 0) changeLog.push({ kind: 'removed', entity: entity.name, count: removed });
    }
    if (i > 0 && laterColumns.length > 0 && rng.chance(0.3)) {
      const column = laterColumns.shift() as DataProductField;
      fields = [...fields, column];
      addedColumns.push(column.name);
    }
    if (i > 2 && retired.length > 0 && rng.chance(0.15)) {
      const name = retired.shift() as string;
      fields = fields.filter((field) => field.name !== name);
      removedColumns.push(name);
    }
    if (removedColumns.length > 0) {
      major += 1;
      minor = 0;
      patch = 0;
    } else if (addedColumns.length > 0) {
      minor += 1;
      patch = 0;
    } else if (i > 0) {
      patch += 1;
    }
    const version = `${major}.${minor}.${patch}`;
    releases.push({
      id: `${product.id}@${version}`,
      version,
      date: isoDate(date),
      recordCounts: { ...counts },
      changeLog,
      addedColumns,
      removedColumns,
    });
  }
  return { releases, fields };
}

export function generateCatalog(seed: Seed): Catalog {
  const sources = buildSources();
  const dataProducts: DataProduct[] = productSeeds.map((product) => {
    const { releases, fields } = buildReleases(Rng.derive(seed, 'product', product.id), product);
    return {
      id: product.id,
      name: product.name,
      description: product.description,
      cadence: 'monthly',
      entities: product.entities.map((entity) => entity.name),
      fields,
      sourceIds: sources.filter(product.sourceFilter).map((source) => source.id),
      releases,
    };
  });
  return { seed: String(seed), sources, dataProducts };
}

/** The seed of the corpus `npm start` loads (and the browser journey's stack). */
export const DEFAULT_CORPUS_SEED = 'docket-research';

/**
 * How far a corpus loaded at `now` is moved forward (whole days), so that its newest filings are
 * recent whatever the day it is loaded (generateFilings' shiftDays is this in days).
 */
export function corpusShiftMs(now: Date): number {
  const day = 86_400_000;
  return Math.max(0, Math.floor((now.getTime() - corpusEnd) / day)) * day;
}
