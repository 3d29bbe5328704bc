import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import mjml2html from 'mjml';

/** What the template shows (see templates/alert-email.mjml); built by alert-email.ts. */
export interface AlertEmailView {
  subject: string;
  preheader: string;
  productName: string;
  heading: string;
  intro: string;
  sections: Array<{
    alertName: string;
    alertUrl: string;
    countLine: string;
    question: string;
    answer: Array<{ text: string; cites: Array<{ n: number; url: string }> }>;
    documents: Array<{ n?: number; title: string; url: string; meta: string; snippetHtml: string }>;
    moreText: string;
    moreUrl: string;
  }>;
  manageUrl: string;
  unsubscribeUrl: string;
  unsubscribeText: string;
  footer: string;
}

/**
 * Compiles the MJML layout once (MJML is slow: tens of milliseconds a message) into responsive HTML
 * that still holds Handlebars placeholders, then fills it per message (microseconds), so a digest run
 * for thousands of users spends its time on data, not layout.
 */
export class EmailRenderer {
  private constructor(private readonly fill: Handlebars.TemplateDelegate<AlertEmailView>) {}

  static async create(): Promise<EmailRenderer> {
    const source = fs.readFileSync(path.join(__dirname, 'templates', 'alert-email.mjml'), 'utf8');
    const compiled = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
    if (compiled.errors.length > 0) throw new Error(`alert e-mail template: ${compiled.errors.map((e) => e.formattedMessage).join('; ')}`);
    return new EmailRenderer(Handlebars.compile<AlertEmailView>(compiled.html, { strict: false }));
  }

  html(view: AlertEmailView): string {
    return this.fill(view);
  }
}
