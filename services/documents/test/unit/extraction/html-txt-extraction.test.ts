import { extractText } from '../../../src/extraction';
import { limits } from '../../fixtures/extraction/fixture-files';

const html = `<!DOCTYPE html>
<html lang="en"><head><title>  Notice of Proposed Rulemaking </title>
<meta name="description" content="NOPR on interconnection">
<style>body { color: red }</style><script>var tracking = "do not index";</script></head>
<body>
<nav><a href="/">Home</a> | <a href="/dockets">Dockets</a></nav>
<h1>Improvements to Generator Interconnection</h1>
<p>The Federal Energy Regulatory Commission &amp; its staff propose   changes
to the <em>pro forma</em> tariff.</p>
<h2>Background</h2>
<ul><li>First item</li><li>Second item &ndash; with a dash</li></ul>
<p>Comments are due 60&nbsp;days after publication.<br>Reply comments 30 days later.</p>
<noscript>enable javascript</noscript>
</body></html>`;

describe('HTML extraction', () => {
  it('keeps headings and paragraphs, decodes entities and drops scripts, styles and navigation', async () => {
    const result = await extractText({ fileName: 'nopr.html', bytes: Buffer.from(html) }, limits);
    expect(result).toMatchObject({
      ok: true,
      format: 'html',
      pageCount: 1,
      title: 'Notice of Proposed Rulemaking',
      language: 'en',
    });
    if (!result.ok) return;
    expect(result.text).toBe(
      [
        'Improvements to Generator Interconnection',
        'The Federal Energy Regulatory Commission & its staff propose changes to the pro forma tariff.',
        'Background',
        'First item\nSecond item – with a dash',
        'Comments are due 60 days after publication.\nReply comments 30 days later.',
      ].join('\n\n'),
    );
    expect(result.text).not.toMatch(/tracking|color|Home|javascript/);
    expect(result.metadata.description).toBe('NOPR on interconnection');
  });

  it('takes the title from the first h1 when there is no <title>, and sniffs HTML by content', async () => {
    const result = await extractText(
      { fileName: 'page', bytes: Buffer.from('<html><body><h1>Final Rule</h1><p>Effective today.</p></body></html>') },
      limits,
    );
    expect(result).toMatchObject({ ok: true, format: 'html', title: 'Final Rule' });
  });

  it('reports a page with only scripts and chrome as empty', async () => {
    const result = await extractText(
      { fileName: 'app.html', bytes: Buffer.from('<html><body><nav>Menu</nav><script>app()</script></body></html>') },
      limits,
    );
    expect(result).toMatchObject({ ok: false, format: 'html', reason: 'empty' });
  });
});

describe('TXT extraction', () => {
  it('decodes UTF-8 and drops a byte-order mark', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('Résumé of the comisión\r\nsecond line\r\n'),
    ]);
    const result = await extractText({ fileName: 'notes.txt', bytes }, limits);
    expect(result).toMatchObject({
      ok: true,
      format: 'txt',
      text: 'Résumé of the comisión\nsecond line',
      pageCount: 1,
      metadata: { encoding: 'utf-8' },
    });
  });

  it('falls back to windows-1252 (latin1) when the bytes are not valid UTF-8', async () => {
    const bytes = Buffer.from('Caf\xe9 tariff \x96 r\xe9vision', 'latin1');
    const result = await extractText({ fileName: 'legacy.txt', bytes }, limits);
    expect(result).toMatchObject({ ok: true, text: 'Café tariff – révision', metadata: { encoding: 'windows-1252' } });
  });

  it('decodes UTF-16 with a byte-order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Order No. 2023', 'utf16le')]);
    expect(await extractText({ fileName: 'wide.txt', bytes }, limits)).toMatchObject({
      ok: true,
      format: 'txt',
      text: 'Order No. 2023',
    });
  });

  it('treats form feeds as page breaks, with exact page spans', async () => {
    const result = await extractText(
      { fileName: 'pdftotext.txt', bytes: Buffer.from('page one text\n\fpage two text\n\fpage three\n\f') },
      limits,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.pageCount).toBe(3);
    expect(result.pages.map((p) => result.text.slice(p.start, p.end))).toEqual([
      'page one text',
      'page two text',
      'page three',
    ]);
  });

  it('detects Spanish and French text, and no language for a bare docket number', async () => {
    const es = 'La comisión aprobó el acuerdo presentado por la empresa de servicios públicos y los intervinientes.';
    const fr = "La commission a approuvé l'accord de règlement déposé par le distributeur et les intervenants.";
    expect(await extractText({ fileName: 'es.txt', bytes: Buffer.from(es) }, limits)).toMatchObject({
      ok: true,
      language: 'es',
    });
    expect(await extractText({ fileName: 'fr.txt', bytes: Buffer.from(fr) }, limits)).toMatchObject({
      ok: true,
      language: 'fr',
    });
    const bare = await extractText({ fileName: 'id.txt', bytes: Buffer.from('ER24-1234') }, limits);
    expect(bare.ok && bare.language).toBeUndefined();
  });

  it('reports whitespace-only text as empty', async () => {
    expect(await extractText({ fileName: 'blank.txt', bytes: Buffer.from(' \n\t\n ') }, limits)).toMatchObject({
      ok: false,
      format: 'txt',
      reason: 'empty',
    });
  });
});
