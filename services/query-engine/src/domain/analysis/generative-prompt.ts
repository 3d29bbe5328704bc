import { pageAt } from './citation';
import type { Passage } from './passages';

/** One message of an OpenAI-compatible chat completion. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export const NO_ANSWER_SENTENCE = 'The passages do not answer the question.';

const SYSTEM = [
  'You answer questions about regulatory and court filings using only the numbered passages you are given.',
  'Rules:',
  '1. End every sentence with the labels of the passages that support it, in square brackets, ' +
    'for example [P2] or [P1][P3]. A sentence without a label will be discarded.',
  '2. State only what the cited passages say. ' +
    'Copy amounts, percentages, dates, docket numbers and names exactly as they are written there.',
  '3. Do not use knowledge from outside the passages, and do not guess.',
  `4. If the passages do not answer the question, reply only: ${NO_ANSWER_SENTENCE}`,
  '5. Write at most 8 sentences of plain prose. ' +
    'You may group them under short headings, each on its own line starting with "## ". ' +
    'No lists, no preamble, no closing remarks.',
].join('\n');

/** The chat messages asking the model to answer `question` from `passages`, citing them by label. */
export function answerPrompt(question: string, passages: readonly Passage[]): ChatMessage[] {
  const numbered = passages
    .map((p) => {
      const last = pageAt(p.document.pages, p.end - 1);
      const pages = last > p.citation.page ? `pages ${p.citation.page}–${last}` : `page ${p.citation.page}`;
      return `[${p.label}] ${p.document.title} (${pages})\n${p.text.replace(/\s+/g, ' ').trim()}`;
    })
    .join('\n\n');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Question: ${question.trim()}\n\nPassages:\n\n${numbered}` },
  ];
}
