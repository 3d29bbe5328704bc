/**
 * Filings, produced lazily: filing i depends only on (seed, i), the catalog and the dockets, so a
 * million of them stream in constant memory and any one can be regenerated on its own.
 */
import { corpusEnd } from './catalog.generator';
import { writePages } from './filing-pages';
import type { Catalog, Docket, Filing, FilingCategory, NativeFilingType, Source } from './model';
import { personName, titleCase } from './names';
import { proceedingRecord, type ProceedingRecord } from './proceeding-record';
import { pickCumulative, Rng, type Seed } from './random';
import { TextContext, type FilingPurpose } from './text-context';

const DAY = 86_400_000;

export interface FilingOptions {
  /** How many filings (default 20,000). */
  count?: number;
  /** Index of the first filing, to resume or shard a stream (default 0). */
  start?: number;
  /** Share of filings that come with a PDF attachment (default 0.15). */
  pdfShare?: number;
  /**
   * Multiplies every filing's page count (at least one page; default 1, ~4 pages and ~10 KB of
   * text per filing on average). Lets a seed corpus stay light without changing anything else.
   */
  pageScale?: number;
  /**
   * Whole days to move every date a filing carries (filedAt, the dates in its text, its
   * statements), so a corpus loaded later can end near today; default 0. Ids do not change.
   */
  shiftDays?: number;
}

/** Filing volume by month: busy spring and autumn, quiet August and late December. */
const monthWeight = [0.95, 1.0, 1.1, 1.05, 1.0, 1.05, 0.85, 0.7, 1.0, 1.1, 1.0, 0.9];

const pageRange: Record<FilingCategory, [number, number]> = {
  Decision: [4, 12],
  Order: [1, 6],
  Testimony: [3, 12],
  Comment: [1, 6],
  Stipulation: [2, 8],
  Tariff: [1, 5],
  Notice: [1, 2],
  Motion: [1, 4],
  Brief: [3, 12],
  Application: [2, 10],
};

/** Where in a docket's life a filing of this category tends to fall (fraction of its span). */
const lifePosition: Record<FilingCategory, [number, number]> = {
  Application: [0, 0.04],
  Notice: [0, 1],
  Motion: [0.05, 0.9],
  Testimony: [0.15, 0.7],
  Comment: [0.05, 1],
  Stipulation: [0.55, 0.85],
  Brief: [0.6, 0.9],
  Order: [0.02, 1],
  Decision: [0.85, 1],
  Tariff: [0.1, 1],
};

function pickDate(rng: Rng, docket: Docket, category: FilingCategory): number {
  const opened = Date.parse(docket.openedAt);
  const end = docket.closedAt ? Date.parse(docket.closedAt) : corpusEnd;
  const [from, to] = lifePosition[category];
  let at = opened;
  for (let attempt = 0; attempt < 6; attempt++) {
    at = opened + (from + rng.next() * (to - from)) * (end - opened);
    if (rng.next() * 1.1 < (monthWeight[new Date(at).getUTCMonth()] as number)) break;
  }
  const day = new Date(at).getUTCDay();
  if (day === 6) at -= DAY; // Saturday -> Friday
  if (day === 0) at += DAY; // Sunday -> Monday
  at = Math.max(opened, Math.min(end, at));
  // Business hours in US time zones, expressed in UTC.
  const dayStart = Math.floor(at / DAY) * DAY;
  return dayStart + rng.int(13, 23) * 3_600_000 + rng.int(0, 59) * 60_000 + rng.int(0, 59) * 1000;
}

/** A record day (ISO) at business hours in US time zones, expressed in UTC. */
function onDay(rng: Rng, isoDay: string): number {
  return Date.parse(isoDay) + rng.int(13, 23) * 3_600_000 + rng.int(0, 59) * 60_000 + rng.int(0, 59) * 1000;
}

/**
 * Some filings are pieces of the record: a scheduling order, an order granting intervention, an
 * intervenor's petition. They carry the record's date, and their filer when it is the intervenor.
 */
function pickPurpose(
  rng: Rng,
  source: Source,
  category: FilingCategory,
  native: NativeFilingType,
  record: ProceedingRecord,
): { purpose: FilingPurpose; at?: number; filer?: string } {
  if (source.kind === 'court') return { purpose: { kind: 'none' } };
  if (category === 'Order') {
    const r = rng.next();
    if (r < 0.3 && record.schedule.length > 0) {
      const order = rng.int(0, record.schedule.length - 1);
      return { purpose: { kind: 'scheduling-order', order }, at: onDay(rng, record.schedule[order]!.issuedAt) };
    }
    if (r < 0.5 && record.intervenors.length > 0) {
      const grantedAt = rng.pick(record.intervenors).grantedAt;
      const intervenors = record.intervenors.filter((i) => i.grantedAt === grantedAt).map((i) => i.name);
      return { purpose: { kind: 'intervention-order', intervenors }, at: onDay(rng, grantedAt) };
    }
  }
  // Notices that announce the hearing and deadlines (not appearances, errata or filings).
  if (category === 'Notice' && (native.native === 'Notice' || native.native === 'Notice of Hearing'))
    return { purpose: { kind: 'schedule-notice' } };
  if (category === 'Motion' && record.intervenors.length > 0 && (/Intervene/.test(native.native) || rng.chance(0.3))) {
    const intervenor = rng.pick(record.intervenors);
    return {
      purpose: { kind: 'petition-to-intervene', intervenor: intervenor.name },
      at: onDay(rng, intervenor.petitionFiledAt),
      filer: intervenor.name,
    };
  }
  return { purpose: { kind: 'none' } };
}

