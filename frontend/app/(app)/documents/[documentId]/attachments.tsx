// The document page's original files: each attachment with its type, size and pages, opened or downloaded.
import { formatBytes, formatNumber } from '@/lib/format';
import type { Attachment, DocketDocument } from '@/lib/types';
import styles from './document.module.css';

export function Attachments({ document }: { document: DocketDocument }) {
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
                  {a.primary ? <span className={`badge ${styles.badgeAfter}`}>Main</span> : null}
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
export function isPdf(a: Attachment): boolean {
  return a.contentType.toLowerCase().startsWith('application/pdf');
}

export function attachmentHref(documentId: string, attachmentId: string, page?: number): string {
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

export function typeLabel(contentType: string): string {
  const media = contentType.split(';')[0]!.trim().toLowerCase();
  return TYPE_LABELS[media] ?? (media || 'Unknown');
}
