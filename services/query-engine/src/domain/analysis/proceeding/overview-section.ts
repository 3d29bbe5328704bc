import { normalizeDocketNumber } from '@docket/query-language';
import type {
  AnalysedDocument,
  Analysis,
  AnalysisSection,
  AnalysisSentence,
  Citation,
  ScopeRefinement,
} from '../analysis-model';
import { citationOf } from '../citation';
import { segmentSentences } from '../sentence-segmenter';
import { isCaption } from './attribution';

export const OVERVIEW_HEADING = 'Overview';

/**
 * A vague question's opening, before the sentences found: which proceedings the documents found
 * belong to, how many of them each holds, over what period and whether it is decided, one sentence
 * each, citing what that proceeding's best document says on the question (the answer's own sentence
 * from it when there is one, else that document's first sentence that is not its caption).
 */
export function overviewSection(
  proceedings: readonly ScopeRefinement[],
  base: Analysis,
  documents: ReadonlyMap<string, AnalysedDocument>,
): AnalysisSection | undefined {
  const sentences = proceedings.flatMap((proceeding): AnalysisSentence[] => {
    const inDocket = [...documents.values()].filter((d) => sameDocket(d, proceeding));
    const citation = answerCitationIn(base, inDocket) ?? openingCitation(inDocket);
    if (!citation) return [];
    const where = inDocket[0]?.sourceName ? ` (${inDocket[0].sourceName})` : '';
    const when =
      proceeding.firstFiled && proceeding.lastFiled && proceeding.firstFiled !== proceeding.lastFiled
        ? `filed ${proceeding.firstFiled} to ${proceeding.lastFiled}`
        : proceeding.firstFiled
          ? `filed ${proceeding.firstFiled}`
          : '';
    const state = [when, proceeding.status].filter(Boolean).join(', ');
    const count = `${proceeding.documents} of the documents found`;
    const title = proceeding.title ? `, ${proceeding.title},` : '';
    const text = `Docket ${proceeding.docketNumber}${where}${title} holds ${count}${state ? ` (${state})` : ''}.`;
    return [{ text, citations: [citation] }];
  });
  return sentences.length > 0 ? { heading: OVERVIEW_HEADING, sentences } : undefined;
}

function sameDocket(document: AnalysedDocument, proceeding: ScopeRefinement): boolean {
  return (
    (document.sourceId ?? '') === proceeding.sourceId &&
    normalizeDocketNumber(document.docketNumber ?? '') === normalizeDocketNumber(proceeding.docketNumber)
  );
}

/** The first of the answer's citations that points into one of these documents. */
function answerCitationIn(base: Analysis, documents: readonly AnalysedDocument[]): Citation | undefined {
  const ids = new Set(documents.map((d) => d.id));
  for (const section of base.sections) {
    for (const sentence of section.sentences) {
      const citation = sentence.citations.find((c) => ids.has(c.documentId));
      if (citation) return citation;
    }
  }
  return undefined;
}

/** The best-ranked document's first sentence that is not its caption. */
function openingCitation(documents: readonly AnalysedDocument[]): Citation | undefined {
  for (const document of documents.slice(0, 3)) {
    const span = segmentSentences(document.text, 0, Math.min(document.text.length, 4000)).find(
      ({ start, end }) => end - start >= 40 && !isCaption(document.text.slice(start, end)),
    );
    if (span) return citationOf(document, span.start, span.end);
  }
  return undefined;
}
