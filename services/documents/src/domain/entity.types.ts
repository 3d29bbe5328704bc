/** An entity profile: running counts of where and when an entity is mentioned. */
export interface Entity {
  id: string;
  kind: string;
  key: string;
  name: string;
  aliases: string[];
  mentionCount: number;
  documentCount: number;
  firstSeenAt?: Date;
  lastSeenAt?: Date;
  /** YYYY-MM → mentions. */
  months: Record<string, number>;
  /** Docket id → documents. */
  dockets: Record<string, number>;
  /** The latest documents that mention it, oldest first. */
  recentDocuments: string[];
}
