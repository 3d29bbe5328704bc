/**
 * FTS5's snippet() marks matches with strings we choose. We choose two control characters that
 * cannot appear in indexed text (they are replaced by spaces at index time; the tokenizer treats
 * them as separators anyway), then HTML-escape the excerpt and only afterwards turn the markers
 * into <mark> tags, so the document's own markup can never reach the page as HTML.
 */
export const SNIPPET_OPEN = '\u0001';
export const SNIPPET_CLOSE = '\u0002';

const HTML_SPECIAL = /[&<>"']/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function stripSnippetSentinels(text: string): string {
  return text.replaceAll(SNIPPET_OPEN, ' ').replaceAll(SNIPPET_CLOSE, ' ');
}

export function escapeHtml(text: string): string {
  return text.replace(HTML_SPECIAL, (ch) => ENTITIES[ch] ?? ch);
}

export function snippetToHtml(rawSnippet: string): string {
  return escapeHtml(rawSnippet).replaceAll(SNIPPET_OPEN, '<mark>').replaceAll(SNIPPET_CLOSE, '</mark>');
}
