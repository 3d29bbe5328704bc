import type { AnalysisMode } from '@/lib/query-types';

const LABELS: Record<AnalysisMode, string> = { extractive: 'Extractive', generative: 'Generative' };

/**
 * The choice of answer mode, offered only when there is a choice: without a language model every
 * answer is extractive, and users are not shown a mode they cannot have.
 */
export function AnswerModeSelect({
  modes,
  value,
  onChange,
  disabled,
}: {
  modes: AnalysisMode[];
  value: '' | AnalysisMode;
  onChange: (mode: '' | AnalysisMode) => void;
  disabled: boolean;
}) {
  if (modes.length < 2) return null;
  return (
    <>
      <label className="visually-hidden" htmlFor="ask-mode">
        Answer mode
      </label>
      <select
        id="ask-mode"
        className="select"
        value={value}
        onChange={(e) => onChange(e.target.value as '' | AnalysisMode)}
        disabled={disabled}
        data-testid="ask-mode"
      >
        <option value="">Default mode</option>
        {modes.map((mode) => (
          <option key={mode} value={mode}>
            {LABELS[mode]}
          </option>
        ))}
      </select>
    </>
  );
}
