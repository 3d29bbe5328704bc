import Link from 'next/link';
import { formatDate } from '@/lib/format';
import type { SearchHit } from '@/lib/search-types';
import { sanitizeSnippet } from '@/lib/snippet';
import styles from './search.module.css';

/**
 * One hit: highlighted title and snippet, filed date, agency, docket and type; opens the document with
 * the query highlighted.
 */
export function SearchResult({ hit, q }: { hit: SearchHit; q: string }) {
  const href = `/documents/${encodeURIComponent(hit.documentId)}${q ? `?q=${encodeURIComponent(q)}` : ''}`;
  // The source's own name for the filing ("Rebuttal Testimony") says more than its category ("Testimony").
  const type = hit.filingType || hit.filingCategory;
  return (
    <li className={styles.result} data-testid="search-hit" data-document-id={hit.documentId}>
      <h3 className={styles.resultTitle}>
        <Link
          href={href}
          prefetch={false}
          data-testid="search-hit-link"
          dangerouslySetInnerHTML={{
            __html: sanitizeSnippet(hit.titleHtml || escapeHtml(hit.title || 'Untitled filing')),
          }}
        />
      </h3>
      <div className={styles.resultMeta}>
        {hit.filedAt ? <span>Filed {formatDate(hit.filedAt)}</span> : null}
        {hit.sourceName || hit.sourceId ? <span>{hit.sourceName || hit.sourceId}</span> : null}
        {hit.docketNumber ? <span className="mono">Docket {hit.docketNumber}</span> : null}
        {type ? <span>{type}</span> : null}
      </div>
      {hit.snippet ? (
        <p className={styles.snippet} dangerouslySetInnerHTML={{ __html: sanitizeSnippet(hit.snippet) }} />
      ) : null}
    </li>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
