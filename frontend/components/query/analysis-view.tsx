import Link from 'next/link';
import type { AnalysisSection, AnswerScope, Citation, KeyFact, ScopeRefinement } from '@/lib/query-types';
import { citationHref, citationKey, citationPlace, citedPassages, numberCitations } from './citations';
import styles from './query.module.css';

const FACT_KINDS: Record<string, string> = {
  date: 'Date',
  deadline: 'Deadline',
  amount: 'Amount',
  percentage: 'Percentage',
  party: 'Party',
  outcome: 'Outcome',
};

/** "Ameren Illinois · Application, filed 2024-01-12": for whom the fact is, and which filing states it. */
function factSource(fact: KeyFact): string {
  const filing = [fact.filingCategory, fact.filedAt ? `filed ${fact.filedAt}` : ''].filter(Boolean).join(', ');
  return [fact.subject, filing].filter(Boolean).join(' · ');
}

/**
 * What the answer is about, first: the proceeding (or comparison) and, when the question could
 * have meant other proceedings, one link each to ask it again within one of them.
 */
export function AnswerScopeLine({
  scope,
  refinements,
  refineHref,
}: {
  scope: AnswerScope;
  refinements: ScopeRefinement[];
  refineHref?: ((docketNumber: string) => string) | undefined;
}) {
  if (!scope.statement && refinements.length === 0) return null;
  return (
    <div className={styles.scope} data-testid="answer-scope" data-docket={scope.docketNumber}>
      {scope.statement ? <p className={styles.scopeStatement}>{scope.statement}</p> : null}
      {refinements.length > 0 && refineHref ? (
        <p className={styles.refinements}>
          <span className={styles.refinementsLabel}>
            {scope.kind === 'proceeding' ? 'Did you mean another proceeding?' : 'Narrow to one proceeding:'}
          </span>
          {refinements.map((r) => (
            <Link
              key={`${r.sourceId}|${r.docketNumber}`}
              href={refineHref(r.docketNumber)}
              className={styles.refinement}
              data-testid="scope-refinement"
              title={r.title || undefined}
            >
              Docket {r.docketNumber}
              {r.title ? <span className={styles.refinementTitle}> — {r.title}</span> : null}
              {refinementWhen(r) ? <span className={styles.refinementTitle}>{refinementWhen(r)}</span> : null}
            </Link>
          ))}
        </p>
      ) : null}
    </div>
  );
}

/** " (filed 2023-05-01 to 2024-01-20, decided)": when the other proceeding ran and whether it is decided. */
function refinementWhen(r: ScopeRefinement): string {
  const span =
    r.firstFiled && r.lastFiled && r.firstFiled !== r.lastFiled
      ? `filed ${r.firstFiled} to ${r.lastFiled}`
      : r.firstFiled
        ? `filed ${r.firstFiled}`
        : '';
  const parts = [span, r.status].filter(Boolean);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

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
  scope,
  refinements = [],
  refineHref,
}: {
  sections: AnalysisSection[];
  keyFacts: KeyFact[];
  question: string;
  pending?: boolean;
  scope?: AnswerScope | undefined;
  refinements?: ScopeRefinement[] | undefined;
  /** Where asking the same question within another proceeding goes (none: refinements are not offered). */
  refineHref?: ((docketNumber: string) => string) | undefined;
}) {
  const numbers = numberCitations(sections, keyFacts);
  const passages = citedPassages(sections, keyFacts);
  const marker = (c: Citation) => (
    <CitationMarker key={citationKey(c)} n={numbers.get(citationKey(c))!} citation={c} question={question} />
  );

  return (
    <div className={styles.analysis} data-testid="analysis-view">
      {scope ? <AnswerScopeLine scope={scope} refinements={refinements} refineHref={refineHref} /> : null}
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
              <li
                key={i}
                data-testid="key-fact"
                data-kind={fact.kind}
                data-slot={fact.slot}
                data-status={fact.status}
                data-normalized={fact.normalized}
                className={fact.status === 'superseded' ? styles.superseded : undefined}
              >
                <span className={styles.factKind}>
                  {fact.label || FACT_KINDS[fact.kind] || fact.kind}
                  {fact.status === 'superseded' ? <span className={styles.factStatus}> · superseded</span> : null}
                  {fact.status === 'current' ? <span className={styles.factStatus}> · current</span> : null}
                </span>
                <span className={styles.factText}>
                  {fact.kind === 'outcome' ? fact.text.charAt(0).toUpperCase() + fact.text.slice(1) : fact.text}
                  {fact.citation ? <sup className={styles.markers}>{marker(fact.citation)}</sup> : null}
                </span>
                {factSource(fact) ? <span className={styles.factSource}>{factSource(fact)}</span> : null}
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
                <Link href={citationHref(citation, question)} prefetch={false}>
                  {citationPlace(citation)}
                </Link>
                <q className={styles.quote}>{citation.quote}</q>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
