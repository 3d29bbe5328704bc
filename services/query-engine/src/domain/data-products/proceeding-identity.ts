import type { AnalysedDocument } from '../analysis';
import { captionOpener } from '../analysis/proceeding';
import { spanSource, type CellSource } from './computed-row';

/** A filing's caption line: "In the Matter of Application of X for Authority to Increase Electric Rates." */
const CAPTION = /^In the Matter of (.{10,300}?)\.?[ \t]*$/m;
/** The header naming the decision-maker: "BEFORE THE CALIFORNIA PUBLIC UTILITIES COMMISSION". */
const BEFORE = /^BEFORE THE .{5,200}$/m;
/** How far into a filing its caption block reaches. */
const CAPTION_BLOCK = 1_200;

/** What names a proceeding, each part cited where a filing states it. */
export interface ProceedingIdentity {
  /** `<sourceId>:<docket number>`: stable from one release to the next. */
  id: string;
  docketNumber: string;
  agency: string;
  /** Two-letter code of a state commission; '' for a federal body or a court. */
  state: string;
  title: string;
  /** Who the caption says applies ('' when it does not say). */
  opener: string;
  sources: { docket?: CellSource; agency?: CellSource; title?: CellSource; opener?: CellSource };
}

export function proceedingId(sourceId: string, docketNumber: string): string {
  return `${sourceId}:${docketNumber}`;
}

/** State commissions' source ids start with their state's code ("ca-cpuc"); federal ones do not. */
export function stateOfSource(sourceId: string): string {
  const code = /^([a-z]{2})-/.exec(sourceId)?.[1];
  return code && code !== 'us' ? code.toUpperCase() : '';
}

/** The proceeding as its filings' caption blocks name it (oldest filing first). */
export function proceedingIdentity(
  filings: readonly AnalysedDocument[],
  proceeding: { sourceId: string; sourceName: string; docketNumber: string },
): ProceedingIdentity {
  const identity: ProceedingIdentity = {
    id: proceedingId(proceeding.sourceId, proceeding.docketNumber),
    docketNumber: proceeding.docketNumber,
    agency: proceeding.sourceName,
    state: stateOfSource(proceeding.sourceId),
    title: '',
    opener: '',
    sources: {},
  };
  for (const document of filings) {
    const block = document.text.slice(0, CAPTION_BLOCK);
    const caption = CAPTION.exec(block);
    if (caption && !identity.sources.title) {
      const start = caption.index;
      const end = start + caption[0].trimEnd().length;
      identity.title = (caption[1] ?? '').trim();
      identity.sources.title = spanSource(document, start, end);
      identity.opener = captionOpener(identity.title);
      if (identity.opener) identity.sources.opener = identity.sources.title;
    }
    const before = BEFORE.exec(block);
    if (before && !identity.sources.agency)
      identity.sources.agency = spanSource(document, before.index, before.index + before[0].trimEnd().length);
    const docketAt = block.indexOf(proceeding.docketNumber);
    if (docketAt >= 0 && !identity.sources.docket) {
      const lineStart = block.lastIndexOf('\n', docketAt) + 1;
      const lineEnd = block.indexOf('\n', docketAt);
      identity.sources.docket = spanSource(document, lineStart, lineEnd < 0 ? block.length : lineEnd);
    }
    if (identity.sources.title && identity.sources.agency && identity.sources.docket) break;
  }
  return identity;
}
