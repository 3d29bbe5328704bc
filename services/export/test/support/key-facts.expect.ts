import type { Query } from '@docket/proto/src/queries';

const LINK = 'https://docket.example/documents/';

/**
 * Each key fact of a stored query as an exported file must carry it: what it is (label and status),
 * its value, for whom and from which filing, and the number of the footnote citing it (the
 * sentences' citations are numbered first, as the answer page reads).
 */
function expectedFacts(query: Query) {
  const sentenceNotes = (query.analysis?.sections ?? [])
    .flatMap((s) => s.sentences)
    .reduce((n, s) => n + s.citations.length, 0);
  return (query.analysis?.keyFacts ?? []).map((fact, i) => ({
    heading: fact.status ? `${fact.label} · ${fact.status}` : fact.label,
    value: fact.text,
    superseded: fact.status === 'superseded',
    source: `${fact.subject} · ${fact.filingCategory}, filed ${fact.filedAt}`,
    note: sentenceNotes + i + 1,
    citation: fact.citation!,
  }));
}

/**
 * A DOCX read back by mammoth (convertToHtml):
 * each fact a bullet with a real footnote quoting its passage and linking its document.
 */
export function expectKeyFactsInDocx(html: string, query: Query): void {
  const facts = expectedFacts(query);
  expect(facts.length).toBeGreaterThan(0);
  expect(html).toContain('<h1>Key facts</h1>');
  for (const fact of facts) {
    const value = fact.superseded ? `<s>${fact.value}</s>` : fact.value;
    expect(html).toContain(
      `<li><strong>${fact.heading}: </strong>${value}` +
        `<sup><a href="#footnote-${fact.note}" id="footnote-ref-${fact.note}">[${fact.note}]</a></sup>` +
        `<br />${fact.source}</li>`,
    );
    expect(html).toContain(
      `<li id="footnote-${fact.note}"><p>“${fact.citation.quote}” — ` +
        `${fact.citation.documentTitle}, p. ${fact.citation.page}. <a href="${LINK}${fact.citation.documentId}">`,
    );
  }
}

/**
 * The HTML export: each fact a list item with its note mark, each note quoting the passage and linking the document.
 */
export function expectKeyFactsInHtml(html: string, query: Query): void {
  const facts = expectedFacts(query);
  expect(facts.length).toBeGreaterThan(0);
  expect(html).toContain('<h2>Key facts</h2>');
  for (const fact of facts) {
    expect(html).toContain(
      `<strong>${fact.heading}:</strong> <span class="fact-value">${fact.value}</span>` +
        `<sup id="ref-${fact.note}"><a href="#note-${fact.note}">[${fact.note}]</a></sup>` +
        `<br><span class="fact-source">${fact.source}</span></li>`,
    );
    expect(html).toContain(
      `<li id="note-${fact.note}">“${fact.citation.quote}” — ` +
        `${fact.citation.documentTitle}, p. ${fact.citation.page}. <a href="${LINK}${fact.citation.documentId}">`,
    );
  }
}
