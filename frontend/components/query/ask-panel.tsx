'use client';

import Link from 'next/link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LoaderIcon } from '@/components/icons';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { AnalysisView } from './analysis-view';
import { askQuestion } from './ask-stream';
import { useHydrated } from './use-hydrated';
import { numberCitations } from './citations';
import { DocumentsView } from './documents-view';
import { FiguresView } from './figures-view';
import { FilterSummary, hasFilters } from './filter-summary';
import { AnalysisNotice, ModeBadge } from './mode-badge';
import { formatMs } from './query-views';
import type { AnalysisMode, AnalysisSection, Figures, Filters, Query, QueryDocument } from './types';
import styles from './query.module.css';

type Phase = 'idle' | 'asking' | 'retrieving' | 'writing' | 'figures' | 'done' | 'failed';

interface Answer {
  question: string;
  queryId: string | null;
  requestId: string | null;
  documents: QueryDocument[] | null;
  sections: AnalysisSection[];
  figures: Figures | null;
  query: Query | null;
}

const PHASE_LABELS: Partial<Record<Phase, string>> = {
  asking: 'Sending the question…',
  retrieving: 'Finding the filings that answer it…',
  writing: 'Writing the analysis…',
  figures: 'Drawing the figures…',
};

const EXAMPLES = ['What rate increase did the commission approve?', 'Which deadlines were set for comments?', 'Who intervened in the proceeding?'];

