/**
 * Filings, produced lazily: filing i depends only on (seed, i), the catalog and the dockets, so a
 * million of them stream in constant memory and any one can be regenerated on its own.
 */
import { corpusEnd } from './catalog.generator';
import { writePages } from './filing-pages';
import type { Catalog, Docket, Filing, FilingCategory, NativeFilingType, Source } from './model';
import { personName, titleCase } from './names';
import { pickCumulative, Rng, type Seed } from './random';
import { TextContext } from './text-context';

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
}

/** Filing volume by month: busy spring and autumn, quiet August and late December. */
const monthWeight = [0.95, 1.0, 1.1, 1.05, 1.0, 1.05, 0.85, 0.7, 1.0, 1.1, 1.0, 0.9];

const pageRange: Record<FilingCategory, [number, number]> = {
  Decision: [4, 12], Order: [1, 6], Testimony: [3, 12], Comment: [1, 6], Stipulation: [2, 8],
  Tariff: [1, 5], Notice: [1, 2], Motion: [1, 4], Brief: [3, 12], Application: [2, 10],
};

/** Where in a docket's life a filing of this category tends to fall (fraction of its span). */
const lifePosition: Record<FilingCategory, [number, number]> = {
  Application: [0, 0.04], Notice: [0, 1], Motion: [0.05, 0.9], Testimony: [0.15, 0.7], Comment: [0.05, 1],
  Stipulation: [0.55, 0.85], Brief: [0.6, 0.9], Order: [0.02, 1], Decision: [0.85, 1], Tariff: [0.1, 1],
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
      return byRole('petitioner').slice(0, category === 'Tariff' ? 1 : 2).concat(byRole('petitioner').length === 0 ? [docket.parties[0]?.name ?? source.name] : []);
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

function filingTitle(c: TextContext, native: NativeFilingType): string {
  const filer = c.filer;
  switch (native.category) {
    case 'Testimony':
      return `${native.native} of ${c.witness.name} on Behalf of ${filer} (${titleCase(c.focus[0] ?? 'Revenue Requirement')})`;
    case 'Comment':
      return `${native.native} of ${shortName(filer)} on ${titleCase(c.focus[0] ?? 'the Proposal')}`;
    case 'Motion':
      return native.native === 'Motion' ? `Motion of ${shortName(filer)} to ${c.rng.pick(['Compel Discovery Responses', 'Extend the Procedural Schedule', 'Strike Portions of Testimony', 'Accept Late-Filed Comments', 'Stay the Proceeding'])}` : `${native.native} of ${shortName(filer)}`;
    case 'Brief':
      return `${native.native} of ${shortName(filer)}`;
    case 'Tariff':
      return `${native.native} No. ${c.rng.int(100, 5200)}-${c.docket.industry.charAt(0).toUpperCase()}: Revisions to ${c.rng.pick(c.bank.schedules)}`;
    case 'Stipulation':
      return `${native.native} Among ${c.filers.map(shortName).slice(0, 3).join(', ')}${c.filers.length > 3 ? ' and Other Parties' : ''}`;
    case 'Notice':
      return `${native.native}: ${titleCase(c.procedure())} in ${c.docketRef()}`;
    case 'Application':
      return native.native === 'Complaint' || native.native === 'Petition for Review' ? `${native.native}: ${c.docket.title}` : c.docket.title;
    case 'Decision':
      return c.isCourt ? `${native.native}: ${c.docket.title}` : `${native.native} ${c.rng.pick(['Adopting Settlement Agreement', 'Authorizing Revenue Increase', 'Resolving Phase 1 Issues', 'Granting Application in Part'])} (${titleCase(c.focus[0] ?? 'Rates')})`;
    default:
      return `${native.native} ${c.rng.pick(['Granting Intervention', 'Setting Procedural Schedule', 'Addressing Scope of Proceeding', 'on Motion to Compel', 'Accepting Compliance Filing', 'Establishing Hearing Procedures'])}`;
  }
}

function description(c: TextContext, native: NativeFilingType, pages: number): string {
  return `${native.native} filed by ${c.filers.join(', ')} in ${c.docketRef()} (${c.docket.title}) addressing ${c.focus.slice(0, 2).join(' and ')}; ${pages} page${pages === 1 ? '' : 's'}.`;
}

export function* generateFilings(seed: Seed, catalog: Catalog, dockets: readonly Docket[], options: FilingOptions = {}): Generator<Filing> {
  const count = options.count ?? 20_000;
  const start = options.start ?? 0;
  const pdfShare = options.pdfShare ?? 0.15;
  const pageScale = options.pageScale ?? 1;
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
    const filedAt = pickDate(rng, docket, category);
    const filers = native.native === 'Public Comment' ? [personName(rng)] : pickFilers(rng, source, docket, category);
    const context = new TextContext(rng, source, docket, category, filers, filedAt);
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
      filedAt: new Date(filedAt).toISOString(),
      filers,
      description: description(context, native, pageCount),
      pages,
      language: 'en',
      hasPdf: rng.chance(pdfShare),
    };
  }
}
