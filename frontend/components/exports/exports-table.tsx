import Link from 'next/link';
import { formatDateTime } from '@/lib/format';
import {
  downloadPath,
  exportPagePath,
  exportStatusClass,
  exportStatusLabel,
  formatLabel,
  progressLabel,
  sizeLabel,
  SUBJECT_LABELS,
} from './export-format';
import type { Export } from './export-types';
import styles from './exports.module.css';

/** Exports with their status, size and expiry; a ready one downloads, an expired one says when it went. */
export function ExportsTable({ exports, caption }: { exports: Export[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="table" data-testid="exports-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Export</th>
            <th scope="col">Format</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col">Started</th>
            <th scope="col">Available until</th>
            <th scope="col">
              <span className="visually-hidden">Download</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {exports.map((e) => (
            <tr key={e.id} data-testid="export-row" data-export-id={e.id} data-status={e.status}>
              <td className={styles.titleCell}>
                <span className="badge">{SUBJECT_LABELS[e.subject]}</span>{' '}
                <Link href={exportPagePath(e)}>{e.title || 'Export'}</Link>
                {e.status === 'running' || e.status === 'queued' ? (
                  <div className="subtle">{progressLabel(e.progress)}</div>
                ) : null}
                {e.status === 'failed' && e.error ? <div className="field-error">{e.error}</div> : null}
              </td>
              <td className={styles.nowrap}>{formatLabel(e.subject, e.format)}</td>
              <td>
                <span className={exportStatusClass(e.status)} data-testid="export-row-status">
                  {exportStatusLabel(e.status)}
                </span>
              </td>
              <td className={`num ${styles.nowrap}`}>{sizeLabel(e)}</td>
              <td className={styles.nowrap}>{formatDateTime(e.createdAt)}</td>
              <td className={styles.nowrap} data-testid="export-row-expiry">
                {e.status === 'expired' ? (
                  <span className="subtle">Expired {formatDateTime(e.expiresAt)}</span>
                ) : e.expiresAt ? (
                  formatDateTime(e.expiresAt)
                ) : (
                  '—'
                )}
              </td>
              <td>
                {e.status === 'succeeded' ? (
                  <a href={downloadPath(e.id)} className="btn btn-sm" data-testid="export-row-download">
                    Download
                  </a>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
