import { acmsDocketRecogniser } from './acms-docket';
import { cmecfAppellateDocketRecogniser } from './cmecf-appellate-docket';
import { cmecfDocketRecogniser } from './cmecf-docket';
import type { CourtFile, CourtRecogniser, CourtRecord, RecognisedOpinions } from './court-record';
import { convincingOpinions } from './opinion-claim';
import { opinionListingRecogniser } from './opinion-listing';
import { opinionPageRecogniser } from './opinion-page';

export type { CourtRecord, ListedOpinion, RecognisedDocket, RecognisedOpinions } from './court-record';
export { docketItems } from './docket-items';
export { opinionItems } from './opinion-items';
export { courtName } from './federal-courts';

/**
 * A court's opinions, when they read as a court's (see convincingOpinions): a listing of several; else
 * a page of one opinion as the page recogniser reads it (its caption and docket where the page states
 * them, not a citation in its text); else the one opinion the listing recogniser read.
 */
const opinionRecogniser: CourtRecogniser = {
  format: 'opinions',
  recognise(file) {
    const listed = convincing(opinionListingRecogniser.recognise(file));
    if (listed && listed.opinions.length > 1) return listed;
    return convincing(opinionPageRecogniser.recognise(file)) ?? listed;
  },
};

function convincing(record: CourtRecord | undefined): RecognisedOpinions | undefined {
  return record?.kind === 'opinions' ? convincingOpinions(record) : undefined;
}

/** Every recogniser, most specific first: the first to claim a file reads it. */
const RECOGNISERS: readonly CourtRecogniser[] = [
  cmecfDocketRecogniser,
  cmecfAppellateDocketRecogniser,
  acmsDocketRecogniser,
  opinionRecogniser,
];

/**
 * Files a recogniser may claim: pages and data files a court publishes, none larger than this. Not
 * text files or PDFs: the recognisers read markup and data, and most imported files are filings.
 */
const CLAIMABLE = /\.(?:html?|xhtml|json|acms_json|xml)$/iu;
export const MAX_COURT_FILE_BYTES = 20 * 1024 * 1024;
/** What every docket the recognisers read says in its first pages: a CM/ECF case heading, or ACMS's case details. */
const DOCKET_MARK = /(?:DOCKET FOR CASE|Bankruptcy Petition|Adversary Proceeding)\s*#|General Docket|"caseDetails"/iu;
/** What a court's opinion page says: what it lists, or a feed's (a sitemap's) root, whose items are documents. */
const OPINION_MARK = /\b(?:opinions?|decisions?|memorand(?:a|um))\b|^\s*(?:<\?xml[^>]*>\s*)?<(?:rss|feed|urlset)\b/iu;
/** Case captions ("Doe v. Roe"): a page naming two or more lists cases. */
const CAPTION = /\S\s+vs?\.\s+\S/giu;
const MARK_WITHIN = 256 * 1024;

export function mayBeCourtRecord(fileName: string, size: number): boolean {
  return CLAIMABLE.test(fileName) && size <= MAX_COURT_FILE_BYTES;
}

/**
 * Which court record's mark the file carries: a quick look on the event loop,
 * so only likely files take a recogniser's parse.
 */
export function courtRecordMark(bytes: Buffer): 'docket' | 'opinions' | undefined {
  const head = bytes.subarray(0, MARK_WITHIN).toString('latin1');
  if (DOCKET_MARK.test(head)) return 'docket';
  if (OPINION_MARK.test(head) || (head.match(CAPTION)?.length ?? 0) >= 2) return 'opinions';
  return undefined;
}

/** Whether the file is worth a recogniser's parse (most files are filings). */
export function looksLikeCourtRecord(bytes: Buffer): boolean {
  return courtRecordMark(bytes) !== undefined;
}

/** What the file holds when it is a court record this product reads; undefined when no recogniser claims it. */
export function recogniseCourtRecord(file: CourtFile): CourtRecord | undefined {
  for (const recogniser of RECOGNISERS) {
    const record = recogniser.recognise(file);
    if (record) return record;
  }
  return undefined;
}
