import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequestSeen {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    temperature?: number;
    max_tokens?: number;
  };
}

/** How the fake answers one request: a status and a body, or no answer at all (to make the client time out). */
export type FakeReply = { status?: number; body: unknown } | { status?: number; raw: string } | 'hang';

/**
 * A local OpenAI-compatible chat completions server (node:http on port 0) whose replies the test
 * decides from the request it receives; every request is recorded.
 */
export class FakeChatServer {
  readonly requests: ChatRequestSeen[] = [];
  reply: (request: ChatRequestSeen) => FakeReply = () => ({ body: completion('') });
  private readonly server = http.createServer((req, res) => this.handle(req, res));
  private readonly hanging = new Set<http.ServerResponse>();

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => {
      const seen: ChatRequestSeen = { path: req.url ?? '', headers: req.headers, body: JSON.parse(data || '{}') };
      this.requests.push(seen);
      const reply = this.reply(seen);
      if (reply === 'hang') {
        this.hanging.add(res);
        return;
      }
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end('raw' in reply ? reply.raw : JSON.stringify(reply.body));
    });
  }
}

/** An OpenAI chat completion body with one choice. */
export function completion(content: string, model = 'fake-llm-7b'): unknown {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

/** The label ("P3") of the passage in the prompt that contains `text` (fails loudly when none does). */
export function labelOf(request: ChatRequestSeen, text: string): string {
  const prompt = request.body.messages.find((m) => m.role === 'user')?.content ?? '';
  for (const block of prompt.split(/\n\n(?=\[P\d+\] )/)) {
    const label = /^\[(P\d+)\] /.exec(block)?.[1];
    if (label && block.includes(text)) return label;
  }
  throw new Error(`no passage in the prompt contains ${JSON.stringify(text)}`);
}
