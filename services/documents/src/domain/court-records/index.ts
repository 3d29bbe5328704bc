import { acmsDocketRecogniser } from './acms-docket';
import { cmecfAppellateDocketRecogniser } from './cmecf-appellate-docket';
import { cmecfDocketRecogniser } from './cmecf-docket';
import type { CourtFile, CourtRecord, CourtRecogniser } from './court-record';

export type { CourtRecord, RecognisedDocket, RecognisedOpinions } from './court-record';
export { docketItems, type DocketFileContext } from './docket-items';
export { courtName } from './federal-courts';

/** Every recogniser, most specific first: the first to claim a file reads it. */
const RECOGNISERS: readonly CourtRecogniser[] = [cmecfDocketRecogniser, cmecfAppellateDocketRecogniser, acmsDocketRecogniser];

/** Files a recogniser may claim: pages and data files a court publishes, none larger than this. */
const CLAIMABLE = /\.(?:html?|xhtml|json|acms_json|xml)$/iu;
export const MAX_COURT_FILE_BYTES = 20 * 1024 * 1024;
/** What every docket the recognisers read says in its first pages: a CM/ECF case heading, or ACMS's case details. */
const DOCKET_MARK = /(?:DOCKET FOR CASE|Bankruptcy Petition|Adversary Proceeding)\s*#|General Docket|"caseDetails"/iu;
const MARK_WITHIN = 256 * 1024;

export function mayBeCourtRecord(fileName: string, size: number): boolean {
  return CLAIMABLE.test(fileName) && size <= MAX_COURT_FILE_BYTES;
}

/** Whether the file is worth a recogniser's parse: a quick look for a docket's mark, on the event loop (most files are filings). */
export function looksLikeCourtRecord(bytes: Buffer): boolean {
  return DOCKET_MARK.test(bytes.subarray(0, MARK_WITHIN).toString('latin1'));
}

/** What the file holds when it is a court record this product reads; undefined when no recogniser claims it. */
export function recogniseCourtRecord(file: CourtFile): CourtRecord | undefined {
  for (const recogniser of RECOGNISERS) {
    const record = recogniser.recognise(file);
    if (record) return record;
  }
  return undefined;
}
