'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { useLiveProcess } from '@/components/processes/use-live-process';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { formatBytes, formatDateTime, percent } from '@/lib/format';
import {
  exportStatusClass,
  exportStatusLabel,
  exportTargetPath,
  isExportActive,
  progressLabel,
  speedLabel,
} from './export-format';
import type { DownloadLink, Export } from './export-types';
import styles from './exports.module.css';

/** While an export runs its record is read again this often, besides at each live process update. */
const POLL_MS = 2000;

/**
 * An export's live progress (its process's updates over server-sent events, its own record for the
 * speed and time left), cancel while it runs, retry when it failed or was cancelled, and the download
 * once the file is ready; an expired one says so.
 */
export function ExportProgress({
  initial,
  initialDownload,
  showProcessLink = true,
}: {
  initial: Export;
  initialDownload: DownloadLink | null;
  showProcessLink?: boolean;
}) {
  const [current, setCurrent] = useState(initial);
  const [download, setDownload] = useState(initialDownload);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<'cancel' | 'retry' | null>(null);
  // A retried export runs again under the same process: follow it afresh (a new key restarts the stream).
  const [run, setRun] = useState(0);
  const active = isExportActive(current.status);

  const refresh = useCallback(async () => {
    try {
      const next = await unwrap(api.GET('/api/exports/{id}', { params: { path: { id: initial.id } } }));
      setCurrent(next.export);
      setDownload(next.download);
    } catch {
      // The next live update or poll tries again.
    }
  }, [initial.id]);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [active, refresh]);

  async function change(action: 'cancel' | 'retry') {
    setPending(action);
    setError(null);
    try {
      const path = { params: { path: { id: current.id } } };
      const { export: next } = await unwrap(
        action === 'cancel' ? api.POST('/api/exports/{id}/cancel', path) : api.POST('/api/exports/{id}/retry', path),
      );
      setCurrent(next);
      if (action === 'retry') {
        setDownload(null);
        setRun((n) => n + 1);
      }
    } catch (err) {
      setError(isApiError(err) ? err.message : 'That did not work; try again.');
    }
    setPending(null);
  }

  const done = current.status === 'succeeded';
  const stopped = current.status === 'failed' || current.status === 'cancelled';
  const { total } = current.progress;
  const pct = done ? 100 : percent(current.progress.done, total);

  return (
    <section
      className="card"
      aria-labelledby="export-heading"
      data-testid="export-progress"
      data-status={current.status}
      data-export-id={current.id}
    >
      <div className="card-header">
        <div className={styles.headline}>
          <h2 id="export-heading">{current.title || 'Export'}</h2>
          <span className={exportStatusClass(current.status)} data-testid="export-status" data-status={current.status}>
            {exportStatusLabel(current.status)}
          </span>
        </div>
        {active ? <LiveUpdates key={run} processId={current.processId} onUpdate={refresh} /> : null}
      </div>
      <div className="card-body">
        <p className="visually-hidden" aria-live="polite">
          Status: {exportStatusLabel(current.status)}
        </p>
        {current.status !== 'expired' ? (
          <>
            <div className={styles.progressLabels}>
              <span className={styles.percent}>{total > 0 || done ? `${pct}%` : '—'}</span>
              <span className="muted" data-testid="export-counts">
                {current.status === 'queued' && current.progress.done === 0
                  ? 'Waiting in the queue'
                  : progressLabel(current.progress)}
                {active && speedLabel(current.progress) ? ` · ${speedLabel(current.progress)}` : ''}
              </span>
            </div>
            <div
              className={styles.track}
              role="progressbar"
              aria-label={`Progress of ${current.title || 'the export'}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={total > 0 || done ? pct : undefined}
              data-testid="export-bar"
            >
              <div
                className={`${styles.bar} ${done ? styles.barDone : stopped ? styles.barStopped : ''}`}
                style={{ width: `${total > 0 || done ? pct : active ? 4 : 0}%` }}
              />
            </div>
          </>
        ) : null}

        {done && download ? (
          <div className={styles.download}>
            <div>
              <div className={styles.fileName} data-testid="export-file-name">
                {download.fileName}
              </div>
              <div className="subtle">
                {formatBytes(download.size)} · available until {formatDateTime(download.expiresAt)}
              </div>
            </div>
            <a
              className="btn btn-primary"
              href={download.url}
              download={download.fileName}
              data-testid="export-download"
            >
              Download
            </a>
          </div>
        ) : null}
        {current.status === 'expired' ? (
          <div className={`alert alert-info ${styles.notice}`} role="status" data-testid="export-expired">
            <p>
              This export expired on {formatDateTime(current.expiresAt)} and its file was removed.{' '}
              <Link href={exportTargetPath(current.workspaceId, current.requestId)}>Export it again</Link> for a fresh
              file.
            </p>
          </div>
        ) : null}
        {stopped ? (
          <div
            className={`alert ${current.status === 'failed' ? 'alert-error' : 'alert-warning'} ${styles.notice}`}
            role="status"
            data-testid="export-stopped"
          >
            <p>
              {current.status === 'failed' ? 'The export failed' : 'The export was cancelled'}
              {current.error ? `: ${current.error}` : '.'}
            </p>
          </div>
        ) : null}
        <FormError message={error} testId="export-action-error" />

        <div className={styles.actions}>
          {active ? (
            <button
              type="button"
              className="btn"
              disabled={pending !== null}
              onClick={() => void change('cancel')}
              data-testid="export-cancel"
            >
              {pending === 'cancel' ? 'Cancelling…' : 'Cancel'}
            </button>
          ) : null}
          {stopped ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={pending !== null}
              onClick={() => void change('retry')}
              data-testid="export-retry"
            >
              {pending === 'retry' ? 'Starting again…' : 'Retry'}
            </button>
          ) : null}
          {showProcessLink ? (
            <Link href={`/processes/${encodeURIComponent(current.processId)}`} className="subtle">
              Its process
            </Link>
          ) : null}
          <Link href="/exports" className="subtle">
            All your exports
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Follows the export's process live and asks for the export again at each of its updates. */
function LiveUpdates({ processId, onUpdate }: { processId: string; onUpdate: () => Promise<void> }) {
  const { process, connection } = useLiveProcess(processId, null);
  const stamp = process ? `${process.status}:${process.done}:${process.total}` : '';
  useEffect(() => {
    if (stamp) void onUpdate();
  }, [stamp, onUpdate]);
  return (
    <span className={styles.live} data-testid="export-connection" data-connection={connection}>
      {/* Not known yet: the stream's 404s are the wait for the worker, not a lost connection. */}
      {connection === 'live'
        ? 'Live'
        : connection === 'closed'
          ? 'Finished'
          : connection === 'reconnecting' && process
            ? 'Reconnecting…'
            : 'Connecting…'}
    </span>
  );
}
