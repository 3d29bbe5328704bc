/** Shapes of the generated corpus; they follow the documents service's model. */

export const filingCategories = [
  'Decision',
  'Order',
  'Testimony',
  'Comment',
  'Stipulation',
  'Tariff',
  'Notice',
  'Motion',
  'Brief',
  'Application',
] as const;
export type FilingCategory = (typeof filingCategories)[number];

export const industries = ['electric', 'gas', 'water', 'telecom', 'pipeline'] as const;
export type Industry = (typeof industries)[number];

export type SourceKind = 'agency' | 'court';

export interface NativeFilingType {
  native: string;
  category: FilingCategory;
  /** Relative frequency among this source's filings. */
  weight: number;
}

/**
 * How docket numbers are written. `template` tokens: {P} and {K} (one of `codes.P` / `codes.K`),
 * {YYYY}, {YY}, {MM}, {N3}..{N7} (zero-padded sequence), {D} (office digit 1-5). Everything else is
 * literal. `docketPattern` is derived from it, so the two cannot disagree.
 */
export interface DocketFormat {
  template: string;
  codes?: { P?: string[]; K?: string[] };
  /** Codes of {P} that fit an industry (e.g. NYPSC "E" for electric). */
  industryCodes?: Partial<Record<Industry, string[]>>;
  /** Codes of {P} or {K} that fit a case type (e.g. FERC "RM" for rulemakings). */
  caseTypeCodes?: { P?: Record<string, string[]>; K?: Record<string, string[]> };
  example: string;
}

export interface Source {
  id: string;
  name: string;
  shortName: string;
  kind: SourceKind;
  jurisdiction: string;
  /** Two-letter state code, or 'US' for federal bodies. */
  state: string;
  city: string;
  homeUrl: string;
  docketPattern: string;
  docketFormat: DocketFormat;
  publishesNativeFilingTypes: boolean;
  filingTypes: NativeFilingType[];
  industries: Industry[];
  /** Relative share of dockets and filings. */
  weight: number;
}

export interface Catalog {
  seed: string;
  sources: Source[];
}

export type PartyRole = 'petitioner' | 'respondent' | 'intervenor' | 'filer' | 'staff';
export type PartyKind = 'organisation' | 'agency' | 'person';

export interface Party {
  name: string;
  role: PartyRole;
  kind: PartyKind;
  /** Counsel or representative, with title ("Jane Ortiz, Senior Counsel"). */
  representative?: string;
}

export type DocketStatus = 'open' | 'closed' | 'withdrawn';

export interface Person {
  name: string;
  title: string;
}

export interface Docket {
  id: string;
  sourceId: string;
  /** Normalised number; matches the source's `docketPattern`. */
  number: string;
  /** As it appears in the source's own listing (spacing, case, "Docket No." may vary). */
  numberRaw: string;
  title: string;
  caseType: string;
  industry: Industry;
  status: DocketStatus;
  /** ISO date. */
  openedAt: string;
  closedAt: string | null;
  parties: Party[];
  /** ALJ, hearing examiner or judge. */
  presiding: Person;
  /** Commissioners or panel judges who sign decisions. */
  panel: Person[];
  /** Main money figure at stake (requested increase, project cost, damages), in dollars. */
  amount: number;
  /** Relative share of filings; heavy-tailed so some dockets are much busier. */
  activity: number;
}

export interface Filing {
  sourceId: string;
  /** Stable and unique across the corpus for a seed. */
  sourceDocumentId: string;
  docketNumber: string;
  title: string;
  filingTypeNative: string;
  filingCategory: FilingCategory;
  /** ISO timestamp. */
  filedAt: string;
  filers: string[];
  description: string;
  /** Page texts; each is one page of the original. */
  pages: string[];
  language: 'en';
  hasPdf: boolean;
  /**
   * What this filing states of its docket's record (see `proceedingRecord`), for evaluation; not
   * stored: consumers map a Filing field by field and leave this out.
   */
  statements: StatedFact[];
}

export type StatedFactKind =
  | 'applicant'
  | 'requested_amount'
  | 'recommended_amount'
  | 'approved_amount'
  | 'outcome'
  | 'hearing_date'
  | 'comment_deadline'
  | 'intervention_deadline'
  | 'intervenor'
  | 'position';

/** One fact of the docket's record as a filing writes it. */
export interface StatedFact {
  kind: StatedFactKind;
  /**
   * Who it is about or by (the applicant, the recommending party, the intervenor, the arguing filer);
   * '' for the docket's.
   */
  party: string;
  /** Machine form: dollars as digits, an ISO day, a party name or an outcome. */
  value: string;
  /** As the text writes it ("$15.4 million", "March 3, 2025", "approved as modified"). */
  written: string;
  /** Schedule dates: the index of the scheduling order they belong to (a later one supersedes it). */
  order?: number;
}