/** Testimony and briefs come often from the parties whose numbers are in the record. */
function recordFiler(rng: Rng, category: FilingCategory, record: ProceedingRecord): string | undefined {
  if ((category !== 'Testimony' && category !== 'Brief') || record.requestedIncrease === null || !rng.chance(0.5))
    return undefined;
  return rng.pick([record.applicant, ...record.recommendations.map((r) => r.party)].filter((name) => name !== ''));
}

function pickFilers(rng: Rng, source: Source, docket: Docket, category: FilingCategory): string[] {
  const orgs = docket.parties.filter((party) => party.kind !== 'person');
  const byRole = (role: string) => docket.parties.filter((party) => party.role === role).map((party) => party.name);
  switch (category) {
    case 'Decision':
    case 'Order':
    case 'Notice':
      return [source.name];
    case 'Application':
    case 'Tariff':
      return byRole('petitioner')
        .slice(0, category === 'Tariff' ? 1 : 2)
        .concat(byRole('petitioner').length === 0 ? [docket.parties[0]?.name ?? source.name] : []);
    case 'Stipulation':
      return rng.sample(orgs, Math.min(orgs.length, rng.int(2, 5))).map((party) => party.name);
    case 'Comment':
      return [rng.pick(orgs.length > 0 ? orgs : docket.parties).name];
    default:
      return [rng.pick(orgs.length > 0 ? orgs : docket.parties).name];
  }
}

function shortName(name: string): string {
  return name.replace(/^Staff of the .*/, 'Staff');
}

function decisionTitle(c: TextContext, native: NativeFilingType): string {
  const byOutcome: Record<string, string[]> = {
    approved: ['Granting Application', 'Approving Request'],
    'approved as modified': [
      'Authorizing Revenue Increase',
      'Granting Application in Part',
      'Adopting Settlement Agreement',
    ],
    'approved with conditions': ['Approving Application Subject to Conditions', 'Granting Application With Conditions'],
    denied: ['Denying Application', 'Rejecting Request'],
    'rules adopted': ['Adopting Rules', 'Adopting Final Rules'],
    withdrawn: ['Closing Proceeding', 'Accepting Withdrawal of Application'],
    dismissed: ['Dismissing Complaint'],
    sustained: ['Sustaining Complaint'],
    'sustained in part': ['Sustaining Complaint in Part'],
  };
  const outcome = c.record.outcome;
  const options = outcome
    ? (byOutcome[outcome] ?? ['Resolving Proceeding'])
    : ['Resolving Phase 1 Issues', 'Addressing Interim Issues'];
  return `${native.native} ${c.rng.pick(options)} (${titleCase(c.focus[0] ?? 'Rates')})`;
}

/** What an order about neither the schedule nor intervention is titled by. */
const otherOrderSubjects = [
  'Addressing Scope of Proceeding',
  'on Motion to Compel',
  'Accepting Compliance Filing',
  'Establishing Hearing Procedures',
  'on Confidential Treatment',
];

function orderTitle(c: TextContext, native: NativeFilingType): string {
  switch (c.purpose.kind) {
    case 'scheduling-order':
      return c.purpose.order === 0
        ? `${native.native} ${c.rng.pick(['Setting Procedural Schedule', 'Adopting Procedural Schedule'])}`
        : `${native.native} ${c.rng.pick(['Revising Procedural Schedule', 'Modifying Procedural Schedule'])}`;
    case 'intervention-order':
      return c.purpose.intervenors.length === 1
        ? `${native.native} Granting Intervention of ${c.purpose.intervenors[0]}`
        : `${native.native} Granting Petitions to Intervene`;
    default:
      return `${native.native} ${c.rng.pick(otherOrderSubjects)}`;
  }
}

/** What a motion titled "Motion" asks for. */
const motionRequests = [
  'Compel Discovery Responses',
  'Extend the Procedural Schedule',
  'Strike Portions of Testimony',
  'Accept Late-Filed Comments',
  'Stay the Proceeding',
];
/** What a notice of the schedule in force is titled by. */
const scheduleNoticeSubjects = ['Evidentiary Hearing', 'Hearing Date and Comment Deadline', 'Procedural Schedule'];

