// Where a document was opened from (`?from=`), so its "Back" returns there instead of guessing.
// `from` comes from the URL: only same-site paths are followed (as for `?next=`). Pure, unit-tested.
import { safeNextPath } from './safe-path';

/** The longest `from` kept: a search with many filters fits, a pasted novel does not. */
const MAX_ORIGIN_LENGTH = 2000;

/** A same-site path to return to, or '' when `from` is missing or unsafe. */
export function safeOrigin(from: string | string[] | null | undefined): string {
  const value = safeNextPath(from, '');
  return value.length <= MAX_ORIGIN_LENGTH ? value : '';
}

/** What "← Back to …" names, from the origin's path. */
export function originLabel(origin: string): string {
  const path = origin.split(/[?#]/, 1)[0] ?? '';
  if (
    /^\/workspaces\/[^/]+\/query$/.test(path) ||
    /^\/queries\/[^/]+/.test(path) ||
    /^\/admin\/queries\/log\/[^/]+/.test(path)
  )
    return 'the answer';
  if (/^\/workspaces\/[^/]+\/log\/[^/]+/.test(path)) return 'the log entry';
  if (path === '/search' || /^\/workspaces\/[^/]+\/search$/.test(path)) return 'the search results';
  if (path.startsWith('/entities/')) return 'the entity';
  if (path.startsWith('/documents/')) return 'the document';
  return 'the previous page';
}

/**
 * A link to a document (`/documents/…`) with `from` added, or null when it needs none: another kind
 * of link, one that already says where it came from, or a link within the same document.
 */
export function withOrigin(href: string, origin: string): string | null {
  if (!href.startsWith('/documents/') || !safeOrigin(origin)) return null;
  const url = new URL(href, 'http://same.site');
  // The document page itself, not its attachments (files open outside the app).
  if (!/^\/documents\/[^/]+$/.test(url.pathname) || url.searchParams.has('from')) return null;
  if (url.pathname === new URL(origin, 'http://same.site').pathname) return null;
  url.searchParams.set('from', origin);
  return `${url.pathname}${url.search}${url.hash}`;
}
