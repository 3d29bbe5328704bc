import { emptyAnalysis, type Analysis, type AnalysisSentence } from './analysis-model';
import { groupIntoSections, SECTION_HEADINGS } from './answer-sections';
import {
  checkGeneratedSentence,
  DEFAULT_CITATION_CHECK,
  type CitationCheck,
  type CitationCheckOptions,
} from './citation-check';
import { factSources } from './extractive-analysis';
import { parseGeneratedAnswer } from './generated-answer';
import { extractKeyFacts } from './key-facts';
import type { Passage } from './passages';
import type { SentenceRanking } from './sentence-ranking';

export interface CheckedAnswer {
  /** Only sentences whose citations checked out; mode 'generative'. */
  analysis: Analysis;
  kept: number;
  dropped: number;
  /** Why each dropped sentence was dropped, in answer order (for logs and tests). */
  rejections: Array<{ text: string; check: Exclude<CitationCheck, { ok: true }> }>;
}

/**
 * The generative analysis from the model's raw answer: parsed into sentences, each checked against
 * the passages it cites; failing sentences are dropped and counted. The model's headings are kept;
 * without any, sentences are grouped by the same rules as the extractive answer. Key facts are read
 * from the sentences the kept ones cite, then from the ranking.
 */
export function checkedAnswer(
  content: string,
  passages: readonly Passage[],
  model: string,
  ranking: SentenceRanking,
  options: CitationCheckOptions = DEFAULT_CITATION_CHECK,
): CheckedAnswer {
  const byLabel = new Map(passages.map((p) => [p.label, p]));
  const parsed = parseGeneratedAnswer(content);
  const rejections: CheckedAnswer['rejections'] = [];
  const kept: Array<{ heading: string; sentence: AnalysisSentence }> = [];
  for (const section of parsed) {
    for (const sentence of section.sentences) {
      const check = checkGeneratedSentence(sentence, byLabel, options);
      if (check.ok)
        kept.push({ heading: section.heading, sentence: { text: sentence.text, citations: check.citations } });
      else rejections.push({ text: sentence.text, check });
    }
  }
  const modelHeadings = parsed.some((section) => section.heading !== '');
  const sections = modelHeadings ? byModelHeading(kept) : groupIntoSections(kept.map((k) => k.sentence));
  const documents = new Map(passages.map((p) => [p.document.id, p.document]));
  const citedSpans = kept
    .flatMap((k) => k.sentence.citations)
    .flatMap((c) => {
      const document = documents.get(c.documentId);
      return document ? [{ document, start: c.start, end: c.end }] : [];
    });
  return {
    analysis: {
      ...emptyAnalysis('generative'),
      sections,
      keyFacts: kept.length > 0 ? extractKeyFacts(factSources(citedSpans, ranking, 15), ranking.documents) : [],
      model,
      droppedSentences: rejections.length,
      notice: '',
    },
    kept: kept.length,
    dropped: rejections.length,
    rejections,
  };
}

function byModelHeading(kept: ReadonlyArray<{ heading: string; sentence: AnalysisSentence }>) {
  const sections: Array<{ heading: string; sentences: AnalysisSentence[] }> = [];
  for (const { heading, sentence } of kept) {
    const title = heading || SECTION_HEADINGS.findings;
    const last = sections.at(-1);
    if (last && last.heading === title) last.sentences.push(sentence);
    else sections.push({ heading: title, sentences: [sentence] });
  }
  return sections;
}
