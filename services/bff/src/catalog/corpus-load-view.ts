import type { z } from 'zod';
import type { CorpusLoad } from './catalog.schemas';

/** The default corpus's load as the documents service reports it (GetCatalogStatus). */
export interface CorpusLoadReport {
  total: number;
  stored: number;
  startedAt: Date;
  /** When the last filing was stored; undefined while storing. */
  finishedAt?: Date;
}

/** The progress line /catalog-status shows until the default corpus is stored and searchable. */
export type CorpusLoadView = z.output<typeof CorpusLoad>;

/**
 * The progress line, or null once every filing is stored and the index holds as many documents (or
 * no load ran). Rates are averages since the load began: steadier than the last few seconds'.
 */
export function corpusLoadView(
  report: CorpusLoadReport | undefined,
  indexedDocuments: number | undefined,
  now: Date,
): CorpusLoadView | null {
  if (!report) return null;
  const indexed = indexedDocuments === undefined ? undefined : Math.min(indexedDocuments, report.total);
  if (report.finishedAt && indexed !== undefined && indexed >= report.total) return null;
  const seconds = Math.max((now.getTime() - report.startedAt.getTime()) / 1000, 1);
  const storingSeconds = report.finishedAt
    ? Math.max((report.finishedAt.getTime() - report.startedAt.getTime()) / 1000, 1)
    : seconds;
  const storedPerSecond = report.stored / storingSeconds;
  const indexedPerSecond = indexed === undefined ? undefined : indexed / seconds;
  const left = (done: number, perSecond: number) =>
    done >= report.total ? 0 : perSecond > 0 ? (report.total - done) / perSecond : undefined;
  const storeLeft = left(report.stored, storedPerSecond);
  const indexLeft =
    indexed === undefined || indexedPerSecond === undefined ? undefined : left(indexed, indexedPerSecond);
  return {
    total: report.total,
    stored: report.stored,
    indexed: indexed ?? null,
    storedPerSecond: round1(storedPerSecond),
    indexedPerSecond: indexedPerSecond === undefined ? null : round1(indexedPerSecond),
    secondsLeft: storeLeft === undefined || indexLeft === undefined ? null : Math.ceil(Math.max(storeLeft, indexLeft)),
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
