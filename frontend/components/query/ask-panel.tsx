'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LoaderIcon } from '@/components/icons';
import { FormError } from '@/components/ui/form-error';
import { RememberScroll } from '@/components/ui/remember-scroll';
import { isApiError } from '@/lib/api-error';
import { formatNumber } from '@/lib/format';
import type { AnalysisMode, AnalysisSection, Figures, Filters, Query, QueryDocument } from '@/lib/query-types';
import { AnalysisView } from './analysis-view';
import { AnswerModeSelect } from './answer-mode-select';
import { ANSWER_PARAM, answerHref, answerIdIsMalformed, answerIdOf } from './answer-url';
import { askQuestion, watchAnswer, type AskHandlers } from './ask-stream';
import { numberCitations } from './citations';
import { DocumentsView } from './documents-view';
import { FiguresView } from './figures-view';
import { FilterSummary, hasFilters } from './filter-summary';
import { AnalysisNotice, ModeBadge } from './mode-badge';
import { formatMs, refineHref } from './query-views';
import styles from './query.module.css';
import counter from './question-counter.module.css';
import { useHydrated } from './use-hydrated';

// 'opening': the address names an answer the page does not hold yet; its first event is awaited.
type Phase = 'idle' | 'opening' | 'asking' | 'retrieving' | 'writing' | 'figures' | 'done' | 'failed';

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

/** The answer as stored, shown the way it looked when it finished streaming. */
function answerOf(query: Query): Answer {
  return {
    question: query.question,
    queryId: query.queryId,
    requestId: query.requestId,
    documents: query.documents,
    sections: query.analysis.sections,
    figures: query.figures,
    query,
  };
}

/** The counter shows from this share of the limit on, so it is there before the limit is reached. */
const COUNTER_FROM = 0.9;

const EXAMPLES = [
  'What rate increase did the commission approve?',
  'Which deadlines were set for comments?',
  'Who intervened in the proceeding?',
];

/**
 * The question box and the answer as it streams in: documents first, then each section, then figures.
 * The answer's address (`?answer=<queryId>`) replaces the page's as soon as the answer starts; opened
 * at that address (reload, Back then Forward, a shared link), the panel shows the stored answer, or,
 * while it is still being written, what was written so far and then the rest as it comes. An address
 * naming no answer says so at once.
 */
