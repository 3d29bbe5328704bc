import Link from 'next/link';
import type { CellCitation } from '@/lib/types';
import styles from './cited-cell.module.css';

/** The filing's page at the cited sentence, highlighted there as an answer's citation is. */
function citedHref(citation: CellCitation): string {
  const id = encodeURIComponent(citation.documentId);
  return `/documents/${id}?page=${citation.page}&at=${citation.start}-${citation.end}#cited`;
}

/**
 * A cell read from the filings: its value links to the sentence it was read from, which shows on
 * hover or keyboard focus (the quote, the filing and its day). A cell without a citation is plain.
 */
export function CitedCell(props: { text: string; citation: CellCitation | undefined; alignEnd?: boolean }) {
  const { text, citation, alignEnd = false } = props;
  if (!citation || text === '') return <>{text}</>;
  const where = `${citation.documentTitle}${citation.filedAt ? `, filed ${citation.filedAt}` : ''}`;
  return (
    <span className={styles.cell}>
      <Link
        href={citedHref(citation)}
        prefetch={false}
        className={styles.value}
        aria-label={`${text}: read from ${where}`}
        data-testid="cited-cell"
        data-document-id={citation.documentId}
      >
        {text}
      </Link>
      <span className={`${styles.quote} ${alignEnd ? styles.end : ''}`} role="tooltip">
        <q>{citation.quote.replace(/\s+/gu, ' ').trim()}</q>
        <span className={styles.where}>{where}</span>
      </span>
    </span>
  );
}
