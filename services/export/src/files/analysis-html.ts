import type { QueryView } from '../domain/export-sources';
import { footnotesOf, noteText } from './analysis-footnotes';

/** The analysis as one standalone HTML page: numbered note marks in the text, the notes (quote + link) at the end. */
export function analysisHtml(query: QueryView, documentLink: (documentId: string) => string): string {
  const { sections, notes } = footnotesOf(query, documentLink);
  const body = sections.map((section) => [
    section.heading ? `<h2>${escapeHtml(section.heading)}</h2>` : '',
    ...section.sentences.map((sentence) => `<p>${escapeHtml(sentence.text)}${sentence.notes.map((n) => `<sup id="ref-${n}"><a href="#note-${n}">[${n}]</a></sup>`).join('')}</p>`),
  ].join('\n')).join('\n');
  const footnotes = notes.map((note) =>
    `<li id="note-${note.number}">${escapeHtml(noteText(note))} <a href="${escapeHtml(note.link)}">${escapeHtml(note.link)}</a> <a href="#ref-${note.number}" aria-label="Back to the text">↩</a></li>`).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(query.question)}</title>
<style>body{font-family:Georgia,serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5}sup a{text-decoration:none}.scope{font-style:italic;color:#444}ol.notes{font-size:.9rem}</style>
</head><body>
<h1>${escapeHtml(query.question)}</h1>
${query.scopeStatement ? `<p class="scope">${escapeHtml(query.scopeStatement)}</p>` : ''}
${query.notice ? `<p class="scope">${escapeHtml(query.notice)}</p>` : ''}
${body}
<h2>Notes</h2>
<ol class="notes">
${footnotes}
</ol>
</body></html>
`;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
