import { waitFor } from '@docket/testkit';
import { ExtractionError } from '../../../src/extraction/extraction.types';
import { PdfThreads } from '../../../src/extraction/pdf-threads/pdf-threads';
import { makePdf } from '../../fixtures/extraction/fixture-files';

const pdfOf = async (pages: number, tag = 'page'): Promise<Uint8Array> =>
  new Uint8Array(await makePdf(Array.from({ length: pages }, (_, i) => Array.from({ length: 40 }, (_, line) => `${tag} ${i + 1} line ${line} of a long filing`))));

describe('PdfThreads', () => {
  let threads: PdfThreads;
  afterEach(() => threads.close());

  it('reads PDFs side by side on at most `size` threads, each answer to its own caller', async () => {
    threads = new PdfThreads({ size: 2, idleMs: 60_000 });
    const files = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((tag) => pdfOf(2, tag)));
    const reads = files.map((bytes) => threads.read(bytes, 100, new AbortController().signal));
    expect(threads.running).toBe(2);
    const contents = await Promise.all(reads);
    expect(contents.map((content) => content.pageTexts[1]?.split(/\r?\n/)[0])).toEqual(['a 2 line 0 of a long filing', 'b 2 line 0 of a long filing', 'c 2 line 0 of a long filing', 'd 2 line 0 of a long filing', 'e 2 line 0 of a long filing']);
    expect(threads.running).toBe(2);
  });

  it('ends the thread of a PDF whose deadline passes while it is read, and the next PDF gets a new one', async () => {
    threads = new PdfThreads({ size: 1, idleMs: 60_000 });
    const deadline = new AbortController();
    const long = threads.read(await pdfOf(1500), 5000, deadline.signal);
    await waitFor(() => threads.busy === 1, { description: 'the long PDF to be read' });
    deadline.abort();
    await expect(long).rejects.toEqual(new ExtractionError('timeout', 'stopped: parsing took too long'));
    expect(threads.running).toBe(0);
    const next = await threads.read(await pdfOf(1, 'next'), 100, new AbortController().signal);
    expect(next.pageTexts[0]).toMatch(/^next 1 line 0/);
  });

  it('drops a PDF whose deadline passes while it waits, without reading it', async () => {
    threads = new PdfThreads({ size: 1, idleMs: 60_000 });
    const first = threads.read(await pdfOf(1, 'first'), 100, new AbortController().signal);
    const deadline = new AbortController();
    const waiting = threads.read(await pdfOf(1, 'waiting'), 100, deadline.signal);
    deadline.abort();
    await expect(waiting).rejects.toMatchObject({ reason: 'timeout' });
    expect((await first).pageTexts[0]).toMatch(/^first/);
  });

  it('ends a thread left idle, giving its memory back, and starts one again for the next PDF', async () => {
    threads = new PdfThreads({ size: 1, idleMs: 50 });
    await threads.read(await pdfOf(1), 100, new AbortController().signal);
    await waitFor(() => threads.running === 0, { description: 'the idle thread to end' });
    expect((await threads.read(await pdfOf(1, 'again'), 100, new AbortController().signal)).pageTexts[0]).toMatch(/^again/);
  });

  it('refuses a PDF over the page limit and one that is not a PDF, keeping the thread', async () => {
    threads = new PdfThreads({ size: 1, idleMs: 60_000 });
    await expect(threads.read(await pdfOf(3), 2, new AbortController().signal)).rejects.toMatchObject({ reason: 'too_large' });
    await expect(threads.read(new Uint8Array(Buffer.from('%PDF-1.7\nnot really')), 100, new AbortController().signal)).rejects.toMatchObject({ reason: 'corrupt' });
    expect(threads.running).toBe(1);
  });
});
