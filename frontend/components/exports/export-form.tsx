'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { capitalise, formatBytes, formatNumber } from '@/lib/format';
import { exportPagePath, FORMAT_CHOICES, optionsFor } from './export-format';
import type { ExportEstimate, ExportFormat, ExportLimits, ExportSubject } from './export-types';
import styles from './exports.module.css';

const ESTIMATE_DELAY_MS = 250;

export function ExportForm({
  workspaceId,
  requestId,
  subject,
  limits,
  requests,
}: {
  workspaceId: string;
  requestId: string | null;
  subject: ExportSubject;
  limits: ExportLimits | null;
  /** A workspace's searches and questions, each a folder of the ZIP. */
  requests?: number;
}) {
  const router = useRouter();
  const choices = FORMAT_CHOICES[subject];
  const [format, setFormat] = useState<ExportFormat>(choices[0]!.format);
  const [includeFullText, setFullText] = useState(false);
  const [includeOriginalFiles, setOriginalFiles] = useState(false);
  const [estimate, setEstimate] = useState<ExportEstimate | null>(null);
  const [estimateError, setEstimateError] = useState<string | null>(null);
  // The estimate was refused (not allowed, no such request): starting would be refused the same way.
  const [refused, setRefused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [starting, setStarting] = useState(false);
  const allowed = optionsFor(subject, format);
  const body = {
    workspaceId,
    requestId,
    format,
    options: {
      includeFullText: allowed.fullText && includeFullText,
      includeOriginalFiles: allowed.originalFiles && includeOriginalFiles,
    },
  };
  const bodyKey = JSON.stringify(body);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      unwrap(api.POST('/api/exports/estimate', { body: JSON.parse(bodyKey) as typeof body, signal: controller.signal }))
        .then(({ estimate: next }) => {
          setEstimate(next);
          setEstimateError(null);
          setRefused(false);
        })
        .catch((err: unknown) => {
          if (controller.signal.aborted) return;
          const refusal = isApiError(err) && (err.status === 403 || err.status === 404);
          setRefused(refusal);
          setEstimateError(
            refusal
              ? `You cannot export this: ${err.message}.`
              : isApiError(err)
                ? sentence(err.message)
                : 'The expected size could not be worked out.',
          );
        });
    }, ESTIMATE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [bodyKey]); // the body, as a value: asked again only when a choice changes

  async function start() {
    setStarting(true);
    setError(null);
    setFieldErrors({});
    try {
      const { export: started } = await unwrap(api.POST('/api/exports', { body }));
      router.push(exportPagePath(started));
      router.refresh();
    } catch (err) {
      if (isApiError(err)) {
        setFieldErrors(err.fieldErrors());
        setError(err.status === 409 ? `You cannot start another export now: ${err.message}.` : sentence(err.message));
      } else {
        setError('The export could not be started; try again.');
      }
      setStarting(false);
    }
  }

  const permitted = (f: ExportFormat) => !estimate || estimate.formats.includes(f);
  const atLimit = limits !== null && limits.maxConcurrent > 0 && limits.running >= limits.maxConcurrent;

  return (
    <div className={styles.layout}>
      <section className="card" aria-labelledby="export-choices">
        <div className="card-header">
          <h2 id="export-choices">What to export</h2>
        </div>
        <div className="card-body stack">
          <fieldset className={styles.fieldset}>
            <legend className={styles.sectionHeading}>Format</legend>
            <div className={styles.formats} role="radiogroup" aria-label="Format" data-testid="export-formats">
              {choices.map((choice) => {
                const on = choice.format === format;
                const off = !permitted(choice.format);
                return (
                  <label
                    key={choice.format}
                    className={`${styles.formatCard} ${on ? styles.formatOn : ''} ${off ? styles.formatOff : ''}`}
                    data-testid={`export-format-${choice.format}`}
                    data-selected={on}
                  >
                    <input
                      type="radio"
                      name="format"
                      value={choice.format}
                      checked={on}
                      disabled={off}
                      onChange={() => setFormat(choice.format)}
                    />
                    <span className={styles.formatName}>{choice.label}</span>
                    <span className={styles.formatHint}>{choice.description}</span>
                  </label>
                );
              })}
            </div>
            <FieldError id="export-format-error" message={fieldErrors.format} />
          </fieldset>
          {allowed.fullText || allowed.originalFiles ? (
            <fieldset className={styles.fieldset}>
              <legend className={styles.sectionHeading}>Include</legend>
              <div className={styles.options}>
                {allowed.fullText ? (
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={includeFullText}
                      onChange={(e) => setFullText(e.target.checked)}
                      data-testid="export-full-text"
                    />
                    <span>
                      The full text of every document{' '}
                      <span className="subtle">(much larger; metadata, snippet and link are always there)</span>
                    </span>
                  </label>
                ) : null}
                {allowed.originalFiles ? (
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={includeOriginalFiles}
                      onChange={(e) => setOriginalFiles(e.target.checked)}
                      data-testid="export-original-files"
                    />
                    <span>The original files (PDF, Word…) of every document, in a files/ folder</span>
                  </label>
                ) : null}
              </div>
              <FieldError
                id="export-options-error"
                message={
                  fieldErrors['options.includeOriginalFiles'] ??
                  fieldErrors['options.includeFullText'] ??
                  fieldErrors.options
                }
              />
            </fieldset>
          ) : null}
        </div>
      </section>

      <aside className={`card ${styles.summary}`} aria-labelledby="export-summary">
        <div className="card-header">
          <h2 id="export-summary">Expected</h2>
        </div>
        <div className="card-body stack">
          {estimate ? (
            <div
              className={styles.figures}
              data-testid="export-estimate"
              data-rows={estimate.rows}
              data-bytes={estimate.estimatedBytes}
            >
              {/* A search's rows; a workspace's folders (its rows count every search's too); a question is
                  one analysis. */}
              {subject === 'search' ? (
                <div>
                  <div className={styles.figure}>{formatNumber(estimate.rows)}</div>
                  <div className={styles.figureLabel}>{estimate.rows === 1 ? 'row' : 'rows'}</div>
                </div>
              ) : subject === 'workspace' && requests !== undefined ? (
                <div>
                  <div className={styles.figure}>{formatNumber(requests)}</div>
                  <div className={styles.figureLabel}>
                    {requests === 1 ? 'search or question' : 'searches and questions'}
                  </div>
                </div>
              ) : null}
              <div>
                <div className={styles.figure}>~{formatBytes(estimate.estimatedBytes)}</div>
                <div className={styles.figureLabel}>expected size</div>
              </div>
              {estimate.files > 0 ? (
                <div>
                  <div className={styles.figure}>{formatNumber(estimate.files)}</div>
                  <div className={styles.figureLabel}>original files</div>
                </div>
              ) : null}
            </div>
          ) : estimateError ? null : (
            <p className="subtle" role="status">
              Working out the size…
            </p>
          )}
          {estimate?.truncated ? (
            <div className="alert alert-warning" role="status" data-testid="export-truncated">
              <p>
                {'The search matches more documents than an export holds: ' +
                  `the file stops at ${formatNumber(estimate.rows)} rows.`}
              </p>
            </div>
          ) : null}
          <FormError message={estimateError} testId="export-estimate-error" />
          {limits ? (
            <p className="subtle" data-testid="export-limits">
              {formatNumber(limits.running)} of {formatNumber(limits.maxConcurrent)} exports running ·{' '}
              {formatNumber(limits.stored)} of {formatNumber(limits.maxStored)} kept
            </p>
          ) : null}
          <FormError message={error} testId="export-error" />
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={starting || atLimit || refused}
            onClick={() => void start()}
            data-testid="export-start"
          >
            {starting ? 'Starting…' : 'Start the export'}
          </button>
          {atLimit ? (
            <p className="field-error" role="status">
              {formatNumber(limits!.maxConcurrent)} exports of yours are running already; start this one when one of
              them finishes.
            </p>
          ) : null}
          <p className="subtle">It runs in the background: you can leave this page and find it under Exports.</p>
        </div>
      </aside>
    </div>
  );
}

/** A service's message ("the export queue is not reachable; try again") as a sentence. */
function sentence(message: string): string {
  const text = capitalise(message.trim());
  return /[.!?]$/.test(text) ? text : `${text}.`;
}
