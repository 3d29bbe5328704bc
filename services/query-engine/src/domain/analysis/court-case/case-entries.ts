import type { AnalysedDocument } from '../analysis-model';

/**
 * A docket entry as the documents service indexes it: its text opens with where it stands in the
 * docket ("Balbo v. Tilton, No. 3:08-cv-00159, docket entry 12, filed 2008-01-11"), a blank line,
 * then the entry's own words.
 */
export interface CaseEntry {
  document: AnalysedDocument;
  /** '' for an unnumbered entry. */
  number: string;
  /** ISO day, '' when undated. */
  filed: string;
  /** [bodyStart, bodyEnd): the entry's own words in the document's text. */
  bodyStart: number;
  bodyEnd: number;
}

const HEADING = /^.*?, No\. .*?, docket entry(?: (\S+?))?(?:, filed (\d{4}-\d{2}-\d{2}))?\n\n/u;

/** The entry a document is, or undefined when it is not a docket entry. */
export function caseEntryOf(document: AnalysedDocument): CaseEntry | undefined {
  const heading = HEADING.exec(document.text);
  if (!heading) return undefined;
  const bodyStart = heading[0].length;
  const bodyEnd = document.text.trimEnd().length;
  if (bodyEnd <= bodyStart) return undefined;
  return { document, number: heading[1] ?? '', filed: heading[2] ?? '', bodyStart, bodyEnd };
}

/** Entries latest first: by day, then by number. */
export function latestFirst(entries: readonly CaseEntry[]): CaseEntry[] {
  return [...entries].sort((a, b) => b.filed.localeCompare(a.filed) || Number(b.number || 0) - Number(a.number || 0));
}
