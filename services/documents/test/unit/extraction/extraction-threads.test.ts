import { waitFor } from '@docket/testkit';
import { ExtractionThreads } from '../../../src/extraction/extraction-threads/extraction-threads';
import { ExtractionError } from '../../../src/extraction/extraction.types';
import { limits, makeDocx, makePdf } from '../../fixtures/extraction/fixture-files';

const pdfOf = async (pages: number, tag = 'page'): Promise<Uint8Array> =>
  new Uint8Array(
    await makePdf(
      Array.from({ length: pages }, (_, i) =>
        Array.from({ length: 40 }, (_, line) => `${tag} ${i + 1} line ${line} of a long filing`),
      ),
    ),
  );

describe('ExtractionThreads', () => {
  let threads: ExtractionThreads;
  afterEach(() => threads.close());

  /** A PDF read with a page limit (100 unless given) and a deadline of the caller's (none unless given). */
  const readPdf = (bytes: Uint8Array, maxPages = 100, signal = new AbortController().signal) =>
    threads.read('pdf', bytes, { ...limits, maxPages }, signal);

  it('reads files side by side on at most `size` threads, each answer to its own caller', async () => {
    threads = new ExtractionThreads({ size: 2, idleMs: 60_000 });
    const files = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((tag) => pdfOf(2, tag)));
    const reads = files.map((bytes) => readPdf(bytes));
    expect(threads.running).toBe(2);
    const contents = await Promise.all(reads);
    expect(contents.map((content) => content.pageTexts[1]?.split(/\r?\n/)[0])).toEqual([
      'a 2 line 0 of a long filing',
      'b 2 line 0 of a long filing',
      'c 2 line 0 of a long filing',
      'd 2 line 0 of a long filing',
      'e 2 line 0 of a long filing',
    ]);
    expect(threads.running).toBe(2);
  });

  it('reads DOCX and HTML on the same threads as PDFs', async () => {
    threads = new ExtractionThreads({ size: 1, idleMs: 60_000 });
    const none = new AbortController().signal;
    const docx = await threads.read(
      'docx',
      new Uint8Array(await makeDocx(['Motion to intervene.'], { title: 'Motion' })),
      limits,
      none,
    );
    const html = await threads.read(
      'html',
      new Uint8Array(
        Buffer.from('<html><head><title>Order</title></head><body><p>The order is granted.</p></body></html>'),
      ),
      limits,
      none,
    );
    const pdf = await readPdf(await pdfOf(1, 'pdf'));
    expect([docx.title, docx.pageTexts[0]?.trim()]).toEqual(['Motion', 'Motion to intervene.']);
    expect([html.title, html.pageTexts[0]?.trim()]).toEqual(['Order', 'The order is granted.']);
    expect(pdf.pageTexts[0]).toMatch(/^pdf 1 line 0/);
    expect(threads.running).toBe(1);
  });

  it('ends the thread of a file whose deadline passes while it is read, and the next file gets a new one', async () => {
    threads = new ExtractionThreads({ size: 1, idleMs: 60_000 });
    const deadline = new AbortController();
    const long = readPdf(await pdfOf(1500), 5000, deadline.signal);
    await waitFor(() => threads.busy === 1, { description: 'the long PDF to be read' });
    deadline.abort();
    await expect(long).rejects.toEqual(new ExtractionError('timeout', 'stopped: parsing took too long'));
    expect(threads.running).toBe(0);
    expect((await readPdf(await pdfOf(1, 'next'))).pageTexts[0]).toMatch(/^next 1 line 0/);
  });

  it('drops a file whose deadline passes while it waits, without reading it', async () => {
    threads = new ExtractionThreads({ size: 1, idleMs: 60_000 });
    const first = readPdf(await pdfOf(1, 'first'));
    const deadline = new AbortController();
    const waiting = readPdf(await pdfOf(1, 'waiting'), 100, deadline.signal);
    deadline.abort();
    await expect(waiting).rejects.toMatchObject({ reason: 'timeout' });
    expect((await first).pageTexts[0]).toMatch(/^first/);
  });

  it('ends a thread left idle, giving its memory back, and starts one again for the next file', async () => {
    threads = new ExtractionThreads({ size: 1, idleMs: 50 });
    await readPdf(await pdfOf(1));
    await waitFor(() => threads.running === 0, { description: 'the idle thread to end' });
    expect((await readPdf(await pdfOf(1, 'again'))).pageTexts[0]).toMatch(/^again/);
  });

  it('refuses a PDF over the page limit and one that is not a PDF, keeping the thread', async () => {
    threads = new ExtractionThreads({ size: 1, idleMs: 60_000 });
    await expect(readPdf(await pdfOf(3), 2)).rejects.toMatchObject({ reason: 'too_large' });
    await expect(readPdf(new Uint8Array(Buffer.from('%PDF-1.7\nnot really')))).rejects.toMatchObject({
      reason: 'corrupt',
    });
    expect(threads.running).toBe(1);
  });
});
