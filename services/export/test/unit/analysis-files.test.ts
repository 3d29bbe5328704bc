import mammoth from 'mammoth';
import { AnalysisMode, Query } from '@docket/proto/src/queries';
import { queryViewOf } from '../../src/exports/query-view.mapper';
import { analysisDocx } from '../../src/files/analysis-docx';
import { analysisHtml } from '../../src/files/analysis-html';
import { expectKeyFactsInDocx, expectKeyFactsInHtml } from '../support/key-facts.expect';
import { INTERVENORS, queryFixture } from '../support/query.fixture';

// The stored query as GetQuery returns it, through the same mapping the service uses, into each file.
const link = (documentId: string) => `https://docket.example/documents/${documentId}`;
const stored = queryFixture('ws-1');

async function docxOf(query: Query) {
  const bytes = await analysisDocx(queryViewOf(query), link);
  return {
    text: (await mammoth.extractRawText({ buffer: bytes })).value,
    html: (await mammoth.convertToHtml({ buffer: bytes })).value,
  };
}

/** Fails unless every needle is in `haystack`, each after the one before. */
function expectInOrder(haystack: string, needles: string[]): void {
  let from = 0;
  for (const needle of needles) {
    const at = haystack.indexOf(needle, from);
    expect({ needle, found: at >= 0 }).toEqual({ needle, found: true });
    from = at + needle.length;
  }
}

// What the answer page shows, top to bottom.
const PAGE_ORDER = [
  'About docket 23-0456 (Illinois Commerce Commission).',
  'Did you mean another proceeding? ' +
    'Docket 23-0457 — Ameren Illinois gas rate case (filed 2023-01-10 to 2023-11-30, decided).',
  'Ameren requested a $4.2 million increase.',
  'Staff recommended less.',
  'Key facts',
  'Requested increase',
  'Evidentiary hearing · current',
  'Evidentiary hearing · superseded',
  ...INTERVENORS,
];

describe('the analysis as DOCX', () => {
  it('carries every key fact (label, status, value, subject, filing) with a footnote citing its passage', async () => {
    const { html } = await docxOf(stored);
    expectKeyFactsInDocx(html, stored);
    // The sentences keep their notes; the facts' notes follow them.
    expect(html).toContain(
      'Ameren requested a $4.2 million increase.<sup><a href="#footnote-1" id="footnote-ref-1">[1]</a></sup>',
    );
    expect(html).toContain('<li id="footnote-10"><p>“City of Champaign is granted leave to intervene.”');
  });

  it('reads in the answer page’s order: scope, other proceedings, sections, key facts', async () => {
    const { text } = await docxOf(stored);
    expectInOrder(text, PAGE_ORDER);
    expect(text).toContain('Asked 2026-11-02 · Extractive.');
  });
});

describe('the analysis as HTML', () => {
  it('carries every key fact (label, status, value, subject, filing) with a note citing its passage', () => {
    const html = analysisHtml(queryViewOf(stored), link);
    expectKeyFactsInHtml(html, stored);
    expect(html).toContain('<li class="fact superseded">');
  });

  it('reads in the answer page’s order: scope, other proceedings, sections, key facts, then the notes', () => {
    const html = analysisHtml(queryViewOf(stored), link);
    const body = html.slice(html.indexOf('<body>'));
    expectInOrder(body, [...PAGE_ORDER, 'Asked 2026-11-02 · Extractive.', '<h2>Notes</h2>']);
  });
});

describe('notices and answers with nothing to cite, in both files', () => {
  const generative = Query.fromPartial({
    ...stored,
    analysis: {
      ...stored.analysis,
      mode: AnalysisMode.ANALYSIS_MODE_GENERATIVE,
      model: 'llama-3.1-8b',
      droppedSentences: 2,
      notice: 'The model answered from 12 filings.',
    },
  });
  const notice =
    'The model answered from 12 filings. ' +
    '2 sentences were left out because their citations did not match the retrieved passages.';

  it('the notice and the sentences left out come first, the mode that wrote the answer last', async () => {
    const { text } = await docxOf(generative);
    const html = analysisHtml(queryViewOf(generative), link);
    for (const file of [text, html]) {
      expectInOrder(file, [notice, 'About docket 23-0456', 'Key facts', 'Generative · llama-3.1-8b.']);
    }
  });

  it('an answer with no sections and no key facts says so', async () => {
    const empty = Query.fromPartial({ ...stored, analysis: { mode: AnalysisMode.ANALYSIS_MODE_EXTRACTIVE } });
    const said = 'No analysis: no passage of the matching filings answered this, so there is nothing to cite.';
    expect((await docxOf(empty)).text).toContain(said);
    expect(analysisHtml(queryViewOf(empty), link)).toContain(said);
    expect(analysisHtml(queryViewOf(empty), link)).not.toContain('Key facts');
  });
});
