import { uniqueName, waitFor } from '../../src';

describe('waitFor', () => {
  it('returns the first truthy value of the predicate', async () => {
    let calls = 0;
    const value = await waitFor(() => (++calls >= 3 ? { calls } : undefined), {
      description: 'third call',
      intervalMs: 1,
    });
    expect(value).toEqual({ calls: 3 });
  });

  it('treats thrown errors as "not yet" and names the description and last error on timeout', async () => {
    await expect(
      waitFor(
        () => {
          throw new Error('connection refused');
        },
        { description: 'the broker to answer', timeoutMs: 50, intervalMs: 5 },
      ),
    ).rejects.toThrow('timed out after 50 ms waiting for the broker to answer; last error: connection refused');
  });
});

describe('uniqueName', () => {
  it('keeps the prefix, differs every call and only uses characters valid for topics, groups and databases', () => {
    const a = uniqueName('documents.ingested v1/x');
    const b = uniqueName('documents.ingested v1/x');
    expect(a).not.toBe(b);
    expect(a.startsWith('documents.ingested_v1_x-')).toBe(true);
    expect(a).toMatch(/^[A-Za-z0-9._-]+$/);
  });
});
