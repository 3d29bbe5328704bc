import { UnavailableError } from '@docket/errors';
import type { ChatMessage } from '../../domain/analysis';

export interface ChatCompletionsSettings {
  /** The server's base URL, with or without the trailing /v1 ("http://127.0.0.1:8080", "https://host/v1"). */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token when set. */
  apiKey?: string | undefined;
  /** The whole request, answer body included, must finish within this. */
  timeoutMs: number;
  /** Upper bound on the answer's length. */
  maxTokens?: number | undefined;
}

/** What the analysis needs of a chat model: one completion for a list of messages. */
export interface ChatModel {
  readonly model: string;
  /** Where it is reached, for messages. */
  readonly endpoint: string;
  complete(messages: ChatMessage[]): Promise<{ content: string; model: string }>;
}

/** The chat completions URL of a base URL: `/v1/chat/completions`, without doubling a /v1 already there. */
export function chatCompletionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return /\/v\d+$/.test(base) ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
}

/**
 * A client of an OpenAI-compatible `/v1/chat/completions` endpoint (OpenAI, vLLM, llama.cpp server,
 * Ollama, LM Studio...). Temperature 0: the answer should restate the passages, not vary. Every
 * failure — unreachable, timed out, an error status, an answer without text — is an
 * UnavailableError whose message names the endpoint and what went wrong.
 */
export class ChatCompletionsClient implements ChatModel {
  readonly model: string;
  readonly endpoint: string;

  constructor(
    private readonly settings: ChatCompletionsSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    if (!(settings.timeoutMs > 0)) throw new RangeError(`timeoutMs must be positive, got ${settings.timeoutMs}`);
    this.model = settings.model;
    this.endpoint = chatCompletionsUrl(settings.baseUrl);
  }

  async complete(messages: ChatMessage[]): Promise<{ content: string; model: string }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.settings.apiKey) headers.authorization = `Bearer ${this.settings.apiKey}`;
    const body = JSON.stringify({
      model: this.model,
      messages,
      temperature: 0,
      max_tokens: this.settings.maxTokens ?? 1024,
      stream: false,
    });
    const signal = AbortSignal.timeout(this.settings.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(this.endpoint, { method: 'POST', headers, body, signal });
      text = await response.text();
    } catch (error) {
      throw this.failure(error);
    }
    if (!response.ok) {
      throw new UnavailableError(
        `chat completions at ${this.endpoint} answered HTTP ${response.status}: ${errorMessageOf(text)}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new UnavailableError(
        `chat completions at ${this.endpoint} answered with something other than JSON: ${clip(text)}`,
      );
    }
    const content = contentOf(parsed);
    if (content === undefined) {
      throw new UnavailableError(
        `chat completions at ${this.endpoint} answered without choices[0].message.content: ${clip(text)}`,
      );
    }
    const model = (parsed as { model?: unknown }).model;
    return { content, model: typeof model === 'string' && model ? model : this.model };
  }

  private failure(error: unknown): UnavailableError {
    const name = (error as { name?: string } | undefined)?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      return new UnavailableError(
        `chat completions at ${this.endpoint} did not answer within ${this.settings.timeoutMs} ms`,
        { cause: error },
      );
    }
    const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
    const reason = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
    return new UnavailableError(`chat completions at ${this.endpoint} could not be reached (${reason})`, {
      cause: error,
    });
  }
}

function contentOf(parsed: unknown): string | undefined {
  const choices = (parsed as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices) || choices.length === 0) return undefined;
  const content = (choices[0] as { message?: { content?: unknown } } | null)?.message?.content;
  return typeof content === 'string' ? content : undefined;
}

/** The `error.message` of an OpenAI-style error body, else the body itself (clipped). */
function errorMessageOf(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } | string }).error;
    if (typeof message === 'string') return clip(message);
    if (message && typeof message.message === 'string') return clip(message.message);
  } catch {
    // not JSON: the body as it is
  }
  return clip(text) || '(empty body)';
}

function clip(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
