import type { AnalysedDocument, AnalysisSection, AnalysisSentence } from '../analysis-model';
import { SECTION_HEADINGS } from '../answer-sections';
import { filerOf } from './record-sentences';

/** Filings in which the decision-maker speaks: only they make findings. */
const DECISIONAL = new Set(['decision', 'order', 'notice']);

/** How a party's filing speaks, by its kind. */
const VERBS: Record<string, string> = {
  brief: 'argues',
  testimony: 'testifies',
  comment: 'comments',
  motion: 'moves',
  application: 'states in its application',
  stipulation: 'agrees, with the settling parties',
  tariff: 'proposes',
};

export function isDecisional(document: AnalysedDocument | undefined): boolean {
  return document !== undefined && DECISIONAL.has((document.filingCategory ?? '').toLowerCase());
}

/**
 * Moves every sentence taken from a party's filing (a brief, testimony, comment, motion, application)
 * into "Positions of the parties" and writes it as that party's position ("Sierra Club argues: …"),
 * so no party's claim reads as a finding; findings are left only to the decision-maker's own filings.
 */
export function attributeSections(
  sections: readonly AnalysisSection[],
  documents: ReadonlyMap<string, AnalysedDocument>,
): AnalysisSection[] {
  const positions: AnalysisSentence[] = [];
  const kept: AnalysisSection[] = [];
  for (const section of sections) {
    const own: AnalysisSentence[] = [];
    for (const sentence of section.sentences) {
      const document = documents.get(sentence.citations[0]?.documentId ?? '');
      // A filing's caption names the proceeding and the filing; it is nobody's claim or finding.
      if (isCaption(sentence.text)) continue;
      if (!document || isDecisional(document) || !document.filingCategory) own.push(sentence);
      else positions.push({ ...sentence, text: attributed(sentence.text, document) });
    }
    if (section.heading === SECTION_HEADINGS.positions) positions.unshift(...own);
    else if (own.length > 0) kept.push({ ...section, sentences: own });
  }
  if (positions.length === 0) return kept;
  const at = sections.findIndex((s) => s.heading === SECTION_HEADINGS.positions);
  const positionSection = { heading: SECTION_HEADINGS.positions, sentences: positions };
  // Positions keep their place when the answer had the section; otherwise they follow the decision-maker's sections.
  if (at >= 0 && at <= kept.length) return [...kept.slice(0, at), positionSection, ...kept.slice(at)];
  return [...kept, positionSection];
}

/** How a caption block opens: "BEFORE THE …", "In the Matter of …", "Docket No. …", a court's name. */
const CAPTION_OPENING = new RegExp(
  String.raw`^(?:before the\b|in the matter of\b|in re\b|docket no\.|case no\.|` +
    String.raw`u\.s\. (?:district court|court of appeals)|united states (?:district court|court of appeals))`,
  'i',
);

/**
 * A caption block read as a sentence: "BEFORE THE … COMMISSION", "In the Matter of …", "Docket No. …",
 * or a line mostly in capitals (a filing's heading).
 */
export function isCaption(text: string): boolean {
  const trimmed = text.trim();
  if (CAPTION_OPENING.test(trimmed)) return true;
  const letters = trimmed.replace(/[^A-Za-z]/g, '');
  return letters.length >= 12 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.7;
}

/**
 * "Sierra Club argues: …", unless the sentence already opens with who says it. A sentence opening
 * with another party ("Staff recommends …" in the Sierra Club's brief) is the filer's account of it,
 * and is attributed to the filer like any other.
 */
export function attributed(text: string, document: AnalysedDocument): string {
  const filer = filerOf(document);
  if (filer === '') return text;
  const opener = text.slice(0, 80).toLowerCase();
  // "Staff of the Illinois Commerce Commission" writes of itself as "Staff".
  const names = [filer, filer.split(/\s+of\s+/u)[0] as string].map((name) => name.toLowerCase());
  if (
    names.some((name) => name.length >= 3 && new RegExp(`^(?:the\\s+)?${escapeRegExp(name)}(?!\\w)`, 'u').test(opener))
  )
    return text;
  const verb = VERBS[(document.filingCategory ?? '').toLowerCase()] ?? 'states';
  return `${filer} ${verb}: ${text.replace(/^(?:Q|A)\.\s+/, '')}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
