import { InfoIcon } from '@/components/icons';
import type { AnalysisMode } from '@/lib/query-types';
import styles from './query.module.css';

/** Which mode wrote the answer: sentences picked from the filings, or a model's text with checked citations. */
export function ModeBadge({ mode, model }: { mode: AnalysisMode | null; model: string }) {
  if (!mode) return null;
  const label = mode === 'generative' ? `Generative${model ? ` · ${model}` : ''}` : 'Extractive';
  const title =
    mode === 'generative'
      ? 'Written by a language model; every sentence’s citation was checked against the retrieved passages'
      : 'Sentences selected from the filings themselves, each with the passage it comes from';
  return (
    <span
      className={`badge ${mode === 'generative' ? 'badge-warning' : 'badge-accent'} ${styles.modeBadge}`}
      title={title}
      data-testid="mode-badge"
      data-mode={mode}
    >
      {label}
    </span>
  );
}

/** The service's notice (no documents, model unavailable so it fell back, …) and dropped sentences. */
export function AnalysisNotice({ notice, droppedSentences }: { notice: string; droppedSentences: number }) {
  if (!notice && droppedSentences === 0) return null;
  const one = droppedSentences === 1;
  return (
    <div className="alert alert-info" role="status" data-testid="analysis-notice">
      <InfoIcon />
      <p>
        {notice}
        {notice && droppedSentences > 0 ? ' ' : ''}
        {droppedSentences > 0
          ? `${droppedSentences} ${one ? 'sentence was' : 'sentences were'} left out because ` +
            `${one ? 'its citation' : 'their citations'} did not match the retrieved passages.`
          : ''}
      </p>
    </div>
  );
}
