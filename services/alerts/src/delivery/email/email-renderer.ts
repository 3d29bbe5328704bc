import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import type { DigestReleaseView } from './digest-releases';

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
  /** The daily digest's "Data products" section (empty: not shown). */
  releasesHeading: string;
  releases: DigestReleaseView[];
  manageUrl: string;
  /** '' when the message carries no alert to stop (a digest of data products only). */
  unsubscribeUrl: string;
  unsubscribeText: string;
  footer: string;
}

/**
 * An MJML layout of templates/, compiled ahead of time into responsive HTML that still holds
 * Handlebars placeholders (templates/<name>.html; see email-templates.build.ts), filled per message
 * (microseconds), so a digest run for thousands of users spends its time on data, not layout.
 */
export class MjmlTemplate<View> {
  private constructor(private readonly fill: Handlebars.TemplateDelegate<View>) {}

  /** templates/<name>.html, the compiled form of templates/<name>.mjml. */
  static load<View>(name: string): MjmlTemplate<View> {
    const html = fs.readFileSync(path.join(__dirname, 'templates', `${name}.html`), 'utf8');
    return new MjmlTemplate(Handlebars.compile<View>(html, { strict: false }));
  }

  html(view: View): string {
    return this.fill(view);
  }
}

/** The alerts' layout (real-time, digest, test). */
export class EmailRenderer {
  private constructor(private readonly template: MjmlTemplate<AlertEmailView>) {}

  static load(): EmailRenderer {
    return new EmailRenderer(MjmlTemplate.load<AlertEmailView>('alert-email'));
  }

  html(view: AlertEmailView): string {
    return this.template.html(view);
  }
}
