import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
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

  it("writes each page's text in a Flate-compressed stream that inflates to its drawing operators", async () => {
    const filing = filings.find((f) => f.pages.length > 1)!;
    const parsed = await PDFDocument.load(await renderFilingPdf(filing));
    parsed.getPages().forEach((page, index) => {
      const contents = parsed.context.lookup(page.node.get(PDFName.of('Contents')));
      const streams = (contents instanceof PDFArray ? contents.asArray() : [contents]).map((item) =>
        parsed.context.lookup(item),
      );
      expect(streams.length).toBeGreaterThan(0);
      const operators = streams
        .map((stream) => {
          expect(stream).toBeInstanceOf(PDFRawStream);
          const raw = stream as PDFRawStream;
          expect(raw.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
          return inflateSync(raw.getContents()).toString('latin1');
        })
        .join('\n');
      // Text is drawn as hex strings in WinAnsi: the footer "Page n of N" of this very page.
      const footer = Buffer.from(`Page ${index + 1} of ${filing.pages.length}`, 'latin1')
        .toString('hex')
        .toUpperCase();
      expect(operators).toContain(`<${footer}> Tj`);
    });
  });

  it('produces identical bytes for the same filing', async () => {
    const filing = filings[0]!;
    expect(Buffer.from(await renderFilingPdf(filing)).equals(Buffer.from(await renderFilingPdf(filing)))).toBe(true);
  });
});
