import { segmentSentences } from './sentence-segmenter';

/** A sentence of the model's answer, with the passage labels it cites ("P3"), markers taken out of its text. */
export interface GeneratedSentence {
  text: string;
  labels: string[];
}

export interface GeneratedSection {
  /** The model's heading, or '' when it gave none. */
  heading: string;
  sentences: GeneratedSentence[];
}

// [P3], [P1, P4], [P2; P5], [P1][P3], [p3] — and "[P1-P3]" is read as P1 and P3 only, never as a range.
const MARKER = /\[\s*P\d+(?:\s*[,;&–-]\s*(?:and\s+)?P?\d+)*\s*\]/gi;
const LABEL = /P?(\d+)/gi;
const HEADING = /^\s*(?:#{1,6}\s+(.+?)\s*#*\s*|\*\*([^*]+?)\*\*:?\s*)$/;
const LIST_MARKER = /^\s*(?:[-*•]|\d+[.)])\s+/;

function labelsIn(marker: string): string[] {
  return [...marker.matchAll(LABEL)].map((m) => `P${Number(m[1])}`);
}

/** Strips markers and tidies the spaces they leave ("approved $5 million [P1]." → "approved $5 million."). */
function withoutMarkers(text: string): string {
  return text
    .replace(MARKER, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The model's answer as sections of sentences with their cited labels. Headings are lines of
 * "## Heading" or "**Heading**"; list markers are ignored. Markers written after a sentence's full stop
 * ("... approved. [P2]") belong to that sentence, not the next one; a sentence of markers alone
 * adds them to the sentence before.
 */
export function parseGeneratedAnswer(content: string): GeneratedSection[] {
  const sections: GeneratedSection[] = [];
  let current: GeneratedSection = { heading: '', sentences: [] };
  const paragraphs: string[] = [];
  const flush = () => {
    const text = paragraphs.splice(0).join(' ').trim();
    if (text) addSentences(current, text);
  };
  for (const line of content.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      if (current.heading || current.sentences.length > 0) sections.push(current);
      current = { heading: (heading[1] ?? heading[2] ?? '').trim().replace(/:$/, ''), sentences: [] };
    } else if (line.trim() === '') {
      flush();
    } else {
      paragraphs.push(line.replace(LIST_MARKER, ''));
    }
  }
  flush();
  if (current.heading || current.sentences.length > 0) sections.push(current);
  return sections.filter((section) => section.sentences.length > 0);
}

function addSentences(section: GeneratedSection, paragraph: string): void {
  for (const span of segmentSentences(paragraph)) {
    let raw = paragraph.slice(span.start, span.end);
    // Markers opening this piece close the previous sentence.
    const leading = /^(?:\s*\[\s*P\d+[^\]]*\])+/i.exec(raw);
    const previous = section.sentences.at(-1);
    if (leading && previous) {
      previous.labels = unique([...previous.labels, ...labelsIn(leading[0])]);
      raw = raw.slice(leading[0].length);
    }
    const text = withoutMarkers(raw);
    const labels = unique([...raw.matchAll(MARKER)].flatMap((m) => labelsIn(m[0])));
    if (!/[\p{L}\p{N}]/u.test(text.replace(/[.!?]+$/, ''))) {
      if (previous) previous.labels = unique([...previous.labels, ...labels]);
      continue;
    }
    section.sentences.push({ text, labels });
  }
}

function unique(labels: string[]): string[] {
  return [...new Set(labels)];
}
