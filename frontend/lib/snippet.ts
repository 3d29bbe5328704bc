// Search snippets arrive from the BFF as HTML that is already escaped except for <mark> tags.
// Defence in depth: keep only bare <mark> / </mark> and escape anything else that looks like markup.

const MARK_TAG = /<(\/?)mark\s*>/gi;

export function sanitizeSnippet(html: string): string {
  let out = '';
  let last = 0;
  for (const m of html.matchAll(MARK_TAG)) {
    const start = m.index ?? 0;
    out += escapeUnsafe(html.slice(last, start));
    out += m[1] ? '</mark>' : '<mark>';
    last = start + m[0].length;
  }
  out += escapeUnsafe(html.slice(last));
  return balanceMarks(out);
}

// Escapes < > " ' everywhere; keeps & only when it starts a well-formed entity (the server already escaped).
function escapeUnsafe(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// Drops stray closing tags and closes tags left open, so one snippet cannot style the rest of the page.
function balanceMarks(html: string): string {
  let depth = 0;
  const out = html.replace(/<\/?mark>/g, (tag) => {
    if (tag === '<mark>') {
      depth += 1;
      return depth === 1 ? tag : '';
    }
    if (depth === 0) return '';
    depth -= 1;
    return depth === 0 ? tag : '';
  });
  return depth > 0 ? `${out}</mark>` : out;
}
