import { RecentDocumentViews } from '../../src/grpc/recent-document-views';

interface View {
  document: { id: string; text: string };
}
const view = (id: string, text = `text of ${id}`): View => ({ document: { id, text } });

/** A fetch that counts its calls and answers what `answer` says at the time. */
function countingFetch(answer: () => View) {
  return jest.fn(async () => answer());
}

describe('RecentDocumentViews', () => {
  it('calls once per document and page range while fresh', async () => {
    const recent = new RecentDocumentViews<View>(60_000);
    const fetch = countingFetch(() => view('d1'));
    await recent.get('d1', 1, 5, fetch);
    await recent.get('d1', 1, 5, fetch);
    expect(fetch).toHaveBeenCalledTimes(1);
    await recent.get('d1', 2, 5, fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('shares one call between concurrent readers', async () => {
    const recent = new RecentDocumentViews<View>(60_000);
    const fetch = countingFetch(() => view('d1'));
    const answers = await Promise.all([recent.get('d1', 1, 5, fetch), recent.get('d1', 1, 5, fetch), recent.get('d1', 1, 5, fetch)]);
    expect(answers.map((a) => a.document.id)).toEqual(['d1', 'd1', 'd1']);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('calls again once the time to live has passed', async () => {
    const recent = new RecentDocumentViews<View>(1);
    const fetch = countingFetch(() => view('d1'));
    await recent.get('d1', 1, 5, fetch);
    const firstAt = Date.now();
    while (Date.now() - firstAt < 5) await new Promise((resolve) => setImmediate(resolve));
    await recent.get('d1', 1, 5, fetch);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps no failure: the next reader calls again', async () => {
    const recent = new RecentDocumentViews<View>(60_000);
    const failing = jest.fn(async (): Promise<View> => {
      throw new Error('not found');
    });
    await expect(recent.get('d1', 1, 5, failing)).rejects.toThrow('not found');
    const fetch = countingFetch(() => view('d1'));
    expect((await recent.get('d1', 1, 5, fetch)).document.id).toBe('d1');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('forget drops every page range of that document only', async () => {
    const recent = new RecentDocumentViews<View>(60_000);
    let text = 'old';
    const fetch = countingFetch(() => view('d1', text));
    const other = countingFetch(() => view('d10'));
    await recent.get('d1', 1, 5, fetch);
    await recent.get('d1', 6, 5, fetch);
    await recent.get('d10', 1, 5, other);
    text = 'new';
    recent.forget('d1');
    expect((await recent.get('d1', 1, 5, fetch)).document.text).toBe('new');
    expect((await recent.get('d1', 6, 5, fetch)).document.text).toBe('new');
    await recent.get('d10', 1, 5, other);
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(other).toHaveBeenCalledTimes(1);
  });

  it('does not keep what a call started before a forget answers', async () => {
    const recent = new RecentDocumentViews<View>(60_000);
    let release!: () => void;
    const slow = jest.fn(() => new Promise<View>((resolve) => (release = () => resolve(view('d1', 'old')))));
    const reading = recent.get('d1', 1, 5, slow);
    recent.forget('d1');
    release();
    expect((await reading).document.text).toBe('old'); // its own reader gets it
    const fresh = countingFetch(() => view('d1', 'new'));
    expect((await recent.get('d1', 1, 5, fresh)).document.text).toBe('new');
    expect(fresh).toHaveBeenCalledTimes(1);
  });
});
