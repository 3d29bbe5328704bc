// The document page's text, a view of some pages at a time, with the query's words and a cited passage marked.
import Link from 'next/link';
import { splitAtCitedRange, type CitedRange } from '@/lib/cited-range';
import { PAGES_PER_VIEW, type PageView } from '@/lib/document-pages';
import { formatNumber } from '@/lib/format';
import { highlightSegments, queryTerms, type Segment } from '@/lib/highlight';
import type { Attachment, DocketDocument } from '@/lib/types';
import { attachmentHref } from './attachments';
import styles from './document.module.css';

export function FullText({
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
        <h2 id="full-text-heading" className={`subtle ${styles.fullTextHeading}`}>
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
              ? `The text could not be extracted from this filing (${document.failureReason}). ` +
                'The file is listed below for the record; it is not served.'
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

export function Pager({ documentId, view, q, from }: { documentId: string; view: PageView; q: string; from: string }) {
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
