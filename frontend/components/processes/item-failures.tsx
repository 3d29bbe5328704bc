import { formatNumber } from '@/lib/format';
import type { Process } from '@/lib/types';
import styles from './item-failures.module.css';

/** The items a process could not handle (an import's files), each with its reason. */
export function ItemFailures({ process }: { process: Pick<Process, 'kind' | 'failed' | 'failures'> }) {
  if (process.failures.length === 0) return null;
  const more = process.failed - process.failures.length;
  return (
    <section aria-labelledby="failures-heading" data-testid="process-failures" className="mb-4">
      <h2 id="failures-heading" className={styles.heading}>
        {heading(process)}
      </h2>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Items that failed and why</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Reason</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {process.failures.map((f, i) => (
              <tr key={`${f.item}\n${i}`} data-testid="process-failure">
                <td className="mono wrap-anywhere">{f.item}</td>
                <td>{reasonLabel(f.reason)}</td>
                <td className="subtle">{f.message || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 ? <p className="subtle">…and {formatNumber(more)} more, not listed.</p> : null}
    </section>
  );
}

function heading(process: Pick<Process, 'kind' | 'failed'>): string {
  const n = process.failed;
  if (n === 0) return 'Problems';
  if (process.kind === 'import') return `${formatNumber(n)} ${n === 1 ? 'file' : 'files'} could not be imported`;
  return `${formatNumber(n)} ${n === 1 ? 'item' : 'items'} failed`;
}

/** unsupported_type → "Unsupported type". */
function reasonLabel(reason: string): string {
  const words = reason.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Failed';
}
