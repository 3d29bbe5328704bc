import { formatNumber } from '@/lib/format';
import type { ChangeLog } from '@/lib/types';
import { columnLabel } from './cell-format';

const MOVES = [
  ['filled', 'newly stated'],
  ['cleared', 'no longer stated'],
  ['up', 'up'],
  ['down', 'down'],
  ['later', 'later'],
  ['earlier', 'earlier'],
  ['forward', 'forward'],
  ['back', 'back'],
] as const;

/** Per column: how many cells changed and which way (only the moves that happened). */
export function ColumnChanges({ changes }: { changes: ChangeLog['columns'] }) {
  return (
    <div className="table-wrap mt-3">
      <table className="table">
        <caption className="visually-hidden">Changes by column</caption>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col" className="num">
              Changed
            </th>
            <th scope="col">How</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.column}>
              <td>{columnLabel(change.column)}</td>
              <td className="num">{formatNumber(change.changed)}</td>
              <td>
                {MOVES.filter(([field]) => change[field] > 0)
                  .map(([field, words]) => `${formatNumber(change[field])} ${words}`)
                  .join(', ') || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
