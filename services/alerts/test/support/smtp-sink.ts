import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, parsed. */
export interface ReceivedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  /** Lower-cased header name → value as text. */
  headers: Map<string, string>;
  /** The delivery key (X-Docket-Delivery). */
  deliveryKey: string;
  /** When the server accepted it (ms since the epoch). */
  receivedAt: number;
}

/**
 * A real SMTP server on a random loopback port that keeps what it accepted: tests send through
 * nodemailer to `url` and read `messages`.
 */
export class SmtpSink {
  private constructor(
    private readonly server: SMTPServer,
    readonly url: string,
    readonly messages: ReceivedMail[],
  ) {}

  /** `acceptDelayMs`: how long the server takes over each message (a slow relay widens the window a crash can hit). */
  static async start(options: { acceptDelayMs?: number } = {}): Promise<SmtpSink> {
    const received: ReceivedMail[] = [];
    const delay = options.acceptDelayMs ?? 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            const accept = () => {
              received.push(toReceived(mail));
              callback();
            };
            if (delay > 0) setTimeout(accept, delay);
            else accept();
          },
          (error: Error) => callback(error),
        );
      },
    });
    // A client that vanishes mid-session (a sender killed by a crash test) is expected, not a failure.
    server.on('error', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    return new SmtpSink(server, `smtp://127.0.0.1:${port}`, received);
  }

  /** Messages of one delivery key (a repeat after a crash shows as two). */
  byKey(key: string): ReceivedMail[] {
    return this.messages.filter((m) => m.deliveryKey === key);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function toReceived(mail: ParsedMail): ReceivedMail {
  const headers = new Map<string, string>();
  for (const line of mail.headerLines) {
    const colon = line.line.indexOf(':');
    headers.set(line.key.toLowerCase(), line.line.slice(colon + 1).trim());
  }
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
  return {
    to,
    subject: mail.subject ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    text: mail.text ?? '',
    messageId: mail.messageId ?? '',
    headers,
    deliveryKey: headers.get('x-docket-delivery') ?? '',
    receivedAt: Date.now(),
  };
}
