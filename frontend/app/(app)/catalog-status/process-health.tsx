import { formatDateTime, formatNumber } from '@/lib/format';
import { partRows, stackSummary } from '@/lib/stack-status-view';
import type { StackStatus } from '@/lib/types';
import styles from './catalog-status.module.css';

const STATE = {
  up: { label: 'Up', className: 'badge badge-success' },
  restarting: { label: 'Restarting', className: 'badge badge-warning' },
  down: { label: 'Down', className: 'badge badge-danger' },
} as const;

/** The stack's processes as `npm start` supervises them: what restarted, when, how often, what is down now. */
export function ProcessHealth({ status, now }: { status: StackStatus | null; now: number }) {
  if (!status) {
    return (
      <section className="card" aria-labelledby="process-health" data-testid="process-health">
        <div className="card-body">
          <h2 id="process-health">Processes</h2>
          <p className="muted">
            Not reported here: process restarts are shown when the app runs under{' '}
            <span className="mono">npm start</span>; in Kubernetes, see the pods&apos; restart counts.
          </p>
        </div>
      </section>
    );
  }
  const summary = stackSummary(status);
  const window = `${Math.round(status.policy.windowMs / 60_000)} min`;
  return (
    <section className="card" aria-labelledby="process-health" data-testid="process-health">
      <div className="card-body">
        <div className={styles.processHead}>
          <div>
            <h2 id="process-health">Processes</h2>
            <p className="subtle">
              Supervised by <span className="mono">{status.supervisor}</span> since {formatDateTime(status.startedAt)}:
              a part that crashes is restarted after 1 s, 2 s, 4 s…; {status.policy.maxCrashes} crashes of one part
              within {window} stop the stack. Updated {formatDateTime(status.updatedAt)}.
            </p>
          </div>
          <div aria-label="Process summary" className={styles.processSummary}>
            <span className="badge badge-success">{formatNumber(summary.up)} up</span>
            {summary.restarting ? (
              <span className="badge badge-warning">{formatNumber(summary.restarting)} restarting</span>
            ) : null}
            {summary.down ? <span className="badge badge-danger">{formatNumber(summary.down)} down</span> : null}
            <span className="badge">
              {formatNumber(summary.restarts)} {summary.restarts === 1 ? 'restart' : 'restarts'}
            </span>
          </div>
        </div>
        <div className="table-wrap mt-3">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Part</th>
                <th scope="col">State</th>
                <th scope="col">Since</th>
                <th scope="col" className="num">
                  Restarts
                </th>
                <th scope="col" className="num">
                  Crashes, last {window}
                </th>
                <th scope="col">Last crash</th>
              </tr>
            </thead>
            <tbody>
              {partRows(status, now).map((part) => (
                <tr key={part.name} data-testid="process-row" data-part={part.name} data-state={part.state}>
                  <td>
                    <strong>{part.name}</strong> <span className="subtle">{part.kind}</span>
                  </td>
                  <td>
                    <span className={STATE[part.state].className}>{STATE[part.state].label}</span>
                    {part.nextRestartAt ? (
                      <span className="subtle"> next attempt {formatDateTime(part.nextRestartAt)}</span>
                    ) : null}
                  </td>
                  <td className="nowrap">{formatDateTime(part.since)}</td>
                  <td className="num">{formatNumber(part.restarts)}</td>
                  <td className="num">{formatNumber(part.recentCrashes)}</td>
                  <td>{part.lastCrash ? `${formatDateTime(part.lastCrash.at)}, ${part.lastCrash.cause}` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
