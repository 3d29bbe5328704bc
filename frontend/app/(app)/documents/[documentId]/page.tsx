import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { findDocument } from '@/lib/bff.server';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { highlightSegments, queryTerms } from '@/lib/highlight';
import styles from './document.module.css';

type Props = { params: Promise<{ documentId: string }>; searchParams: Promise<{ q?: string | string[] }> };

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  // No notFound() here: thrown from metadata it leaves a blank page in Next 15.5; the page throws it.
  const document = await findDocument((await params).documentId);
  return { title: document ? document.title || 'Document' : 'Document not found' };
}

export default async function DocumentPage({ params, searchParams }: Props) {
  const { documentId } = await params;
  const q = first((await searchParams).q).trim();
  const document = await findDocument(documentId);
  if (!document) notFound();
  // React escapes every text node; only the <mark> elements we add below are markup.
  const segments = highlightSegments(document.text, queryTerms(q));
  const matches = segments.filter((s) => s.match).length;
  let markIndex = 0;

  return (
    <div className="page" style={{ maxWidth: 1200 }}>
      {q ? (
        <Link href={`/search?q=${encodeURIComponent(q)}`} className={styles.back}>
          ← Back to results for “{q}”
        </Link>
      ) : null}
      <header className={styles.header}>
        <div className={styles.kicker}>
          {document.filingType ? <span className="badge badge-accent">{document.filingType}</span> : null}
          {document.docketNumber ? <span className="badge">Docket {document.docketNumber}</span> : null}
        </div>
        <h1 className={styles.title} data-testid="document-title">
          {document.title || 'Untitled filing'}
        </h1>
      </header>

      <div className={styles.layout}>
        <article className="card" aria-labelledby="full-text-heading">
          <div className={styles.matchBar}>
            <h2 id="full-text-heading" className="subtle" style={{ fontWeight: 600 }}>
              Full text
            </h2>
            {q ? (
              <span data-testid="match-count">
                {matches === 0 ? (
                  <>No matches for “{q}” in the text</>
                ) : (
                  <>
                    {formatNumber(matches)} {matches === 1 ? 'match' : 'matches'} for “{q}” ·{' '}
                    <a href="#match-1">Go to first match</a>
                  </>
                )}
              </span>
            ) : null}
          </div>
          <div className={styles.text} data-testid="document-text">
            {segments.map((segment, i) => {
              if (!segment.match) return segment.text;
              markIndex += 1;
              return (
                <mark key={i} id={`match-${markIndex}`}>
                  {segment.text}
                </mark>
              );
            })}
          </div>
        </article>

        <aside className={`card ${styles.aside}`} aria-labelledby="details-heading">
          <div className="card-header">
            <h2 id="details-heading">Details</h2>
          </div>
          <div className="card-body">
            <dl className="meta-list">
              <dt>Docket number</dt>
              <dd>{document.docketNumber || '—'}</dd>
              <dt>Filing type</dt>
              <dd>{document.filingType || '—'}</dd>
              <dt>Filed</dt>
              <dd>{formatDate(document.filedAt)}</dd>
              <dt>Source</dt>
              <dd>{document.sourceId || '—'}</dd>
              <dt>Added to the collection</dt>
              <dd>{formatDateTime(document.createdAt)}</dd>
              <dt>Document ID</dt>
              <dd className={styles.hash}>{document.id}</dd>
              <dt>SHA-256</dt>
              <dd className={styles.hash}>{document.sha256}</dd>
            </dl>
          </div>
        </aside>
      </div>
    </div>
  );
}
