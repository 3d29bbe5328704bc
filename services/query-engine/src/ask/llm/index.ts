/**
 * The generative mode's outside call: an OpenAI-compatible chat completions client, its settings
 * from the environment, and the AnalysisWriter that uses it (and falls back to extractive).
 */
export {
  ChatCompletionsClient,
  chatCompletionsUrl,
  type ChatCompletionsSettings,
  type ChatModel,
} from './chat-completions.client';
export { llmEnv, llmSettingsOf, type LlmEnv } from './llm-config';
export { AnalysisWriter, WRITER_NOTICES, type AnalysisWriterOptions } from './analysis-writer';
export { answerModesOf, type AnswerModes } from './answer-modes';
