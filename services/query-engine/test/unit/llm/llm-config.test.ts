import { ConfigError, loadConfig, z } from '@docket/config';
import { llmEnv, llmSettingsOf } from '../../../src/ask/llm';

describe('llm settings', () => {
  const schema = z.object(llmEnv);

  it('turns the generative mode on only with both LLM_BASE_URL and LLM_MODEL', () => {
    expect(llmSettingsOf(loadConfig(schema, {}))).toBeUndefined();
    expect(
      llmSettingsOf(
        loadConfig(schema, {
          LLM_BASE_URL: 'http://127.0.0.1:8080/v1',
          LLM_MODEL: 'llama-3.1-8b',
          LLM_TIMEOUT_MS: '15000',
        }),
      ),
    ).toEqual({
      baseUrl: 'http://127.0.0.1:8080/v1',
      model: 'llama-3.1-8b',
      apiKey: undefined,
      timeoutMs: 15_000,
    });
  });

  it('names the missing half and a malformed URL', () => {
    expect(() => llmSettingsOf(loadConfig(schema, { LLM_BASE_URL: 'http://127.0.0.1:8080' }))).toThrow(
      new ConfigError(['LLM_MODEL: required when LLM_BASE_URL is set']),
    );
    expect(() => llmSettingsOf(loadConfig(schema, { LLM_MODEL: 'x' }))).toThrow(
      /LLM_BASE_URL: required when LLM_MODEL is set/,
    );
    expect(() => loadConfig(schema, { LLM_BASE_URL: 'ftp://host', LLM_MODEL: 'x' })).toThrow(
      /LLM_BASE_URL: must be an http\(s\) URL/,
    );
  });
});
