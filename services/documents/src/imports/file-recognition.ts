import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '@docket/observability';
import { courtRecordMark, mayBeCourtRecord, type CourtRecord } from '../domain/court-records';
import { recogniseInThread } from '../extraction';

/** Why an imported file was not read as a court record; kept in the document's provenance. */
export const UNRECOGNISED = {
  sidecar: 'described by its sidecar',
  notClaimable: 'not a court page or data file',
  noMark: 'no docket or opinion mark',
  timedOut: 'recogniser timed out',
  failed: 'recogniser failed',
  nothingRead: 'no docket or opinions read',
} as const;

/** What the recognisers made of a file: its record, or why there is none; its bytes when they were read. */
export interface Recognition {
  record?: CourtRecord;
  unrecognised?: string;
  bytes?: Buffer;
}

/** A court's page longer to read than this is imported as any other file (recognition is a parse of a page or two). */
export const RECOGNITION_TIMEOUT_MS = 30_000;

/**
 * Reads an imported file as a court record when it may be one: a page or data file (not larger than
 * a court publishes) without a sidecar, carrying a docket's or opinions' mark, parsed in an
 * extraction thread. A page the recognisers cannot read in time, or trip over, is imported as any other file.
 */
export async function recogniseFile(
  file: { relative: string; absolute: string; size: number; hasSidecar: boolean },
  logger: Logger,
  timeoutMs = RECOGNITION_TIMEOUT_MS,
): Promise<Recognition> {
  if (file.hasSidecar) return { unrecognised: UNRECOGNISED.sidecar };
  if (!mayBeCourtRecord(file.relative, file.size)) return { unrecognised: UNRECOGNISED.notClaimable };
  const bytes = await readFile(file.absolute);
  if (!courtRecordMark(bytes)) return { bytes, unrecognised: UNRECOGNISED.noMark };
  const deadline = AbortSignal.timeout(timeoutMs);
  try {
    const record = await recogniseInThread(bytes, path.basename(file.relative), deadline);
    return record ? { bytes, record } : { bytes, unrecognised: UNRECOGNISED.nothingRead };
  } catch (error) {
    logger.warn(
      { file: file.relative, err: error instanceof Error ? error.message : String(error) },
      'court record recognition failed; importing the file as it is',
    );
    return { bytes, unrecognised: deadline.aborted ? UNRECOGNISED.timedOut : UNRECOGNISED.failed };
  }
}