function filingTitle(c: TextContext, native: NativeFilingType): string {
  const filer = c.filer;
  if (c.purpose.kind === 'petition-to-intervene')
    return `Petition to Intervene of ${c.purpose.intervenor} in ${c.docketRef()}`;
  switch (native.category) {
    case 'Testimony':
      return (
        `${native.native} of ${c.witness.name} ` +
        `on Behalf of ${filer} (${titleCase(c.focus[0] ?? 'Revenue Requirement')})`
      );
    case 'Comment':
      return `${native.native} of ${shortName(filer)} on ${titleCase(c.focus[0] ?? 'the Proposal')}`;
    case 'Motion':
      return native.native === 'Motion'
        ? `Motion of ${shortName(filer)} to ${c.rng.pick(motionRequests)}`
        : `${native.native} of ${shortName(filer)}`;
    case 'Brief':
      return `${native.native} of ${shortName(filer)}`;
    case 'Tariff':
      return (
        `${native.native} No. ${c.rng.int(100, 5200)}-${c.docket.industry.charAt(0).toUpperCase()}: ` +
        `Revisions to ${c.rng.pick(c.bank.schedules)}`
      );
    case 'Stipulation': {
      const firstThree = c.filers.map(shortName).slice(0, 3).join(', ');
      return `${native.native} Among ${firstThree}${c.filers.length > 3 ? ' and Other Parties' : ''}`;
    }
    case 'Notice':
      return c.purpose.kind === 'schedule-notice' && c.scheduleInForce
        ? `${native.native}: ${c.rng.pick(scheduleNoticeSubjects)} in ${c.docketRef()}`
        : `${native.native}: ${titleCase(c.otherProcedure())} in ${c.docketRef()}`;
    case 'Application':
      return native.native === 'Complaint' || native.native === 'Petition for Review'
        ? `${native.native}: ${c.docket.title}`
        : c.docket.title;
    case 'Decision':
      return c.isCourt ? `${native.native}: ${c.docket.title}` : decisionTitle(c, native);
    default:
      return orderTitle(c, native);
  }
}

function description(c: TextContext, native: NativeFilingType, pages: number): string {
  return (
    `${native.native} filed by ${c.filers.join(', ')} in ${c.docketRef()} (${c.docket.title}) ` +
    `addressing ${c.focus.slice(0, 2).join(' and ')}; ${pages} page${pages === 1 ? '' : 's'}.`
  );
}

export function* generateFilings(
  seed: Seed,
  catalog: Catalog,
  dockets: readonly Docket[],
  options: FilingOptions = {},
): Generator<Filing> {
  const count = options.count ?? 20_000;
  const start = options.start ?? 0;
  const pdfShare = options.pdfShare ?? 0.15;
  const pageScale = options.pageScale ?? 1;
  const shiftMs = Math.round(options.shiftDays ?? 0) * DAY;
  // The record depends on (seed, docket) alone; keeping it per docket only saves recomputing it.
  const records = new Map<string, ProceedingRecord>();
  const recordOf = (docket: Docket) => {
    let record = records.get(docket.id);
    if (!record) records.set(docket.id, (record = proceedingRecord(seed, docket)));
    return record;
  };
  if (!(pageScale > 0)) throw new Error(`pageScale must be positive, got ${pageScale}`);
  if (dockets.length === 0) return;
  const sources = new Map(catalog.sources.map((source) => [source.id, source]));
  const cumulative = new Float64Array(dockets.length);
  let total = 0;
  dockets.forEach((docket, i) => {
    total += docket.activity;
    cumulative[i] = total;
  });

  for (let i = start; i < start + count; i++) {
    const rng = Rng.derive(seed, 'filing', i);
    const docket = dockets[pickCumulative(cumulative, rng.next() * total)] as Docket;
    const source = sources.get(docket.sourceId);
    if (!source) throw new Error(`docket ${docket.id} names unknown source ${docket.sourceId}`);
    const native = rng.weighted(source.filingTypes, (type) => type.weight);
    const category = native.category;
    const record = recordOf(docket);
    const { purpose, at, filer } = pickPurpose(rng, source, category, native, record);
    const filedAt = at ?? pickDate(rng, docket, category);
    const named = filer ?? (native.native === 'Public Comment' ? undefined : recordFiler(rng, category, record));
    const filers = named
      ? [named]
      : native.native === 'Public Comment'
        ? [personName(rng)]
        : pickFilers(rng, source, docket, category);
    const context = new TextContext(rng, source, docket, category, filers, filedAt, record, purpose, shiftMs);
    const title = filingTitle(context, native);
    const [minPages, maxPages] = pageRange[category];
    const drawn = context.isPublicComment ? 1 : rng.int(minPages, maxPages);
    const pageCount = Math.max(1, Math.min(12, Math.round(drawn * pageScale)));
    const pages = writePages(context, title, pageCount);
    yield {
      sourceId: source.id,
      sourceDocumentId: `${source.id}-${new Date(filedAt).getUTCFullYear()}-${String(i).padStart(7, '0')}`,
      docketNumber: docket.number,
      title,
      filingTypeNative: native.native,
      filingCategory: category,
      filedAt: new Date(filedAt + shiftMs).toISOString(),
      filers,
      description: description(context, native, pageCount),
      pages,
      language: 'en',
      hasPdf: rng.chance(pdfShare),
      statements: context.stated,
    };
  }
}
