import Link from 'next/link';
import { formatDate } from '@/lib/format';
import type { QueryDocument } from '@/lib/query-types';
import { citationHref, citationKey, citationNumbersOf, citationPlace, documentHref } from './citations';
import styles from './query.module.css';

/**
 * The documents the answer used, best match first, each with the passages it cites (or its
 * best-matching one). A document carries the answer's citation numbers, drawn as the analysis draws
 * its markers, and no rank number: a bare 1 beside the first document would read as citation 1.
 */
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
    <div className={`card ${styles.documents} ${compact ? styles.documentsCompact : ''}`} data-testid="documents-view">
      <p className={styles.documentsLegend}>
        Best match first. The numbers are the answer’s citations, as marked in the analysis.
      </p>
      <ul className={styles.documentList} aria-label="Documents, best match first">
        {documents.map((d) => {
          const cited = citationNumbersOf(d.passages, citationNumbers);
          const firstPassage = (n: number) => d.passages.find((p) => citationNumbers?.get(citationKey(p)) === n);
          return (
            <li
              key={d.documentId}
              className={styles.document}
              data-testid="query-document"
              data-document-id={d.documentId}
              data-cited={cited.join(' ')}
            >
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
                  {d.rank === 0 ? (
                    <span title="Not among the search matches: the answer read it from the proceeding’s filings">
                      From the proceeding’s record
                    </span>
                  ) : null}
                </div>
                <p className={styles.citedAs} data-testid="document-cited-as">
                  {cited.length > 0 ? (
                    <>
                      Cited as
                      {cited.map((n) => {
                        const passage = firstPassage(n);
                        return passage ? (
                          <Link
                            key={n}
                            href={citationHref(passage, question)}
                            prefetch={false}
                            className={styles.cite}
                            title={`${citationPlace(passage)}: “${passage.quote}”`}
                            aria-label={`Citation ${n}: ${citationPlace(passage)}`}
                          >
                            {n}
                          </Link>
                        ) : null;
                      })}
                    </>
                  ) : (
                    'Not cited in the answer'
                  )}
                </p>
                {(compact ? d.passages.slice(0, 1) : d.passages).map((p) => {
                  const n = citationNumbers?.get(citationKey(p));
                  const place = p.page > 0 ? `Page ${p.page} of` : 'Open at passage in';
                  return (
                    <blockquote key={citationKey(p)} className={styles.passage} data-testid="query-passage">
                      <span className={styles.passageText}>{p.quote}</span>
                      <Link
                        href={citationHref(p, question)}
                        prefetch={false}
                        className={styles.passageLink}
                        // Holds the visible words, as spoken by voice control (WCAG 2.5.3), and names the
                        // filing they open.
                        aria-label={`${n ? `Citation ${n}: ` : ''}${place} ${p.documentTitle || 'Untitled filing'}`}
                      >
                        {n ? <span className={styles.cite}>{n}</span> : null}{' '}
                        {p.page > 0 ? `Page ${p.page}` : 'Open at passage'} →
                      </Link>
                    </blockquote>
                  );
                })}
                {compact && d.passages.length > 1 ? (
                  <p className="subtle text-xs">
                    + {d.passages.length - 1} more cited {d.passages.length === 2 ? 'passage' : 'passages'}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
