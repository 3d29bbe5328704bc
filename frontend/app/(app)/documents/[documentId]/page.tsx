import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { FollowDocketButton } from '@/components/alerts/follow-docket-button';
import { findDocument, getSessionUser } from '@/lib/bff.server';
import { parseCitedRange, splitAtCitedRange, type CitedRange } from '@/lib/cited-range';
import { PAGES_PER_VIEW, pageView, type PageView } from '@/lib/document-pages';
import { capitalise, formatBytes, formatDate, formatDateTime, formatNumber } from '@/lib/format';
import { highlightSegments, queryTerms, type Segment } from '@/lib/highlight';
import { originLabel, safeOrigin } from '@/lib/origin';
import type { Attachment, DocketDocument, DocumentDetail, EntityRef } from '@/lib/types';
import { DeleteDocumentButton } from './delete-document-button';
import styles from './document.module.css';

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

const ENTITY_KIND_LABELS: Record<string, string> = {
  organisation: 'Organisations',
  person: 'People',
  agency: 'Agencies',
  docket: 'Dockets',
  place: 'Places',
  money: 'Amounts',
  percentage: 'Percentages',
  date: 'Dates',
};

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
    <div className="page" style={{ maxWidth: 1200 }}>
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
          <div style={{ display: 'flex', gap: 'var(--space-2)', alignItems: 'center', flexShrink: 0 }}>
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
          <Entities entities={detail.entities.filter((e) => e !== docketEntity)} />
        </aside>
      </div>
    </div>
  );
}

function FullText({
  document,
  view,
  q,
  from,
  cited,
  primaryPdf,
}: {
  document: DocketDocument;
  view: PageView;
  q: string;
  from: string;
  cited: CitedRange | undefined;
  primaryPdf: Attachment | undefined;
}) {
  const terms = queryTerms(q);
  // The text of each page in this view; a document without page boundaries is one block.
  const blocks =
    document.pages.length === 0
      ? [{ number: null as number | null, start: document.textOffset, text: document.text }]
      : document.pages
          .filter((p) => p.number >= view.first && p.number <= view.last)
          .map((p) => ({
            number: p.number as number | null,
            start: p.start,
            text: document.text.slice(p.start - document.textOffset, p.end - document.textOffset),
          }));
  // A citation (?at=start-end) is marked as a whole, with the search terms still highlighted inside it.
  const highlighted = blocks.map((b) => {
    const parts = splitAtCitedRange(b.text, b.start, cited);
    return {
      ...b,
      before: highlightSegments(parts.before, terms),
      cited: highlightSegments(parts.cited, terms),
      after: highlightSegments(parts.after, terms),
    };
  });
  const matches = highlighted.reduce(
    (sum, b) => sum + [...b.before, ...b.cited, ...b.after].filter((s) => s.match).length,
    0,
  );
  const paged = document.pages.length > PAGES_PER_VIEW;
  const where = paged ? ` on pages ${view.first}–${view.last}` : '';
  let markIndex = 0;
  const renderSegments = (segments: Segment[], part: string) =>
    segments.map((segment, i) => {
      if (!segment.match) return segment.text;
      markIndex += 1;
      return (
        <mark key={`${part}${i}`} id={`match-${markIndex}`}>
          {segment.text}
        </mark>
      );
    });

  return (
    <article className="card" aria-labelledby="full-text-heading">
      <div className={styles.matchBar}>
        <h2 id="full-text-heading" className="subtle" style={{ fontWeight: 600 }}>
          Full text{paged ? ` · pages ${view.first}–${view.last} of ${formatNumber(view.totalPages)}` : ''}
        </h2>
        {q ? (
          <span data-testid="match-count">
            {matches === 0 ? (
              <>
                No matches for “{q}”{where || ' in the text'}
              </>
            ) : (
              <>
                {formatNumber(matches)} {matches === 1 ? 'match' : 'matches'} for “{q}”{where} ·{' '}
                <a href="#match-1" className="inline-link">
                  Go to first match
                </a>
              </>
            )}
          </span>
        ) : null}
      </div>
      {document.text.trim() === '' ? (
        <div className={styles.text} data-testid="document-text">
          <p className="muted">
            {document.failureReason
              ? `The text could not be extracted from this filing (${document.failureReason}). The file is listed below for the record; it is not served.`
              : 'This filing has no text.'}
          </p>
        </div>
      ) : (
        <div className={styles.text} data-testid="document-text">
          {highlighted.map((block) => (
            <section
              key={block.number ?? 0}
              className={styles.textPage}
              data-testid="text-page"
              data-page={block.number ?? 1}
              id={block.number ? `page-${block.number}` : undefined}
            >
              {block.number !== null && paged ? (
                <div className={styles.pageLabel}>
                  Page {block.number}
                  {primaryPdf ? (
                    <>
                      {' · '}
                      <a href={attachmentHref(document.id, primaryPdf.id, block.number)}>open in PDF</a>
                    </>
                  ) : null}
                </div>
              ) : null}
              {renderSegments(block.before, 'b')}
              {block.cited.length > 0 ? (
                <mark id="cited" className={styles.cited} data-testid="cited-passage">
                  {renderSegments(block.cited, 'c')}
                </mark>
              ) : null}
              {renderSegments(block.after, 'a')}
            </section>
          ))}
        </div>
      )}
      {paged ? <Pager documentId={document.id} view={view} q={q} from={from} /> : null}
    </article>
  );
}

