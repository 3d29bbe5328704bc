import type { AnalysisModeName } from '../../domain/analysis';

/** The answer modes users may choose from, and what a question that names none gets. */
export interface AnswerModes {
  modes: AnalysisModeName[];
  defaultMode: AnalysisModeName;
}

/**
 * Extractive answers need nothing outside; generative ones only exist with a language model. A
 * configured generative default without a model is answered extractively, so that is the default.
 */
export function answerModesOf(options: {
  generativeConfigured: boolean;
  configuredDefault: AnalysisModeName;
}): AnswerModes {
  if (!options.generativeConfigured) return { modes: ['extractive'], defaultMode: 'extractive' };
  return { modes: ['extractive', 'generative'], defaultMode: options.configuredDefault };
}
