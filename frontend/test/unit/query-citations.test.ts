import type { AnalysisSection, Citation, KeyFact } from '@/lib/query-types';
import {
  citationHref,
  citationNumbersOf,
  citationPlace,
  citedPassages,
  documentHref,
  highlightTerms,
  numberCitations,
} from '../../components/query/citations';

const cite = (documentId: string, start: number, page = 2): Citation => ({
  documentId,
  documentTitle: `Title ${documentId}`,
  start,
  end: start + 10,
  page,
  quote: `quote ${documentId}@${start}`,
});

describe('citation numbers', () => {
  const a = cite('doc-a', 100);
  const b = cite('doc-b', 5);
  const c = cite('doc-a', 300, 4);
  const sections: AnalysisSection[] = [
    {
      heading: 'One',
      sentences: [
        { text: 'First.', citations: [a] },
        { text: 'Second.', citations: [b, a] },
      ],
    },
    { heading: 'Two', sentences: [{ text: 'Third.', citations: [{ ...a }] }] },
  ];
  const unlabelled = { slot: '', label: '', subject: '', status: '' as const, filingCategory: '', filedAt: '' };
  const facts: KeyFact[] = [
    { kind: 'amount', text: '$1', normalized: '1', citation: c, ...unlabelled },
    { kind: 'date', text: 'May', normalized: '', citation: null, ...unlabelled },
  ];

  it('numbers each distinct passage once, in reading order, sections before key facts', () => {
    const numbers = numberCitations(sections, facts);
    expect([...numbers.entries()]).toEqual([
      ['doc-a:100-110', 1],
      ['doc-b:5-15', 2],
      ['doc-a:300-310', 3],
    ]);
  });

  it('gives each document the numbers its passages carry in the analysis, ascending, once, never its rank', () => {
    const numbers = numberCitations(sections, facts);
    // doc-a: its key-fact passage (3) listed before its sentence passage (1), and the same passage twice.
    expect(citationNumbersOf([c, a, { ...a }], numbers)).toEqual([1, 3]);
    expect(citationNumbersOf([b], numbers)).toEqual([2]);
    // A listed document the analysis does not cite (its best-matching passage only), or before the analysis arrives.
    expect(citationNumbersOf([cite('doc-z', 40)], numbers)).toEqual([]);
    expect(citationNumbersOf([a], undefined)).toEqual([]);
  });

  it('lists the cited passages by number, without repeats', () => {
    expect(citedPassages(sections, facts).map(({ n, citation }) => [n, citation.quote])).toEqual([
      [1, 'quote doc-a@100'],
      [2, 'quote doc-b@5'],
      [3, 'quote doc-a@300'],
    ]);
  });
});

describe('citation links', () => {
  it('open the document at the cited page with the question highlighted and the exact characters named', () => {
    expect(citationHref(cite('doc/1 x', 120, 7), '  rate increase ')).toBe(
      '/documents/doc%2F1%20x?q=rate+increase&page=7&at=120-130#cited',
    );
  });

  it('leave the page out for a document without pages', () => {
    expect(citationHref(cite('d', 0, 0), '')).toBe('/documents/d?at=0-10#cited');
  });

  it('highlight the question’s content words only', () => {
    expect(
      highlightTerms(
        'What revenue requirement did the Company request, and when was the Revenue requirement approved?',
      ),
    ).toBe('revenue requirement request approved');
    expect(documentHref('d1', 'What did they do?')).toBe('/documents/d1');
    expect(documentHref('d1', 'Which deadlines?')).toBe('/documents/d1?q=deadlines');
  });

  it('name the place of a passage', () => {
    expect(citationPlace({ documentTitle: 'Order', page: 3 })).toBe('Order, p. 3');
    expect(citationPlace({ documentTitle: '', page: 0 })).toBe('Untitled filing');
  });
});