function Pager({ documentId, view, q, from }: { documentId: string; view: PageView; q: string; from: string }) {
  const href = (page: number) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (page > 1) params.set('page', String(page));
    if (from) params.set('from', from);
    const query = params.toString();
    return `/documents/${encodeURIComponent(documentId)}${query ? `?${query}` : ''}`;
  };
  return (
    <nav className={styles.pager} aria-label="Pages of the text">
      {view.previous ? (
        <Link href={href(view.previous)} className="btn btn-sm" data-testid="pager-prev" rel="prev">
          ← Pages {view.previous}–{view.previous + PAGES_PER_VIEW - 1}
        </Link>
      ) : (
        <span />
      )}
      <span className="subtle">
        Pages {view.first}–{view.last} of {formatNumber(view.totalPages)}
      </span>
      {view.next ? (
        <Link href={href(view.next)} className="btn btn-sm" data-testid="pager-next" rel="next">
          Pages {view.next}–{Math.min(view.totalPages, view.next + PAGES_PER_VIEW - 1)} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

function Attachments({ document }: { document: DocketDocument }) {
  if (document.attachments.length === 0) return null;
  return (
    <section className="card" aria-labelledby="attachments-heading">
      <div className="card-header">
        <div>
          <h2 id="attachments-heading">Original files</h2>
          <p>As filed; PDFs, HTML and text open in the browser, other files download.</p>
        </div>
      </div>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">File</th>
              <th scope="col">Type</th>
              <th scope="col" className="num">
                Size
              </th>
              <th scope="col" className="num">
                Pages
              </th>
              <th scope="col">Open at page</th>
            </tr>
          </thead>
          <tbody>
            {document.attachments.map((a) => (
              <tr key={a.id} data-testid="attachment-row">
                <td>
                  {a.failureReason ? (
                    // Kept for the import's report only: a file nobody could read is never served.
                    <span className={styles.fileName}>{a.fileName || 'Unnamed file'}</span>
                  ) : (
                    <a
                      href={attachmentHref(document.id, a.id)}
                      data-testid="attachment-link"
                      className={styles.fileName}
                    >
                      {a.fileName || 'Unnamed file'}
                    </a>
                  )}
                  {a.primary ? (
                    <span className="badge" style={{ marginLeft: 8 }}>
                      Main
                    </span>
                  ) : null}
                  {a.failureReason ? (
                    <div className="field-error" data-testid="attachment-failure">
                      Could not be read: {a.failureReason}
                      {a.failureMessage ? ` — ${a.failureMessage}` : ''}
                    </div>
                  ) : null}
                </td>
                <td>{typeLabel(a.contentType)}</td>
                <td className="num">{formatBytes(a.size)}</td>
                <td className="num">{a.pageCount > 0 ? formatNumber(a.pageCount) : '—'}</td>
                <td>
                  {isPdf(a) && a.pageCount > 1 && !a.failureReason ? (
                    // A GET form: the route handler sends the browser to the PDF at #page=N.
                    <form
                      action={`/documents/${encodeURIComponent(document.id)}/attachment`}
                      method="get"
                      className={styles.pageForm}
                    >
                      <input type="hidden" name="attachment" value={a.id} />
                      <label className="visually-hidden" htmlFor={`page-${a.id}`}>
                        Page of {a.fileName}
                      </label>
                      <input
                        id={`page-${a.id}`}
                        name="page"
                        type="number"
                        min={1}
                        max={a.pageCount}
                        defaultValue={1}
                        className="input"
                      />
                      <button type="submit" className="btn btn-sm">
                        Open
                      </button>
                    </form>
                  ) : (
                    <span className="subtle">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** "Docket entry 12 of Acme v. Roe (1:20-cv-1)", linked to the docket's page. */
function EntryOfDocket({ detail, docketEntity }: { detail: DocumentDetail; docketEntity: EntityRef | undefined }) {
  const { document, docket } = detail;
  const entry = document.docketEntryNumber ? `Docket entry ${document.docketEntryNumber}` : 'Unnumbered docket entry';
  const name = docket?.title || docket?.numberRaw || document.docketNumber;
  const number = docket?.numberRaw || document.docketNumber;
  return (
    <p className={styles.entryOf} data-testid="docket-entry">
      <span className="badge badge-accent">{entry}</span> of{' '}
      {docketEntity ? (
        <Link href={`/entities/${encodeURIComponent(docketEntity.id)}`} data-testid="docket-entry-link">
          {name}
        </Link>
      ) : (
        name
      )}
      {name !== number ? <span className="mono subtle"> ({number})</span> : null}
    </p>
  );
}

function DocketCard({ detail, docketEntity }: { detail: DocumentDetail; docketEntity: EntityRef | undefined }) {
  const { docket, document } = detail;
  if (!docket && !document.docketNumber) return null;
  const number = docket?.number || document.docketNumber;
  return (
    <section className="card" aria-labelledby="docket-heading">
      <div className="card-header">
        <h2 id="docket-heading">Docket</h2>
      </div>
      <div className="card-body">
        <p>
          {docketEntity ? (
            <Link href={`/entities/${encodeURIComponent(docketEntity.id)}`} data-testid="docket-link" className="mono">
              {number}
            </Link>
          ) : (
            <span className="mono">{number}</span>
          )}
          {docket?.status ? (
            <span className="badge" style={{ marginLeft: 8 }}>
              {capitalise(docket.status)}
            </span>
          ) : null}
        </p>
        {docket?.title ? <p style={{ marginTop: 'var(--space-2)' }}>{docket.title}</p> : null}
        {docket ? (
          <p className="subtle" style={{ marginTop: 'var(--space-1)', fontSize: 'var(--font-size-sm)' }}>
            Opened {formatDate(docket.openedAt)}
            {docket.closedAt ? ` · closed ${formatDate(docket.closedAt)}` : ''} · {formatNumber(docket.documentCount)}{' '}
            filings
          </p>
        ) : null}
        {docket && docket.parties.length > 0 ? (
          <>
            <h3 className={styles.subheading}>Parties</h3>
            <ul className={styles.plainList} data-testid="parties">
              {docket.parties.map((p, i) => (
                <li key={i}>
                  {p.name} <span className="subtle">· {capitalise(p.role)}</span>
                  {p.representative || p.attorneys.length > 0 ? (
                    <div className="subtle">
                      represented by {p.representative || p.attorneys.map((a) => a.name).join(', ')}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  );
}

function Entities({ entities }: { entities: EntityRef[] }) {
  if (entities.length === 0) return null;
  const kinds = [...new Set(entities.map((e) => e.kind))].sort(
    (a, b) => Object.keys(ENTITY_KIND_LABELS).indexOf(a) - Object.keys(ENTITY_KIND_LABELS).indexOf(b),
  );
  return (
    <section className="card" aria-labelledby="entities-heading">
      <div className="card-header">
        <h2 id="entities-heading">Mentioned</h2>
      </div>
      <div className="card-body">
        {kinds.map((kind) => (
          <div key={kind} className={styles.entityGroup} data-testid="entity-group" data-kind={kind}>
            <h3 className={styles.subheading}>{ENTITY_KIND_LABELS[kind] ?? capitalise(kind)}</h3>
            <ul className={styles.plainList}>
              {entities
                .filter((e) => e.kind === kind)
                .sort((a, b) => b.count - a.count)
                .map((e) => (
                  <li key={e.id}>
                    <Link href={`/entities/${encodeURIComponent(e.id)}`} data-testid="entity-link">
                      {e.name}
                    </Link>{' '}
                    {e.count > 1 ? <span className="subtle">×{formatNumber(e.count)}</span> : null}
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

function isPdf(a: Attachment): boolean {
  return a.contentType.toLowerCase().startsWith('application/pdf');
}

function attachmentHref(documentId: string, attachmentId: string, page?: number): string {
  const params = new URLSearchParams({ attachment: attachmentId });
  if (page) params.set('page', String(page));
  return `/documents/${encodeURIComponent(documentId)}/attachment?${params.toString()}`;
}

const TYPE_LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'text/html': 'HTML',
  'text/plain': 'Text',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/msword': 'Word',
  'application/json': 'JSON',
};

function typeLabel(contentType: string): string {
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  return TYPE_LABELS[media] ?? (media || 'Unknown');
}
