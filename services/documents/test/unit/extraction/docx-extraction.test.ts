import { extractText } from '../../../src/extraction';
import { limits, makeDocx, makeOleContainer } from '../../fixtures/extraction/fixture-files';

describe('DOCX extraction', () => {
  it('extracts paragraphs, title and author', async () => {
    const bytes = await makeDocx(
      [
        'Direct Testimony of Jane Q. Analyst',
        'On behalf of the Office of Consumer Advocate & ratepayers.',
        'The proposed rate increase of 7.5% is not supported.',
      ],
      { title: 'Direct Testimony', author: 'Jane Q. Analyst' },
    );
    const result = await extractText({ fileName: 'testimony.docx', bytes }, limits);
    expect(result).toMatchObject({ ok: true, format: 'docx', pageCount: 1, title: 'Direct Testimony', language: 'en' });
    if (!result.ok) return;
    expect(result.text).toBe(
      'Direct Testimony of Jane Q. Analyst\n\nOn behalf of the Office of Consumer Advocate & ratepayers.\n\n' +
        'The proposed rate increase of 7.5% is not supported.',
    );
    expect(result.pages).toEqual([{ number: 1, start: 0, end: result.text.length }]);
    expect(result.metadata).toMatchObject({ author: 'Jane Q. Analyst', created: '2024-03-01T10:00:00Z' });
  });

  it('detects a DOCX by its content even with a misleading name', async () => {
    const bytes = await makeDocx(['Notice of hearing']);
    expect(
      await extractText({ fileName: 'upload.bin', contentType: 'application/octet-stream', bytes }, limits),
    ).toMatchObject({ ok: true, format: 'docx' });
  });

  it('reports a truncated DOCX as corrupt', async () => {
    const bytes = await makeDocx(['Notice of hearing', 'more text'.repeat(50)]);
    const result = await extractText(
      { fileName: 'cut.docx', bytes: bytes.subarray(0, Math.floor(bytes.length / 2)) },
      limits,
    );
    expect(result).toMatchObject({ ok: false, format: 'docx', reason: 'corrupt' });
  });

  it('reports a password-protected DOCX (an OLE container) as encrypted', async () => {
    expect(await extractText({ fileName: 'sealed.docx', bytes: makeOleContainer() }, limits)).toMatchObject({
      ok: false,
      format: 'docx',
      reason: 'encrypted',
    });
    // The same container named .doc is a legacy Word file: not supported rather than encrypted.
    expect(await extractText({ fileName: 'old.doc', bytes: makeOleContainer() }, limits)).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
  });

  it('reports a DOCX without text as empty', async () => {
    expect(await extractText({ fileName: 'blank.docx', bytes: await makeDocx([]) }, limits)).toMatchObject({
      ok: false,
      format: 'docx',
      reason: 'empty',
    });
  });

  it('refuses a DOCX that would inflate far beyond the size limit (zip bomb)', async () => {
    const bytes = await makeDocx(['tiny'], {}, { 'word/media/padding.bin': Buffer.alloc(4 * 1024 * 1024) });
    expect(bytes.length).toBeLessThan(64 * 1024);
    const result = await extractText({ fileName: 'bomb.docx', bytes }, { ...limits, maxBytes: 100 * 1024 });
    expect(result).toMatchObject({ ok: false, format: 'docx', reason: 'too_large' });
  });

  it('refuses a zip that is not a Word document', async () => {
    const bytes = await makeDocx(['x']);
    const notWord = Buffer.from(
      bytes.toString('latin1').replace(/word\/document\.xml/g, 'word/documenx.xml'),
      'latin1',
    );
    expect(await extractText({ fileName: 'archive.zip', bytes: notWord }, limits)).toMatchObject({
      ok: false,
      reason: 'unsupported',
    });
  });
});
