import Link from 'next/link';
import { formatDate } from '@/lib/format';
import { citationHref, citationKey, documentHref } from './citations';
import type { QueryDocument } from './types';
import styles from './query.module.css';

/** The documents the answer used, ranked, each with the passages it cites (or its best-matching one). */
export function DocumentsView({
  documents,
  question,
  citationNumbers,
  compact = false,
}: {
  documents: QueryDocument[];
  question: string;
  /** [n] of each cited passage, to match the analysis' markers. */
  citationNumbers?: Map<string, number>;
  /** The narrow column beside a streaming answer: one passage per document. */
  compact?: boolean;
}) {
  if (documents.length === 0) {
    return (
      <div className="card empty-state" data-testid="documents-empty">
        <h2>No documents</h2>
        <p>No filing matched, so the answer could not draw on any.</p>
      </div>
    );
  }
  return (
    <ol className={`card ${styles.documents} ${compact ? styles.documentsCompact : ''}`} data-testid="documents-view">
      {documents.map((d) => (
        <li key={d.documentId} className={styles.document} data-testid="query-document">
          <div className={styles.rank} aria-label={`Rank ${d.rank}`}>
            {d.rank}
          </div>
          <div className={styles.documentBody}>
            <h3 className={styles.documentTitle}>
              <Link href={documentHref(d.documentId, question)} prefetch={false} data-testid="query-document-link">
                {d.title || 'Untitled filing'}
              </Link>
            </h3>
            <div className={styles.meta}>
              {d.sourceName || d.sourceId ? <span>{d.sourceName || d.sourceId}</span> : null}
              {d.docketNumber ? <span>Docket {d.docketNumber}</span> : null}
              {d.filingCategory ? <span>{d.filingCategory}</span> : null}
              {d.filedAt ? <span>Filed {formatDate(d.filedAt)}</span> : null}
            </div>
            {(compact ? d.passages.slice(0, 1) : d.passages).map((p) => {
              const n = citationNumbers?.get(citationKey(p));
              return (
                <blockquote key={citationKey(p)} className={styles.passage} data-testid="query-passage">
                  <span className={styles.passageText}>{p.quote}</span>
                  <Link href={citationHref(p, question)} prefetch={false} className={styles.passageLink}>
                    {n ? `[${n}] ` : ''}
                    {p.page > 0 ? `Page ${p.page}` : 'Open at passage'} →
                  </Link>
                </blockquote>
              );
            })}
            {compact && d.passages.length > 1 ? (
              <p className="subtle" style={{ fontSize: 'var(--font-size-xs)' }}>
                + {d.passages.length - 1} more cited {d.passages.length === 2 ? 'passage' : 'passages'}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
