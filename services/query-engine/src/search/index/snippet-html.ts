/**
 * HTML escaping for what a search hit shows: titles and snippets are built from the document's own
 * text (escaped here) with only <mark></mark> added around matched words, so a document's markup can
 * never reach the page as HTML.
 */
const HTML_SPECIAL = /[&<>"']/gu;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(HTML_SPECIAL, (ch) => ENTITIES[ch] ?? ch);
}
