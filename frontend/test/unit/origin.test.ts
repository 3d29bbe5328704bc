import { originLabel, safeOrigin, withOrigin } from '../../lib/origin';

describe('safeOrigin', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeOrigin('/workspaces/w1/query?answer=q1')).toBe('/workspaces/w1/query?answer=q1');
  });

  it('refuses other sites, tricks, the login page and overlong values', () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      '/login?next=/x',
      '',
      undefined,
      `/search?q=${'a'.repeat(2100)}`,
    ]) {
      expect(safeOrigin(bad)).toBe('');
    }
  });
});

describe('originLabel', () => {
  it('names what the origin is', () => {
    expect(originLabel('/workspaces/w1/query?answer=q1')).toBe('the answer');
    expect(originLabel('/queries/q1/analysis')).toBe('the answer');
    expect(originLabel('/admin/queries/log/q1/documents')).toBe('the answer');
    expect(originLabel('/workspaces/w1/log/r1/analysis')).toBe('the log entry');
    expect(originLabel('/workspaces/w1/search?q=rate&f=1')).toBe('the search results');
    expect(originLabel('/search?q=rate')).toBe('the search results');
    expect(originLabel('/entities/e1')).toBe('the entity');
    expect(originLabel('/catalog')).toBe('the previous page');
  });
});

describe('withOrigin', () => {
  const answer = '/workspaces/w1/query?answer=q1';

  it('adds the origin to a link to a document, keeping its query and hash', () => {
    expect(withOrigin('/documents/d1?q=rate&at=10-20#cited', answer)).toBe(
      `/documents/d1?q=rate&at=10-20&from=${encodeURIComponent(answer)}#cited`,
    );
  });

  it('leaves other links, attachments, links that say their origin and links within the same document alone', () => {
    expect(withOrigin('/search?q=rate', answer)).toBeNull();
    expect(withOrigin('/documents/d1/attachment?attachment=a1', answer)).toBeNull();
    expect(withOrigin('/documents/d1?from=%2Fsearch', answer)).toBeNull();
    expect(withOrigin('/documents/d1?page=6', '/documents/d1?page=1')).toBeNull();
  });

  it('adds nothing from an origin that is not a same-site path', () => {
    expect(withOrigin('/documents/d1', '//evil.example')).toBeNull();
  });
});
