import { ConfigError, z } from '@docket/config';
import type { ChatCompletionsSettings } from './chat-completions.client';

/**
 * Env vars of the generative mode; spread into the service's config schema.
 * Both LLM_BASE_URL and LLM_MODEL turn it on.
 */
export const llmEnv = {
  LLM_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
};

export interface LlmEnv {
  LLM_BASE_URL?: string | undefined;
  LLM_MODEL?: string | undefined;
  LLM_API_KEY?: string | undefined;
  LLM_TIMEOUT_MS: number;
}

/**
 * The chat model's settings, or undefined when the generative mode is not configured. One of
 * LLM_BASE_URL and LLM_MODEL without the other is a mistake, reported as a ConfigError.
 */
export function llmSettingsOf(config: LlmEnv): ChatCompletionsSettings | undefined {
  const { LLM_BASE_URL: baseUrl, LLM_MODEL: model } = config;
  if (!baseUrl && !model) return undefined;
  if (!baseUrl) throw new ConfigError(['LLM_BASE_URL: required when LLM_MODEL is set']);
  if (!model) throw new ConfigError(['LLM_MODEL: required when LLM_BASE_URL is set']);
  return { baseUrl, model, apiKey: config.LLM_API_KEY, timeoutMs: config.LLM_TIMEOUT_MS };
}
