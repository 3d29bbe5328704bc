import type { ColumnDef, ColumnType } from './product-schema';

/**
 * How one column's values changed between two releases, over the rows present in both. The typed
 * counts say which way: amounts up or down, dates later or earlier, statuses forward or back, and
 * cells the filings newly state (filled) or no longer state (cleared).
 */
export interface ColumnChange {
  column: string;
  changed: number;
  filled: number;
  cleared: number;
  up: number;
  down: number;
  later: number;
  earlier: number;
  forward: number;
  back: number;
}

/** What changed from one release to the next, computed from the rows by key. */
export interface ChangeLog {
  added: number;
  removed: number;
  /** Rows present in both with at least one cell different. */
  changed: number;
  columns: ColumnChange[];
  columnsAdded: string[];
  columnsRemoved: string[];
  summary: string;
}

/** How a product names its rows and its columns in a change summary ("9 new proceedings"). */
export interface SummaryWording {
  row: { one: string; many: string };
  /** Column name → how its change reads ("hearing date"); the column name with spaces otherwise. */
  labels?: Record<string, string> | undefined;
}

/** Which typed counts a column of this type gets (the others stay 0). */
export function directionsOf(type: ColumnType): ('up' | 'later' | 'forward')[] {
  if (type === 'integer' || type === 'number' || type === 'money' || type === 'percent') return ['up'];
  if (type === 'date') return ['later'];
  if (type === 'status') return ['forward'];
  return [];
}

export function emptyColumnChange(column: string): ColumnChange {
  return { column, changed: 0, filled: 0, cleared: 0, up: 0, down: 0, later: 0, earlier: 0, forward: 0, back: 0 };
}

const plural = (n: number, wording: { one: string; many: string }): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? wording.one : wording.many}`;

/**
 * One line for a release's changes, largest first: "9 new proceedings, 4 authorized increase
 * stated, 3 hearing date moved later, 1 new column". Nothing in it is written by hand: every part
 * is a count of the change log.
 */
export function summariseChanges(
  log: Omit<ChangeLog, 'summary'>,
  columns: ColumnDef[],
  wording: SummaryWording,
  mostParts = 6,
): string {
  const parts: { n: number; text: string }[] = [];
  const rows = wording.row;
  if (log.added > 0)
    parts.push({ n: log.added, text: `${plural(log.added, { one: `new ${rows.one}`, many: `new ${rows.many}` })}` });
  if (log.removed > 0) parts.push({ n: log.removed, text: `${plural(log.removed, rows)} removed` });
  const typeOf = new Map(columns.map((column) => [column.name, column.type]));
  for (const change of log.columns) {
    const label = wording.labels?.[change.column] ?? change.column.replace(/_/gu, ' ');
    const type = typeOf.get(change.column) ?? 'text';
    const moves = [
      { n: change.filled, what: 'stated' },
      { n: change.cleared, what: 'no longer stated' },
      ...(type === 'date'
        ? [
            { n: change.later, what: 'moved later' },
            { n: change.earlier, what: 'moved earlier' },
          ]
        : []),
      ...(directionsOf(type).includes('up')
        ? [
            { n: change.up, what: 'up' },
            { n: change.down, what: 'down' },
          ]
        : []),
      ...(type === 'status'
        ? [
            { n: change.forward, what: 'moved forward' },
            { n: change.back, what: 'moved back' },
          ]
        : []),
    ];
    const typed = moves.reduce((sum, move) => sum + move.n, 0);
    for (const move of moves)
      if (move.n > 0) parts.push({ n: move.n, text: `${move.n.toLocaleString('en-US')} ${label} ${move.what}` });
    const other = change.changed - typed;
    if (other > 0) parts.push({ n: other, text: `${other.toLocaleString('en-US')} ${label} changed` });
  }
  // A schema change is always told; cell changes, the largest first (equal counts in schema order).
  const schemaParts: string[] = [];
  if (log.columnsAdded.length > 0)
    schemaParts.push(plural(log.columnsAdded.length, { one: 'new column', many: 'new columns' }));
  if (log.columnsRemoved.length > 0)
    schemaParts.push(`${plural(log.columnsRemoved.length, { one: 'column', many: 'columns' })} removed`);
  const told = parts
    .map((part, index) => ({ ...part, index }))
    .sort((a, b) => b.n - a.n || a.index - b.index)
    .slice(0, mostParts)
    .map((part) => part.text);
  const all = [...told, ...schemaParts];
  return all.length === 0 ? 'No changes' : all.join(', ');
}
