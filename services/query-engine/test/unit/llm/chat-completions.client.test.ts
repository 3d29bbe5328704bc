import { UnavailableError } from '@docket/errors';
import { ChatCompletionsClient, chatCompletionsUrl } from '../../../src/ask/llm';
import { completion, FakeChatServer } from './support/fake-chat-server';

describe('chatCompletionsUrl', () => {
  it('adds /v1/chat/completions, without doubling a version already in the base URL', () => {
    expect(chatCompletionsUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/v1/chat/completions');
    expect(chatCompletionsUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/v1/chat/completions');
    expect(chatCompletionsUrl('https://llm.example/openai/v1')).toBe('https://llm.example/openai/v1/chat/completions');
  });
});

describe('ChatCompletionsClient', () => {
  const server = new FakeChatServer();
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await server.start();
  });
  afterAll(() => server.stop());

  const messages = [
    { role: 'system' as const, content: 'Be brief.' },
    { role: 'user' as const, content: 'Say hello.' },
  ];

  it('posts the messages to /v1/chat/completions, returns the first choice and the model that answered', async () => {
    server.reply = () => ({ body: completion('Hello.', 'fake-llm-7b-q4') });
    const client = new ChatCompletionsClient({ baseUrl, model: 'fake-llm', apiKey: 'sk-test', timeoutMs: 5_000 });
    await expect(client.complete(messages)).resolves.toEqual({ content: 'Hello.', model: 'fake-llm-7b-q4' });
    const seen = server.requests.at(-1)!;
    expect(seen.path).toBe('/v1/chat/completions');
    expect(seen.headers.authorization).toBe('Bearer sk-test');
    expect(seen.body).toMatchObject({ model: 'fake-llm', messages, temperature: 0, stream: false });
  });

  it("names the endpoint, the status and the server's error message on an error status", async () => {
    server.reply = () => ({ status: 503, body: { error: { message: 'model is loading', type: 'server_error' } } });
    const client = new ChatCompletionsClient({ baseUrl, model: 'fake-llm', timeoutMs: 5_000 });
    const failure = client.complete(messages);
    await expect(failure).rejects.toBeInstanceOf(UnavailableError);
    await expect(failure).rejects.toThrow(
      `chat completions at ${baseUrl}/v1/chat/completions answered HTTP 503: model is loading`,
    );
  });

  it('rejects an answer that is not JSON or has no message content', async () => {
    const client = new ChatCompletionsClient({ baseUrl, model: 'fake-llm', timeoutMs: 5_000 });
    server.reply = () => ({ raw: '<html>gateway</html>' });
    await expect(client.complete(messages)).rejects.toThrow(
      /answered with something other than JSON: <html>gateway<\/html>/,
    );
    server.reply = () => ({ body: { choices: [] } });
    await expect(client.complete(messages)).rejects.toThrow(/answered without choices\[0\]\.message\.content/);
  });

  it('gives up after its timeout', async () => {
    server.reply = () => 'hang';
    const client = new ChatCompletionsClient({ baseUrl, model: 'fake-llm', timeoutMs: 300 });
    await expect(client.complete(messages)).rejects.toThrow(
      `chat completions at ${baseUrl}/v1/chat/completions did not answer within 300 ms`,
    );
  });

  it('says when nothing listens at the endpoint', async () => {
    const closed = new FakeChatServer();
    const closedUrl = await closed.start();
    await closed.stop();
    const client = new ChatCompletionsClient({ baseUrl: closedUrl, model: 'fake-llm', timeoutMs: 5_000 });
    await expect(client.complete(messages)).rejects.toThrow(
      `chat completions at ${closedUrl}/v1/chat/completions could not be reached (ECONNREFUSED)`,
    );
  });
});
