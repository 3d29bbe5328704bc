import Link from 'next/link';
import { formatDateTime, formatNumber, percent } from '@/lib/format';
import type { Process } from '@/lib/types';
import { StatusBadge } from './status-badge';

export function ProcessTable({ processes, caption }: { processes: Process[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="table" data-testid="process-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Process</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Progress
            </th>
            <th scope="col">Last update</th>
          </tr>
        </thead>
        <tbody>
          {processes.map((p) => (
            <tr key={p.id}>
              <td>
                <Link href={`/processes/${encodeURIComponent(p.id)}`}>{p.title || p.kind}</Link>
                <div className="subtle">{p.kind}</div>
              </td>
              <td>
                <StatusBadge process={p} />
              </td>
              <td className="num">
                {p.total > 0
                  ? `${formatNumber(p.done)} / ${formatNumber(p.total)} (${percent(p.done, p.total)}%)`
                  : '—'}
              </td>
              <td className="subtle">{formatDateTime(p.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
