import Link from 'next/link';
import { formatDate, formatNumber } from '@/lib/format';
import { highlightSegments } from '@/lib/highlight';
import type { EntityProfile } from '@/lib/types';
import styles from './entity.module.css';

const MAX_DOCUMENTS = 25;

/** The latest filings that mention the entity, each with an excerpt where its name and aliases are marked. */
export function EntityDocuments({ profile, aliases }: { profile: EntityProfile; aliases: string[] }) {
  const { entity } = profile;
  // The excerpt is plain text; the name and aliases are marked in it as whole phrases, longest first.
  const phrases = [...new Set([entity.name, ...aliases].map((n) => n.toLowerCase()).filter(Boolean))].sort(
    (a, b) => b.length - a.length,
  );
  const documents = profile.documents.slice(0, MAX_DOCUMENTS);
  return (
    <section className="card" aria-labelledby="documents-heading">
      <div className="card-header">
        <div>
          <h2 id="documents-heading">Documents</h2>
          <p>
            Filings that mention {entity.name}, newest first
            {profile.documents.length > documents.length
              ? ` (the latest ${documents.length} of ${formatNumber(entity.documentCount)})`
              : ''}
            .
          </p>
        </div>
      </div>
      {documents.length === 0 ? (
        <div className="card-body muted">No documents.</div>
      ) : (
        <ul className={styles.docs}>
          {documents.map((d) => (
            <li key={d.documentId} data-testid="entity-document">
              <Link href={`/documents/${encodeURIComponent(d.documentId)}`} className={styles.docTitle}>
                {d.title || 'Untitled filing'}
              </Link>
              <div className={styles.meta}>
                {[formatDate(d.filedAt), d.docketNumber ? `Docket ${d.docketNumber}` : '', d.sourceId]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
              {d.excerpt ? (
                <p className={styles.excerpt}>
                  {highlightSegments(d.excerpt, phrases).map((s, i) =>
                    s.match ? <mark key={i}>{s.text}</mark> : s.text,
                  )}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