export function AskPanel({
  workspaceId,
  defaultFilters,
  canAsk,
  initialQuestion,
  stored,
  questionLimit,
  agencyNames,
  modes,
  docket: refinedDocket = '',
}: {
  workspaceId: string;
  defaultFilters: Filters;
  canAsk: boolean;
  initialQuestion: string;
  /** The answer the page's address names, when it is stored. */
  stored: Query | null;
  /** The longest question the BFF takes (from its OpenAPI document). */
  questionLimit: number;
  /** Agency ids → names, for the workspace's filters. */
  agencyNames: Record<string, string>;
  /** The answer modes the service offers (generative only with a language model). */
  modes: AnalysisMode[];
  /** One docket to ask within (an answer's refinement, `?docket=`): asked at once, within the workspace's filters. */
  docket?: string;
}) {
  // Read in the browser: after Back or Forward the page may be the one rendered before the address
  // named the answer (or named another one), so the address decides which answer is shown.
  const named = useSearchParams().get(ANSWER_PARAM);
  const awaitedId = answerIdOf(named);
  const malformed = answerIdIsMalformed(named);
  const storedHere = stored && (!awaitedId || stored.queryId === awaitedId) ? stored : null;
  // A stored answer asked within one docket (a refinement) keeps saying so after it is shown again.
  const storedDocket =
    storedHere?.filters.dockets.length === 1 && !defaultFilters.dockets.includes(storedHere.filters.dockets[0] ?? '')
      ? (storedHere.filters.dockets[0] ?? '')
      : '';
  const [docket, setDocket] = useState(refinedDocket || storedDocket);
  const form = useRef<HTMLFormElement | null>(null);
  const [question, setQuestion] = useState(storedHere?.question ?? initialQuestion);
  const [mode, setMode] = useState<'' | AnalysisMode>('');
  const [phase, setPhase] = useState<Phase>(storedHere ? 'done' : awaitedId ? 'opening' : 'idle');
  const [answer, setAnswer] = useState<Answer | null>(storedHere ? answerOf(storedHere) : null);
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  // The address names no answer (never stored, or not one an answer could have).
  const [missing, setMissing] = useState(malformed && !storedHere);
  const controller = useRef<AbortController | null>(null);
  // The answers this panel holds or asked itself: their address needs no following.
  const own = useRef(new Set<string>(storedHere ? [storedHere.queryId] : []));
  const hydrated = useHydrated();
  const router = useRouter();
  const tooLong = question.length > questionLimit;

  useEffect(() => () => controller.current?.abort(), []);

  /**
   * Shows an answer as its events arrive: one asked here (`asked`: its question), or the one the
   * address names (`asked` null: resumed from its start, or shown whole once stored).
   */
  const follow = async (
    run: (handlers: AskHandlers, signal: AbortSignal) => Promise<void>,
    asked: string | null,
  ): Promise<void> => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setError(null);
    setMissing(false);
    setPhase(asked === null ? 'opening' : 'asking');
    setAnswer(
      asked === null
        ? null
        : {
            question: asked,
            queryId: null,
            requestId: null,
            documents: null,
            sections: [],
            figures: null,
            query: null,
          },
    );
    const update = (patch: Partial<Answer>) => setAnswer((prev) => (prev ? { ...prev, ...patch } : prev));
    let completed = false;
    let named = false;
    // A failed answer is never stored: its address would only say so. Back to the question instead.
    const unname = () => {
      if (named && asked !== null)
        window.history.replaceState(
          null,
          '',
          `/workspaces/${encodeURIComponent(workspaceId)}/query?q=${encodeURIComponent(asked)}`,
        );
    };
    try {
      await run(
        {
          started: ({ queryId, requestId, question: answered }) => {
            own.current.add(queryId);
            if (asked === null) {
              setAnswer({
                question: answered,
                queryId,
                requestId,
                documents: null,
                sections: [],
                figures: null,
                query: null,
              });
              setQuestion((typed) => typed || answered);
            } else {
              update({ queryId, requestId });
              // The answer's own address from now on (replacing, not adding, a history entry); Next's
              // router follows it.
              window.history.replaceState(null, '', answerHref(workspaceId, queryId));
              named = true;
            }
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
            update({
              query,
              documents: query.documents,
              sections: query.analysis.sections,
              figures: query.figures,
              queryId: query.queryId,
              requestId: query.requestId,
            });
            setPhase('done');
            // The page at the answer's address now renders it stored: what Back and reload come back to.
            router.refresh();
          },
        },
        current.signal,
      );
      if (current.signal.aborted || completed) return;
      unname();
      setPhase('failed');
      setError({
        message:
          asked === null
            ? 'This answer stopped before it was complete, so it was not saved. Ask the question again.'
            : 'The answer ended early. Try again.',
        field: null,
      });
    } catch (err) {
      if (current.signal.aborted) return;
      if (asked === null && isApiError(err) && (err.status === 404 || err.status === 400)) {
        setPhase('idle');
        setMissing(true);
        return;
      }
      unname();
      setPhase('failed');
      if (isApiError(err)) {
        const fields = err.fieldErrors();
        setError({ message: err.message, field: fields.question ?? null });
      } else {
        setError({ message: 'Something went wrong while answering. Try again.', field: null });
      }
    }
  };

  // The address names an answer this panel does not hold: follow it (still being written) or show it (stored).
  useEffect(() => {
    if (!awaitedId || own.current.has(awaitedId)) return;
    void follow((handlers, signal) => watchAnswer(awaitedId, handlers, signal), null);
    // follow() set it before its first wait.
    const mine = controller.current;
    return () => {
      // Only this following (not a question asked meanwhile).
      if (controller.current === mine) mine?.abort();
    };
  }, [awaitedId]); // once per answer the address names

  // A refinement is one click: arriving with a question and a docket asks it (once the form can submit).
  const askedOnArrival = useRef(false);
  useEffect(() => {
    if (askedOnArrival.current || !hydrated || !refinedDocket || !initialQuestion || stored || awaitedId) return;
    askedOnArrival.current = true;
    form.current?.requestSubmit();
  }, [hydrated, refinedDocket, initialQuestion, stored, awaitedId]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const asked = question.trim();
    if (!asked) {
      setError({ message: 'Type a question first.', field: 'Type a question first.' });
      return;
    }
    if (asked.length > questionLimit) {
      setError({ message: tooLongMessage(questionLimit), field: tooLongMessage(questionLimit) });
      return;
    }
    const body = {
      question: asked,
      ...(mode ? { mode } : {}),
      ...(docket ? { filters: { ...defaultFilters, dockets: [docket] } } : {}),
    };
    await follow((handlers, signal) => askQuestion(workspaceId, body, handlers, signal), asked);
  };

  const busy = phase === 'asking' || phase === 'retrieving' || phase === 'writing' || phase === 'figures';
  const query = answer?.query ?? null;
  const analysis = query?.analysis;
  const keyFacts = analysis?.keyFacts ?? [];
  const numbers = numberCitations(answer?.sections ?? [], keyFacts);
  const logBase = answer?.requestId
    ? `/workspaces/${encodeURIComponent(workspaceId)}/log/${encodeURIComponent(answer.requestId)}`
    : null;

  return (
    <div className="stack">
      <form ref={form} className={`card ${styles.askForm}`} onSubmit={submit} aria-label="Ask a question" noValidate>
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
            placeholder="e.g. What rate increase did the commission approve for Northern Plains Power?"
            disabled={!canAsk}
            aria-invalid={error?.field ? true : undefined}
            aria-describedby={`${error?.field ? 'ask-question-error' : 'ask-question-help'} ask-question-count`}
            data-testid="ask-question"
          />
          <QuestionCounter length={question.length} limit={questionLimit} />
          {error?.field ? (
            <p id="ask-question-error" className="field-error">
              {error.field}
            </p>
          ) : (
            <p id="ask-question-help" className={`subtle ${styles.askHelp}`}>
              Every sentence of the answer cites the passage it comes from. Enter asks; Shift+Enter adds a line.
            </p>
          )}
          <div className={styles.askActions}>
            <div className={styles.askScope}>
              {hasFilters(defaultFilters) ? (
                <FilterSummary filters={defaultFilters} label="Workspace filters" agencyNames={agencyNames} />
              ) : (
                <span className="subtle">Searching every filing (this workspace has no default filters)</span>
              )}
              {docket ? (
                <span className={styles.docketChip} data-testid="ask-docket">
                  Within docket {docket}
                  <button
                    type="button"
                    className={styles.docketChipClear}
                    onClick={() => setDocket('')}
                    aria-label={`Ask across every docket, not only ${docket}`}
                    disabled={busy}
                  >
                    ×
                  </button>
                </span>
              ) : null}
            </div>
            <div className={styles.askButtons}>
              <AnswerModeSelect modes={modes} value={mode} onChange={setMode} disabled={!canAsk} />
              <button
                type="submit"
                className="btn btn-primary"
                disabled={!canAsk || busy || !hydrated || tooLong}
                data-testid="ask-submit"
              >
                {busy ? 'Answering…' : 'Ask'}
              </button>
            </div>
          </div>
        </div>
      </form>

      {error && !error.field ? <FormError message={error.message} testId="ask-error" /> : null}

      {!answer && phase === 'opening' ? (
        <p className={styles.pending} role="status" data-testid="answer-pending">
          <LoaderIcon className={styles.spinner} /> Opening the answer…
        </p>
      ) : null}

      {missing && !answer ? <AnswerMissing workspaceId={workspaceId} /> : null}

      {!answer && !awaitedId && !missing ? (
        <div className={`card ${styles.askIntro}`}>
          <div className="card-body">
            <h2 className={styles.sectionHeading}>Ask about the filings in this workspace</h2>
            <p className="muted">
              The answer is built from the best-matching filings: an analysis whose every sentence cites its source, the
              documents it used, and figures.
            </p>
            <ul className={styles.examples}>
              {EXAMPLES.map((example) => (
                <li key={example}>
                  <button
                    type="button"
                    className={styles.exampleButton}
                    onClick={() => setQuestion(example)}
                    disabled={!canAsk}
                  >
                    {example}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      ) : null}

      {answer && phase !== 'failed' ? (
        <section
          aria-labelledby="answer-heading"
          className="stack"
          data-testid="answer"
          data-phase={phase}
          data-query-id={answer.queryId ?? undefined}
        >
          <RememberScroll ready={phase === 'done'} />
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
                    <span className={styles.pulse} aria-hidden="true" />{' '}
                    {answer.documents ? 'Reading the documents…' : 'Waiting for the documents…'}
                  </p>
                ) : (
                  <AnalysisView
                    sections={answer.sections}
                    keyFacts={keyFacts}
                    question={answer.question}
                    pending={phase === 'writing'}
                    scope={analysis?.scope}
                    refinements={analysis?.refinements}
                    refineHref={(other) => refineHref(workspaceId, answer.question, other)}
                  />
                )}
              </div>
            </article>
            <aside aria-label="Documents used" className={styles.answerAside}>
              <h3 className={styles.asideHeading}>
                Documents{answer.documents ? ` (${answer.documents.length})` : ''}
              </h3>
              {answer.documents ? (
                <DocumentsView
                  documents={answer.documents}
                  question={answer.question}
                  citationNumbers={numbers}
                  compact
                />
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
                  <Link href={`${logBase}/documents`} prefetch={false}>
                    documents
                  </Link>
                  {' · '}
                  <Link href={`${logBase}/figures`} prefetch={false}>
                    figures
                  </Link>
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

function tooLongMessage(limit: number): string {
  return `Questions are limited to ${formatNumber(limit)} characters: shorten it to ask.`;
}

/** Characters used, shown near the limit (and past it, which the Ask button then refuses). */
function QuestionCounter({ length, limit }: { length: number; limit: number }) {
  const near = length >= limit * COUNTER_FROM;
  const count = `${formatNumber(length)} of ${formatNumber(limit)} characters`;
  return (
    <p
      id="ask-question-count"
      className={`${counter.counter} ${length > limit ? counter.over : ''}`}
      aria-live="polite"
      data-testid="ask-question-count"
      hidden={!near}
    >
      {length > limit ? `${count}: ${formatNumber(length - limit)} too many to ask` : count}
    </p>
  );
}

/** The address names no answer: never stored (it stopped before it was complete), or a wrong link. */
function AnswerMissing({ workspaceId }: { workspaceId: string }) {
  return (
    <div className="alert alert-info" role="status" data-testid="answer-missing">
      <p>
        No saved answer has this address: it may have stopped before it was complete, or the link is wrong. Ask the
        question again, or look for it in the{' '}
        <Link href={`/workspaces/${encodeURIComponent(workspaceId)}/log`}>workspace log</Link>.
      </p>
    </div>
  );
}
