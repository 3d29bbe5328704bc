import { PDFDocument } from 'pdf-lib';
import { generateCatalog, generateDockets, generateFilings, renderFilingPdf, type Filing } from '@docket/corpus';

describe('renderFilingPdf', () => {
  const catalog = generateCatalog('pdf');
  const dockets = generateDockets('pdf', catalog, 50);
  const filings: Filing[] = [...generateFilings('pdf', catalog, dockets, { count: 40 })];

  it('renders a real PDF with one page per text page, for every filing shape', async () => {
    const longest = filings.reduce((a, b) => (b.pages.length > a.pages.length ? b : a));
    for (const filing of [longest, ...filings.slice(0, 8)]) {
      const bytes = await renderFilingPdf(filing);
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      const parsed = await PDFDocument.load(bytes);
      expect(parsed.getPageCount()).toBe(filing.pages.length);
      expect(parsed.getTitle()).toBe(filing.title);
    }
    expect(longest.pages.length).toBeGreaterThan(4);
  });

  it('produces identical bytes for the same filing', async () => {
    const filing = filings[0]!;
    expect(Buffer.from(await renderFilingPdf(filing)).equals(Buffer.from(await renderFilingPdf(filing)))).toBe(true);
  });
});
