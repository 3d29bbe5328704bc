/** How a source describes itself (seeded or defined by a connector). */
export interface SourceDefinition {
  id: string;
  name: string;
  shortName: string;
  /** agency, court or upload */
  kind: string;
  jurisdiction: string;
  state: string;
  homeUrl: string;
  docketPattern: string;
  publishesNativeFilingTypes: boolean;
  industries: string[];
  /** Native filing type → category, as the source defines them. */
  filingTypes: Array<{ native: string; category: string }>;
}

export interface SourceStats {
  documentCount: number;
  docketCount: number;
  firstFiledAt?: Date;
  lastFiledAt?: Date;
  /** Native filing type → documents. */
  filingTypeCounts: Record<string, number>;
}

/** A source with its running catalog counts. */
export type Source = SourceDefinition & SourceStats;
