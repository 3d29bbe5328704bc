import { PDFDocument } from 'pdf-lib';
import { extractText, type ExtractionResult, type ExtractionSuccess } from '../../../src/extraction';
import { loadPdfium, parsePdfDate, readPdf } from '../../../src/extraction/extraction-threads/pdfium-reader';
import { limits, makeEncryptedPdf, makePdf } from '../../fixtures/extraction/fixture-files';

function expectOk(result: ExtractionResult): ExtractionSuccess {
  if (!result.ok) throw new Error(`expected success, got ${result.reason}: ${result.message}`);
  return result;
}

const pageOf = (r: ExtractionSuccess, n: number) => r.text.slice(r.pages[n - 1]!.start, r.pages[n - 1]!.end);

describe('PDF extraction', () => {
  it('extracts every page with exact page boundaries, title and metadata', async () => {
    const pages = [
      ['Order Granting Rehearing', 'Docket No. ER24-1234-000'],
      [
        'The Commission finds that the tariff revisions are just and reasonable.',
        'Pacific Gas and Electric Company shall file within 30 days.',
      ],
      ['By the Commission.', 'Kimberly D. Bose, Secretary.'],
    ];
    const result = expectOk(
      await extractText(
        { fileName: 'order.pdf', bytes: await makePdf(pages, { title: 'Order on Rehearing', author: 'FERC' }) },
        limits,
      ),
    );
    expect(result.format).toBe('pdf');
    expect(result.pageCount).toBe(3);
    expect(result.pages.map((p) => p.number)).toEqual([1, 2, 3]);
    pages.forEach((lines, i) => expect(pageOf(result, i + 1)).toBe(lines.join('\n')));
    expect(result.title).toBe('Order on Rehearing');
    expect(result.metadata.author).toBe('FERC');
    expect(result.metadata.created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(result.language).toBe('en');
  });

  it('keeps a blank page as an empty span so later pages keep their numbers', async () => {
    const result = expectOk(
      await extractText({ fileName: 'gap.pdf', bytes: await makePdf([['first page'], [], ['third page']]) }, limits),
    );
    expect(result.pageCount).toBe(3);
    expect(pageOf(result, 2)).toBe('');
    expect(pageOf(result, 3)).toBe('third page');
  });

  it('reports a PDF without any text as empty, pointing at OCR', async () => {
    const result = await extractText({ fileName: 'scan.pdf', bytes: await makePdf([[], []]) }, limits);
    expect(result).toMatchObject({ ok: false, format: 'pdf', reason: 'empty' });
    expect(!result.ok && result.message).toMatch(/OCR/);
  });

  it('reports a password-protected PDF as encrypted', async () => {
    const result = await extractText({ fileName: 'sealed.pdf', bytes: await makeEncryptedPdf() }, limits);
    expect(result).toMatchObject({ ok: false, format: 'pdf', reason: 'encrypted' });
  });

  it('reports a truncated or garbled PDF as corrupt', async () => {
    const garbled = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]);
    expect(await extractText({ fileName: 'bad.pdf', bytes: garbled }, limits)).toMatchObject({
      ok: false,
      format: 'pdf',
      reason: 'corrupt',
    });
    const whole = await makePdf([['text on page 1'], ['text on page 2'], ['text on page 3']]);
    for (const cut of [40, Math.floor(whole.length * 0.6)]) {
      expect(await extractText({ fileName: 'cut.pdf', bytes: whole.subarray(0, cut) }, limits)).toMatchObject({
        ok: false,
        format: 'pdf',
        reason: 'corrupt',
      });
    }
  });

  it('recovers every page of a PDF cut only in its trailer, rebuilding its cross-reference table', async () => {
    const whole = await makePdf([['text on page 1'], ['text on page 2'], ['text on page 3']]);
    const result = expectOk(
      await extractText({ fileName: 'cut.pdf', bytes: whole.subarray(0, whole.length - 20) }, limits),
    );
    expect([1, 2, 3].map((n) => pageOf(result, n))).toEqual(['text on page 1', 'text on page 2', 'text on page 3']);
  });

  it('reads the PDF version and keeps non-ASCII text', async () => {
    const result = expectOk(
      await extractText({ fileName: 'accents.pdf', bytes: await makePdf([['Société Générale — Zürich']]) }, limits),
    );
    expect(pageOf(result, 1)).toBe('Société Générale — Zürich');
    expect(result.metadata.pdfVersion).toMatch(/^1\.\d$/);
  });

  it('refuses a PDF with more pages than allowed', async () => {
    const bytes = await makePdf([['a'], ['b'], ['c']]);
    const result = await extractText({ fileName: 'long.pdf', bytes }, { ...limits, maxPages: 2 });
    expect(result).toMatchObject({ ok: false, format: 'pdf', reason: 'too_large' });
  });

  it('gives up with timeout when parsing exceeds the budget', async () => {
    // 300 full pages take PDFium a few hundred milliseconds: far over the budget of 5.
    const lines = Array.from({ length: 40 }, (_, line) => `line ${line} of a long filing on the tariff and its refund`);
    const bytes = await makePdf(Array.from({ length: 300 }, () => lines));
    const result = await extractText({ fileName: 'slow.pdf', bytes }, { ...limits, timeoutMs: 5 });
    expect(result).toMatchObject({ ok: false, format: 'pdf', reason: 'timeout' });
  });
});

describe('PDFium reader', () => {
  it('reads the language a PDF declares (its catalog /Lang)', async () => {
    const doc = await PDFDocument.load(await makePdf([['Texte de la décision']]));
    doc.setLanguage('fr-FR');
    const lib = await loadPdfium();
    expect(readPdf(lib, await doc.save(), 10).declaredLanguage).toBe('fr');
  });

  it('parses PDF dates with their time zone, and refuses what is not one', () => {
    expect(parsePdfDate("D:20240101120000+01'00'")?.toISOString()).toBe('2024-01-01T11:00:00.000Z');
    expect(parsePdfDate("D:20240615083000-05'30'")?.toISOString()).toBe('2024-06-15T14:00:00.000Z');
    expect(parsePdfDate('D:20261128112134Z')?.toISOString()).toBe('2026-11-28T11:21:34.000Z');
    expect(parsePdfDate('D:2024')?.toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(parsePdfDate('last Tuesday')).toBeUndefined();
  });
});
