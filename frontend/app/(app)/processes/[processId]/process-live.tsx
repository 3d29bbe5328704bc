'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { LoaderIcon } from '@/components/icons';
import { ItemFailures } from '@/components/processes/item-failures';
import { StatusBadge, statusLabel } from '@/components/processes/status-badge';
import { useLiveProcess, type Connection } from '@/components/processes/use-live-process';
import { formatDateTime, formatNumber, percent } from '@/lib/format';
import { isFinalStatus, type Process } from '@/lib/types';
import styles from './process.module.css';

export function ProcessLive({
  processId,
  initial,
  appearUntil,
}: {
  processId: string;
  initial: Process | null;
  appearUntil: number | null;
}) {
  const { process, connection } = useLiveProcess(processId, initial);
  const router = useRouter();
  const known = process !== null;

  // A process that has not appeared by the end of its grace period never will: the server's answer
  // for it then is the not-found page.
  useEffect(() => {
    if (known || appearUntil === null) return;
    const timer = setTimeout(() => router.refresh(), Math.max(0, appearUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [known, appearUntil, router]);
  if (!process) {
    return (
      <section className="card mt-3" aria-labelledby="process-heading">
        <div className="card-header">
          <h1 id="process-heading" className={styles.heading}>
            Process
          </h1>
          {/* Not known yet: the stream's 404s are the wait, not a lost connection. */}
          <ConnectionState connection={connection === 'reconnecting' ? 'connecting' : connection} />
        </div>
        <div className="card-body">
          <p className={styles.waiting} role="status" data-testid="process-status" data-status="waiting">
            <LoaderIcon className={styles.spinner} />
            Waiting for the process to start…
          </p>
          <p className="subtle mt-3">
            Process ID <code>{processId}</code>
          </p>
        </div>
      </section>
    );
  }

  const determinate = process.total > 0;
  const pct = percent(process.done, process.total);
  const barClass =
    process.status === 'succeeded' ? styles.barSucceeded : process.status === 'failed' ? styles.barFailed : '';
  const showFull = process.status === 'succeeded' && !determinate;
  const indeterminate = !determinate && !isFinalStatus(process.status);

  return (
    <section className="card mt-3" aria-labelledby="process-heading">
      <div className="card-header">
        <div className={styles.headline}>
          <h1 id="process-heading" className={styles.heading}>
            {process.title || process.kind}
          </h1>
          <StatusBadge process={process} testId="process-status" />
        </div>
        <ConnectionState connection={connection} />
      </div>
      <div className="card-body">
        <p className="visually-hidden" aria-live="polite">
          Status: {statusLabel(process)}
        </p>
        <div className={styles.progressWrap}>
          <div className={styles.progressLabels}>
            <span className={styles.percent}>{determinate ? `${pct}%` : showFull ? '100%' : '—'}</span>
            <span className="muted" data-testid="process-counts">
              {determinate
                ? `${formatNumber(process.done)} of ${formatNumber(process.total)} done`
                : process.status === 'queued'
                  ? 'Waiting in the queue'
                  : process.status === 'running'
                    ? 'Counting the work…'
                    : `${formatNumber(process.done)} done`}
            </span>
          </div>
          <div
            className={styles.track}
            role="progressbar"
            aria-label={`Progress of ${process.title || process.kind}`}
            aria-valuemin={0}
            aria-valuemax={determinate ? process.total : 100}
            aria-valuenow={determinate ? process.done : showFull ? 100 : undefined}
            aria-valuetext={
              determinate ? `${formatNumber(process.done)} of ${formatNumber(process.total)} (${pct}%)` : undefined
            }
            data-testid="process-progress"
          >
            <div
              className={`${styles.bar} ${barClass} ${indeterminate ? styles.indeterminate : ''}`}
              style={determinate || showFull ? { width: `${showFull ? 100 : pct}%` } : undefined}
            />
          </div>
        </div>
        {process.message ? (
          <p className={styles.message} data-testid="process-message">
            {process.message}
          </p>
        ) : null}
        <ItemFailures process={process} />
        <dl className="meta-list">
          <dt>Kind</dt>
          <dd>{process.kind}</dd>
          <dt>Started</dt>
          <dd>{formatDateTime(process.createdAt)}</dd>
          <dt>Last update</dt>
          <dd>{formatDateTime(process.updatedAt)}</dd>
          <dt>Finished</dt>
          <dd>{process.finishedAt ? formatDateTime(process.finishedAt) : '—'}</dd>
          <dt>Process ID</dt>
          <dd>
            <code>{process.id}</code>
          </dd>
        </dl>
      </div>
    </section>
  );
}

function ConnectionState({ connection }: { connection: Connection }) {
  const label =
    connection === 'live'
      ? 'Live'
      : connection === 'connecting'
        ? 'Connecting…'
        : connection === 'reconnecting'
          ? 'Reconnecting…'
          : 'Finished';
  return (
    <span className={styles.live} data-testid="process-connection" data-connection={connection}>
      <span className={`${styles.dot} ${connection === 'live' ? styles.dotLive : ''}`} aria-hidden="true" />
      {label}
    </span>
  );
}
