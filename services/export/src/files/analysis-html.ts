import type { QueryView } from '../domain/export-sources';
import { footnotesOf, noteText, type NumberedFact } from './analysis-footnotes';
import {
  bylineText,
  factHeading,
  factSource,
  factValue,
  KEY_FACTS_HEADING,
  noAnalysisText,
  noticeText,
  refinementsText,
} from './answer-wording';

const STYLE =
  'body{font-family:Georgia,serif;max-width:46rem;margin:2rem auto;padding:0 1rem;line-height:1.5}' +
  'sup a{text-decoration:none}' +
  '.scope{font-style:italic;color:#444}ul.facts{padding-left:1.2rem}' +
  '.fact-source,.byline{font-size:.85rem;color:#666}' +
  '.superseded .fact-value{text-decoration:line-through;color:#666}ol.notes{font-size:.9rem}';

/**
 * The analysis as one standalone HTML page, in the answer page's order (notice, scope and other
 * proceedings, sections, key facts): numbered note marks in the text, the notes (quote + link) at the end.
 */
export function analysisHtml(query: QueryView, documentLink: (documentId: string) => string): string {
  const { sections, keyFacts, notes } = footnotesOf(query, documentLink);
  const body = sections
    .map((section) =>
      [
        section.heading ? `<h2>${escapeHtml(section.heading)}</h2>` : '',
        ...section.sentences.map(
          (sentence) => `<p>${escapeHtml(sentence.text)}${sentence.notes.map(noteMark).join('')}</p>`,
        ),
      ].join('\n'),
    )
    .join('\n');
  const facts =
    keyFacts.length > 0
      ? `<h2>${KEY_FACTS_HEADING}</h2>\n<ul class="facts">\n${keyFacts.map(factItem).join('\n')}\n</ul>`
      : '';
  const footnotes = notes
    .map(
      (note) =>
        `<li id="note-${note.number}">${escapeHtml(noteText(note))} ` +
        `<a href="${escapeHtml(note.link)}">${escapeHtml(note.link)}</a> ` +
        `<a href="#ref-${note.number}" aria-label="Back to the text">↩</a></li>`,
    )
    .join('\n');
  const parts = [
    `<h1>${escapeHtml(query.question)}</h1>`,
    paragraph('scope', noticeText(query)),
    paragraph('scope', query.scope.statement),
    paragraph('scope', refinementsText(query)),
    body,
    paragraph('scope', noAnalysisText(query)),
    facts,
    paragraph('byline', bylineText(query)),
  ];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(query.question)}</title>
<style>${STYLE}</style>
</head><body>
${parts.filter(Boolean).join('\n')}
<h2>Notes</h2>
<ol class="notes">
${footnotes}
</ol>
</body></html>
`;
}

function noteMark(n: number): string {
  return `<sup id="ref-${n}"><a href="#note-${n}">[${n}]</a></sup>`;
}

function paragraph(className: string, text: string): string {
  return text ? `<p class="${className}">${escapeHtml(text)}</p>` : '';
}

/** One key fact: what it is, its value with its note mark, then for whom and which filing. */
function factItem({ fact, note }: NumberedFact): string {
  const source = factSource(fact);
  return (
    `<li class="fact${fact.status ? ` ${fact.status}` : ''}"><strong>${escapeHtml(factHeading(fact))}:</strong> ` +
    `<span class="fact-value">${escapeHtml(factValue(fact))}</span>${note ? noteMark(note) : ''}` +
    `${source ? `<br><span class="fact-source">${escapeHtml(source)}</span>` : ''}</li>`
  );
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
