import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { FollowDocketButton } from '@/components/alerts/follow-docket-button';
import { findDocument, getSessionUser } from '@/lib/bff.server';
import { parseCitedRange } from '@/lib/cited-range';
import { PAGES_PER_VIEW, pageView } from '@/lib/document-pages';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { originLabel, safeOrigin } from '@/lib/origin';
import { Attachments, isPdf } from './attachments';
import { DeleteDocumentButton } from './delete-document-button';
import { DocketCard, EntryOfDocket } from './docket-card';
import styles from './document.module.css';
import { Entities } from './entities-card';
import { FullText } from './full-text';

type Search = { q?: string | string[]; page?: string | string[]; at?: string | string[]; from?: string | string[] };
type Props = { params: Promise<{ documentId: string }>; searchParams: Promise<Search> };

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The first page of the view that holds the requested page (views are aligned: 1–5, 6–10, …). */
function viewStart(page: string): number {
  return pageView(Number(page) || 1, Number.MAX_SAFE_INTEGER).first;
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  // No notFound() here: thrown from metadata it leaves a blank page in Next 15.5; the page throws it.
  const detail = await findDocument(
    (await params).documentId,
    viewStart(first((await searchParams).page)),
    PAGES_PER_VIEW,
  );
  return { title: detail ? detail.document.title || 'Document' : 'Document not found' };
}

export default async function DocumentPage({ params, searchParams }: Props) {
  const { documentId } = await params;
  const search = await searchParams;
  const q = first(search.q).trim();
  // Where the document was opened from (an answer, a search): "Back" returns there.
  const from = safeOrigin(search.from);
  const [user, detail] = await Promise.all([
    getSessionUser(),
    findDocument(documentId, viewStart(first(search.page)), PAGES_PER_VIEW),
  ]);
  if (!detail) notFound();
  const { document, source } = detail;
  const view = pageView(viewStart(first(search.page)), document.pages.length);
  const docketEntity =
    detail.entities.find((e) => e.kind === 'docket' && e.name === document.docketNumber) ??
    detail.entities.find((e) => e.kind === 'docket');
  const primaryPdf = document.attachments.find((a) => a.primary && isPdf(a));

  return (
    <div className="page page-wide">
      {from ? (
        <Link href={from} className={styles.back} data-testid="document-back">
          ← Back to {originLabel(from)}
        </Link>
      ) : null}
      <header className={styles.header}>
        <div className={styles.kicker}>
          {document.filingCategory ? <span className="badge badge-accent">{document.filingCategory}</span> : null}
          {document.filingType && document.filingType !== document.filingCategory ? (
            <span className="badge">{document.filingType}</span>
          ) : null}
          {document.docketNumber ? <span className="badge">Docket {document.docketNumber}</span> : null}
          {document.failureReason ? (
            <span className="badge badge-danger">Unreadable: {document.failureReason}</span>
          ) : null}
        </div>
        <div className={styles.titleRow}>
          <h1 className={styles.title} data-testid="document-title">
            {document.title || 'Untitled filing'}
          </h1>
          <div className={styles.titleActions}>
            {document.docketNumber || detail.docket ? (
              <FollowDocketButton
                docket={{
                  docketId: detail.docket?.id ?? '',
                  docketNumber: detail.docket?.number || document.docketNumber,
                  title: detail.docket?.title ?? '',
                  sourceName: source?.name || document.sourceId,
                }}
              />
            ) : null}
            {user.role === 'admin' ? (
              <DeleteDocumentButton documentId={document.id} title={document.title || 'Untitled filing'} />
            ) : null}
          </div>
        </div>
        {document.docketEntryNumber !== null ? <EntryOfDocket detail={detail} docketEntity={docketEntity} /> : null}
        <p className={styles.byline}>
          {[
            source?.name || document.sourceId,
            document.filedAt ? `filed ${formatDate(document.filedAt)}` : '',
            document.filers.join(', '),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </header>

      <div className={styles.layout}>
        <div className="stack">
          <FullText
            document={document}
            view={view}
            q={q}
            from={from}
            cited={parseCitedRange(first(search.at))}
            primaryPdf={primaryPdf}
          />
          <Attachments document={document} />
        </div>

        <aside className={styles.aside}>
          <section className="card" aria-labelledby="details-heading">
            <div className="card-header">
              <h2 id="details-heading">Details</h2>
            </div>
            <div className="card-body">
              <dl className="meta-list">
                <dt>Source</dt>
                <dd>{source ? source.name : document.sourceId || '—'}</dd>
                <dt>Filing type</dt>
                <dd>
                  {document.filingCategory || '—'}
                  {document.filingType && document.filingType !== document.filingCategory ? (
                    <span className="subtle"> ({document.filingType})</span>
                  ) : null}
                </dd>
                <dt>Filed</dt>
                <dd>{formatDate(document.filedAt)}</dd>
                {document.filers.length > 0 ? (
                  <>
                    <dt>{document.filers.length === 1 ? 'Filer' : 'Filers'}</dt>
                    <dd>{document.filers.join('; ')}</dd>
                  </>
                ) : null}
                {document.description ? (
                  <>
                    <dt>Description</dt>
                    <dd>{document.description}</dd>
                  </>
                ) : null}
                <dt>Language</dt>
                <dd>{document.language || '—'}</dd>
                <dt>Pages</dt>
                <dd>{document.pages.length > 0 ? formatNumber(document.pages.length) : '—'}</dd>
                {document.provenance ? (
                  <>
                    <dt>Provenance</dt>
                    <dd>
                      {document.provenance.connector} connector
                      {document.provenance.sourceUrl ? (
                        <>
                          {' · '}
                          <a href={document.provenance.sourceUrl} rel="noreferrer noopener" target="_blank">
                            original
                          </a>
                        </>
                      ) : document.provenance.sourceDocumentId ? (
                        <span className={styles.hash}> {document.provenance.sourceDocumentId}</span>
                      ) : null}
                    </dd>
                  </>
                ) : null}
                <dt>Added to the collection</dt>
                <dd>{formatDateTime(document.createdAt)}</dd>
                <dt>Document ID</dt>
                <dd className={styles.hash}>{document.id}</dd>
                <dt>SHA-256</dt>
                <dd className={styles.hash}>{document.sha256}</dd>
              </dl>
            </div>
          </section>
          <DocketCard detail={detail} docketEntity={docketEntity} />
          <Entities entities={detail.entities.filter((e) => e !== docketEntity)} pending={document.entitiesPending} />
        </aside>
      </div>
    </div>
  );
}
