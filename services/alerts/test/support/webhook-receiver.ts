import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request as the receiver got it, and what the Standard Webhooks verifier made of it. */
export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  webhookId: string;
  body: string;
  /** The verified payload (parsed JSON); undefined when verification failed. */
  verified: unknown;
  verifyError?: string;
}

/** What to answer: an HTTP status, or 'hang' to never answer (the sender's timeout ends it). */
export type WebhookAnswer = number | 'hang';

/**
 * A real webhook receiver for tests: node http on 127.0.0.1 (a random port), verifying every
 * request with the standardwebhooks verifier and the secret registered for its path, answering
 * each path's scripted answers in turn and 200 after them.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly scripts = new Map<string, WebhookAnswer[]>();
  private readonly failing = new Set<string>();

  private constructor(
    private readonly server: http.Server,
    readonly port: number,
  ) {}

  static async start(): Promise<WebhookReceiver> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const receiver = new WebhookReceiver(server, (server.address() as AddressInfo).port);
    server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) =>
      receiver.handle(request, response),
    );
    return receiver;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** The secret (whsec_…) the endpoint at this path signs with. */
  useSecret(path: string, secret: string): void {
    this.secrets.set(path, secret);
  }

  /** The next requests to this path get these answers, in order; then 200. */
  script(path: string, answers: WebhookAnswer[]): void {
    this.scripts.set(path, [...answers]);
  }

  /** Every request to this path gets 500. */
  alwaysFail(path: string): void {
    this.failing.add(path);
  }

  at(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: http.IncomingMessage, response: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const body = Buffer.concat(chunks).toString('utf8');
      const entry: ReceivedWebhook = {
        path,
        headers: request.headers,
        webhookId: String(request.headers['webhook-id'] ?? ''),
        body,
        verified: undefined,
      };
      try {
        entry.verified = new Webhook(this.secrets.get(path) ?? '').verify(
          body,
          request.headers as Record<string, string>,
        );
      } catch (error) {
        entry.verifyError = (error as Error).message;
      }
      this.received.push(entry);
      const answer = this.failing.has(path) ? 500 : (this.scripts.get(path)?.shift() ?? 200);
      if (answer === 'hang') return;
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'no');
    });
  }
}
