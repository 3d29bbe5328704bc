import type { Citation } from '../analysis';

/** Names mirror research.query_engine.v1 (queries.proto): Figures, CountBucket, ExtractedNumber. */
export interface CountBucket {
  key: string;
  label: string;
  count: number;
}

export type ExtractedNumberKind = 'amount' | 'percentage' | 'date';

export interface ExtractedNumber {
  kind: ExtractedNumberKind;
  /** As written ("$4.2 million"). */
  text: string;
  /** Amount in its currency unit, percentage as a number (12.5 for 12.5 %), date as epoch ms (UTC midnight). */
  value: number;
  /** "USD"; "%" or "percentage points"; "day" or "month" (how precise the date is). */
  unit: string;
  citation: Citation;
}

export interface Figures {
  /** How many documents the question's result set holds (the figures describe these). */
  resultCount: number;
  /** key = YYYY-MM, every month from the first to the last filing (empty months count 0). */
  filingsByMonth: CountBucket[];
  byAgency: CountBucket[];
  byFilingType: CountBucket[];
  byParty: CountBucket[];
  byDocket: CountBucket[];
  /** Numbers from the cited passages, each linked to its source. */
  numbers: ExtractedNumber[];
  /** The docket the figures are limited to when the answer is about one proceeding (absent: everything retrieved). */
  scopeDocketNumber?: string | undefined;
  /** When limited to one proceeding: the same figures over everything retrieved. */
  retrieved?: Figures | undefined;
}

/** What the figures read of each document of the result set (a subset of the index's IndexedDocument). */
export interface ResultSetDocument {
  id: string;
  sourceId: string;
  sourceName?: string | undefined;
  filingCategory?: string | undefined;
  docketNumber?: string | undefined;
  parties?: readonly string[] | undefined;
  filedAt?: Date | string | undefined;
}
