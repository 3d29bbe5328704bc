import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { compileMjmlInWorker } from './mjml-in-worker';

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
 * Compiles an MJML layout of templates/ once (MJML is slow: tens of milliseconds a message) into
 * responsive HTML that still holds Handlebars placeholders, then fills it per message (microseconds),
 * so a digest run for thousands of users spends its time on data, not layout.
 */
export class MjmlTemplate<View> {
  private constructor(private readonly fill: Handlebars.TemplateDelegate<View>) {}

  static async compile<View>(fileName: string): Promise<MjmlTemplate<View>> {
    const source = fs.readFileSync(path.join(__dirname, 'templates', fileName), 'utf8');
    const compiled = await compileMjmlInWorker(source, { validationLevel: 'strict', keepComments: false });
    if (compiled.errors.length > 0) throw new Error(`e-mail template ${fileName}: ${compiled.errors.join('; ')}`);
    return new MjmlTemplate(Handlebars.compile<View>(compiled.html, { strict: false }));
  }

  html(view: View): string {
    return this.fill(view);
  }
}

/** The alerts' layout (real-time, digest, test). */
export class EmailRenderer {
  private constructor(private readonly template: MjmlTemplate<AlertEmailView>) {}

  static async create(): Promise<EmailRenderer> {
    return new EmailRenderer(await MjmlTemplate.compile<AlertEmailView>('alert-email.mjml'));
  }

  html(view: AlertEmailView): string {
    return this.template.html(view);
  }
}
