import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailContent } from './alert-email';

/** Sends one e-mail; resolves once the SMTP server accepted it. */
export interface Mailer {
  send(email: EmailContent): Promise<void>;
  close(): void;
}

/** What an SMTP failure means for a retry: 5xx replies (bad recipient, refused) will not get better. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** nodemailer over SMTP_URL (smtp://user:pass@host:port, smtps://… for implicit TLS). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // A pool keeps a few connections open: digests send thousands of messages in a row.
    const url = new URL(smtpUrl);
    url.searchParams.set('pool', 'true');
    this.transport = nodemailer.createTransport(url.toString());
  }

  async send(email: EmailContent): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: email.to,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: email.messageId,
      headers: email.headers,
    });
  }

  close(): void {
    this.transport.close();
  }
}