/** The question box and the answer as it streams in: documents first, then each section, then figures. */
export function AskPanel({
  workspaceId,
  defaultFilters,
  canAsk,
  initialQuestion,
}: {
  workspaceId: string;
  defaultFilters: Filters;
  canAsk: boolean;
  initialQuestion: string;
}) {
  const [question, setQuestion] = useState(initialQuestion);
  const [mode, setMode] = useState<'' | AnalysisMode>('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const controller = useRef<AbortController | null>(null);
  const hydrated = useHydrated();

  useEffect(() => () => controller.current?.abort(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = question.trim();
    if (!asked) {
      setError({ message: 'Type a question first.', field: 'Type a question first.' });
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setError(null);
    setPhase('asking');
    setAnswer({ question: asked, queryId: null, requestId: null, documents: null, sections: [], figures: null, query: null });
    const update = (patch: Partial<Answer>) => setAnswer((prev) => (prev ? { ...prev, ...patch } : prev));
    let completed = false;
    try {
      await askQuestion(
        workspaceId,
        { question: asked, ...(mode ? { mode } : {}) },
        {
          started: ({ queryId, requestId }) => {
            update({ queryId, requestId });
            setPhase('retrieving');
          },
          documents: (documents) => {
            update({ documents });
            setPhase('writing');
          },
          section: (section) => setAnswer((prev) => (prev ? { ...prev, sections: [...prev.sections, section] } : prev)),
          figures: (figures) => {
            update({ figures });
            setPhase('figures');
          },
          completed: (query) => {
            completed = true;
            update({ query, documents: query.documents, sections: query.analysis.sections, figures: query.figures, queryId: query.queryId, requestId: query.requestId });
            setPhase('done');
          },
        },
        current.signal,
      );
      if (current.signal.aborted || completed) return;
      setPhase('failed');
      setError({ message: 'The answer ended early. Try again.', field: null });
    } catch (err) {
      if (current.signal.aborted) return;
      setPhase('failed');
      if (isApiError(err)) {
        const fields = err.fieldErrors();
        setError({ message: err.message, field: fields.question ?? null });
      } else {
        setError({ message: 'Something went wrong while answering. Try again.', field: null });
      }
    }
  };

  const busy = phase === 'asking' || phase === 'retrieving' || phase === 'writing' || phase === 'figures';
  const query = answer?.query ?? null;
  const analysis = query?.analysis;
  const keyFacts = analysis?.keyFacts ?? [];
  const numbers = numberCitations(answer?.sections ?? [], keyFacts);
  const logBase = answer?.requestId ? `/workspaces/${encodeURIComponent(workspaceId)}/log/${encodeURIComponent(answer.requestId)}` : null;

  return (
    <div className="stack">
      <form className={`card ${styles.askForm}`} onSubmit={submit} aria-label="Ask a question" noValidate>
        <div className={`card-body ${styles.askBody}`}>
          <label className="label" htmlFor="ask-question">
            Your question
          </label>
          <textarea
            id="ask-question"
            className={`textarea ${styles.askInput}`}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            onKeyDown={(e) => {
              // Enter asks; Shift+Enter starts a new line.
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                e.currentTarget.form?.requestSubmit();
              }
            }}
            rows={2}
            maxLength={1000}
            placeholder="e.g. What rate increase did the commission approve for Northern Plains Power?"
            disabled={!canAsk}
            aria-invalid={error?.field ? true : undefined}
            aria-describedby={error?.field ? 'ask-question-error' : 'ask-question-help'}
            data-testid="ask-question"
          />
          {error?.field ? (
            <p id="ask-question-error" className="field-error">
              {error.field}
            </p>
          ) : (
            <p id="ask-question-help" className="subtle" style={{ fontSize: 'var(--font-size-sm)' }}>
              Every sentence of the answer cites the passage it comes from. Enter asks; Shift+Enter adds a line.
            </p>
          )}
          <div className={styles.askActions}>
            {hasFilters(defaultFilters) ? <FilterSummary filters={defaultFilters} label="Workspace filters" /> : <span className="subtle">Searching every filing (this workspace has no default filters)</span>}
            <div className={styles.askButtons}>
              <label className="visually-hidden" htmlFor="ask-mode">
                Answer mode
              </label>
              <select id="ask-mode" className="select" value={mode} onChange={(e) => setMode(e.target.value as '' | AnalysisMode)} disabled={!canAsk} data-testid="ask-mode">
                <option value="">Default mode</option>
                <option value="extractive">Extractive</option>
                <option value="generative">Generative</option>
              </select>
              <button type="submit" className="btn btn-primary" disabled={!canAsk || busy || !hydrated} data-testid="ask-submit">
                {busy ? 'Answering…' : 'Ask'}
              </button>
            </div>
          </div>
        </div>
      </form>

      {error && !error.field ? <FormError message={error.message} testId="ask-error" /> : null}

      {!answer ? (
        <div className={`card ${styles.askIntro}`}>
          <div className="card-body">
            <h2 className={styles.sectionHeading}>Ask about the filings in this workspace</h2>
            <p className="muted">The answer is built from the best-matching filings: an analysis whose every sentence cites its source, the documents it used, and figures.</p>
            <ul className={styles.examples}>
              {EXAMPLES.map((example) => (
                <li key={example}>
                  <button type="button" className={styles.exampleButton} onClick={() => setQuestion(example)} disabled={!canAsk}>
                    {example}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

      {answer && phase !== 'failed' ? (
        <section aria-labelledby="answer-heading" className="stack" data-testid="answer" data-phase={phase}>
          <div className={styles.answerHeader}>
            <h2 id="answer-heading" className={styles.answerQuestion}>
              {answer.question}
            </h2>
            <div className={styles.answerStatus} role="status" aria-live="polite" data-testid="answer-status">
              {busy ? (
                <>
                  <LoaderIcon className={styles.spinner} /> {PHASE_LABELS[phase]}
                </>
              ) : query ? (
                <>
                  <ModeBadge mode={query.analysis.mode ?? query.mode} model={query.analysis.model} />
                  <span className="subtle">Answered in {formatMs(query.timings.totalMs)}</span>
                </>
              ) : null}
            </div>
          </div>
          {analysis ? <AnalysisNotice notice={analysis.notice} droppedSentences={analysis.droppedSentences} /> : null}

          <div className={styles.answerGrid}>
            <article className="card" aria-label="Analysis">
              <div className="card-header">
                <h3 className={styles.sectionHeading}>Analysis</h3>
              </div>
              <div className="card-body">
                {answer.sections.length === 0 && !busy ? (
                  <p className="muted" data-testid="analysis-empty">
                    No passage of the matching filings answers this, so there is nothing to cite.
                  </p>
                ) : answer.sections.length === 0 ? (
                  <p className={styles.pending}>
                    <span className={styles.pulse} aria-hidden="true" /> {answer.documents ? 'Reading the documents…' : 'Waiting for the documents…'}
                  </p>
                ) : (
                  <AnalysisView sections={answer.sections} keyFacts={keyFacts} question={answer.question} pending={phase === 'writing'} />
                )}
              </div>
            </article>
            <aside aria-label="Documents used" className={styles.answerAside}>
              <h3 className={styles.asideHeading}>Documents{answer.documents ? ` (${answer.documents.length})` : ''}</h3>
              {answer.documents ? (
                <DocumentsView documents={answer.documents} question={answer.question} citationNumbers={numbers} compact />
              ) : (
                <p className={styles.pending}>
                  <span className={styles.pulse} aria-hidden="true" /> Finding documents…
                </p>
              )}
            </aside>
          </div>

          {answer.figures ? (
            <section aria-label="Figures" className="stack">
              <h3 className={styles.asideHeading}>Figures</h3>
              <FiguresView figures={answer.figures} question={answer.question} />
            </section>
          ) : null}

          {phase === 'done' && query ? (
            <p className={styles.saved} data-testid="answer-saved">
              Saved in the workspace log
              {logBase ? (
                <>
                  {' — '}
                  <Link href={`${logBase}/analysis`} prefetch={false} data-testid="answer-log-link">
                    analysis
                  </Link>
                  {' · '}
                  <Link href={`${logBase}/documents`} prefetch={false}>documents</Link>
                  {' · '}
                  <Link href={`${logBase}/figures`} prefetch={false}>figures</Link>
                </>
              ) : null}
              {' · '}
              <Link href={`/queries/${encodeURIComponent(query.queryId)}/analysis`} data-testid="answer-permalink">
                link to share with the workspace
              </Link>
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
