import type { DocketCourt, IngestParty } from './ingest-item';

/** A docket: one proceeding of a source, with its parties and how many documents it holds. */
export interface Docket {
  id: string;
  sourceId: string;
  number: string;
  numberRaw: string;
  title: string;
  status: string;
  openedAt?: Date;
  closedAt?: Date;
  parties: IngestParty[];
  industry: string;
  /** A court case's header, read from its docket report. */
  court?: DocketCourt;
  documentCount: number;
}
