import type { IngestNote } from '../documents';
import { readAgencyFiling } from '../domain/agency-filings/agency-filing';
import type { IngestItem } from '../domain/ingest-item';
import type { Sidecar } from '../extraction';

/**
 * The pages a filing's caption and heading are on, read whole; the last page too,
 * where "Dated:" and "Counsel for" often are.
 */
const FIRST_PAGES = 3;
export const NOTHING_READ = 'no docket number, date, filer or title read';

/** Whether a file imported into a source is an agency filing the reader is for: a PDF, into an agency's source. */
export function isAgencyFiling(fileName: string, sourceKind: string | undefined): boolean {
  return sourceKind === 'agency' && /\.pdf$/iu.test(fileName);
}

/**
 * Completes an imported agency filing from its extracted pages: the docket number (by the source's
 * pattern), the day, the filer and the title its first pages state fill the fields its sidecar left
 * empty (a day read beats the file's modification time, which stands in for none).
 */
export function completeAgencyFiling(
  item: IngestItem,
  sidecar: Sidecar,
  docketPattern: string,
): NonNullable<IngestNote['fromText']> {
  return (pages) => {
    const read = readAgencyFiling(
      [...pages.slice(0, FIRST_PAGES), ...pages.slice(FIRST_PAGES).slice(-1)],
      docketPattern,
    );
    const completed: IngestItem = {
      ...item,
      ...(!sidecar.title && read.title ? { title: read.title } : {}),
      ...(!sidecar.docketNumber && read.docketNumber ? { docketNumber: read.docketNumber } : {}),
      ...(!sidecar.filedAt && read.date ? { filedAt: new Date(`${read.date}T00:00:00Z`) } : {}),
      ...(!sidecar.filers?.length && read.filer ? { filers: [read.filer] } : {}),
    };
    const anything = read.title || read.docketNumber || read.date || read.filer;
    return anything ? { item: completed } : { item, unrecognisedReason: NOTHING_READ };
  };
}
