import Link from 'next/link';
import { citationHref, citationKey, citationPlace, citedPassages, numberCitations } from './citations';
import type { AnalysisSection, Citation, KeyFact } from './types';
import styles from './query.module.css';

const FACT_KINDS: Record<string, string> = { date: 'Date', deadline: 'Deadline', amount: 'Amount', percentage: 'Percentage', party: 'Party' };

export function CitationMarker({ n, citation, question }: { n: number; citation: Citation; question: string }) {
  return (
    <Link
      href={citationHref(citation, question)}
      prefetch={false}
      className={styles.cite}
      title={`${citationPlace(citation)}: “${citation.quote}”`}
      aria-label={`Source ${n}: ${citationPlace(citation)}`}
      data-testid="citation"
      data-document-id={citation.documentId}
    >
      {n}
    </Link>
  );
}

/**
 * The written answer: each section's sentences with their numbered citations, the key facts with
 * theirs, and the list of cited passages. `pending` shows that more sections are on their way.
 */
export function AnalysisView({
  sections,
  keyFacts,
  question,
  pending = false,
}: {
  sections: AnalysisSection[];
  keyFacts: KeyFact[];
  question: string;
  pending?: boolean;
}) {
  const numbers = numberCitations(sections, keyFacts);
  const passages = citedPassages(sections, keyFacts);
  const marker = (c: Citation) => <CitationMarker key={citationKey(c)} n={numbers.get(citationKey(c))!} citation={c} question={question} />;

  return (
    <div className={styles.analysis} data-testid="analysis-view">
      {sections.map((section, i) => (
        <section key={i} className={styles.section} data-testid="analysis-section">
          {section.heading ? <h3 className={styles.sectionHeading}>{section.heading}</h3> : null}
          <p className={styles.prose}>
            {section.sentences.map((sentence, j) => (
              <span key={j} className={styles.sentence} data-testid="analysis-sentence">
                {sentence.text}
                <sup className={styles.markers}>{sentence.citations.map(marker)}</sup>{' '}
              </span>
            ))}
          </p>
        </section>
      ))}
      {pending ? (
        <p className={styles.pending} role="status">
          <span className={styles.pulse} aria-hidden="true" /> Writing the next part…
        </p>
      ) : null}

      {keyFacts.length > 0 ? (
        <section className={styles.section} aria-labelledby="key-facts-heading">
          <h3 id="key-facts-heading" className={styles.sectionHeading}>
            Key facts
          </h3>
          <ul className={styles.facts} data-testid="key-facts">
            {keyFacts.map((fact, i) => (
              <li key={i} data-testid="key-fact" data-kind={fact.kind}>
                <span className={styles.factKind}>{FACT_KINDS[fact.kind] ?? fact.kind}</span>
                <span className={styles.factText}>
                  {fact.text}
                  {fact.citation ? <sup className={styles.markers}>{marker(fact.citation)}</sup> : null}
                </span>
                {fact.normalized && fact.normalized !== fact.text ? <span className={styles.factNormalized}>{fact.normalized}</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {passages.length > 0 ? (
        <section className={styles.sources} aria-labelledby="sources-heading">
          <h3 id="sources-heading" className={styles.sectionHeading}>
            Sources
          </h3>
          <ol className={styles.sourceList}>
            {passages.map(({ n, citation }) => (
              <li key={n} value={n} data-testid="source">
                <Link href={citationHref(citation, question)} prefetch={false}>{citationPlace(citation)}</Link>
                <q className={styles.quote}>{citation.quote}</q>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
