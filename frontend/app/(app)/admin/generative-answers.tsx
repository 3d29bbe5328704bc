import { InfoIcon } from '@/components/icons';
import type { AnalysisMode } from '@/lib/query-types';

/**
 * Whether answers can be written by a language model, and, when they cannot, what an administrator
 * sets to allow it. Only here are configuration names shown: users are simply not offered the mode.
 */
export function GenerativeAnswers({ modes, defaultMode }: { modes: AnalysisMode[]; defaultMode: AnalysisMode }) {
  const on = modes.includes('generative');
  return (
    <section
      className="card"
      aria-labelledby="generative-heading"
      data-testid="generative-answers"
      data-state={on ? 'on' : 'off'}
    >
      <div className="card-header">
        <div>
          <h2 id="generative-heading">Generative answers</h2>
          <p>
            Answers written by a language model from the best passages, every sentence still checked against its
            citation.
          </p>
        </div>
        <span className={on ? 'badge badge-success' : 'badge'}>{on ? 'On' : 'Off'}</span>
      </div>
      <div className="card-body stack">
        {on ? (
          <p>
            Users may choose between extractive and generative answers; a question that names neither gets{' '}
            <strong>{defaultMode === 'generative' ? 'a generative' : 'an extractive'}</strong> answer.
          </p>
        ) : (
          <>
            <div className="alert alert-info" role="status">
              <InfoIcon />
              <p>
                Generative answers are off because no language model is configured. Every answer is extractive:
                sentences taken from the filings, each with its citation. Users are not offered a choice of mode.
              </p>
            </div>
            <p>To turn them on, set these on the query engine and restart it:</p>
            <dl className="meta-list">
              <dt>
                <code>LLM_BASE_URL</code>
              </dt>
              <dd>The address of an OpenAI-compatible chat completions service, e.g. https://llm.example.com/v1</dd>
              <dt>
                <code>LLM_MODEL</code>
              </dt>
              <dd>The model&apos;s name at that service</dd>
              <dt>
                <code>LLM_API_KEY</code>
              </dt>
              <dd>Its key, if the service needs one</dd>
              <dt>
                <code>DEFAULT_ANALYSIS_MODE</code>
              </dt>
              <dd>Optional: generative to make it the default (extractive otherwise)</dd>
            </dl>
          </>
        )}
      </div>
    </section>
  );
}
