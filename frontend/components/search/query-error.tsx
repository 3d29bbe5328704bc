import { errorColumn } from './search-params';
import styles from './search.module.css';

/** A malformed query, or one past a cost limit: the message, and the query with a caret under the column it names. */
export function QueryError({ id, query, message }: { id: string; query: string; message: string }) {
  const column = errorColumn(message);
  const at = column !== null ? Math.min(Math.max(column - 1, 0), query.length) : null;
  return (
    <div
      id={id}
      className={`alert alert-error ${styles.queryError}`}
      role="alert"
      data-testid="query-error"
      data-column={column ?? undefined}
    >
      <div>
        <p>
          <strong>This query cannot be run:</strong> {message}
        </p>
        {at !== null && query ? (
          <pre className={styles.caretBlock} aria-hidden="true">
            {query}
            {'\n'}
            {' '.repeat(at)}^
          </pre>
        ) : null}
      </div>
    </div>
  );
}
