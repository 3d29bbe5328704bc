import type { DeliveryRecord } from '../../domain/delivery';
import { changeLogPath, releaseHeadline, type ReleaseNotice } from '../../domain/release-notice';
import { messageIdOf, PRODUCT_NAME, type EmailContent } from './alert-email';
import type { MjmlTemplate } from './email-renderer';

/** What templates/release-email.mjml shows. */
export interface ReleaseEmailView {
  subject: string;
  preheader: string;
  productName: string;
  heading: string;
  intro: string;
  facts: Array<{ label: string; value: string }>;
  error: string;
  actionUrl: string;
  actionText: string;
  manageUrl: string;
  footer: string;
}

/**
 * The e-mail telling a subscriber a data product has a new release: the one-line summary of what
 * changed (over their rows when the subscription has a filter), the counts, and a link to the change log.
 */
export class ReleaseEmailBuilder {
  constructor(
    private readonly options: { appUrl: string; messageIdDomain: string; template: MjmlTemplate<ReleaseEmailView> },
  ) {}

  build(delivery: DeliveryRecord): EmailContent {
    const notice = delivery.release;
    if (!notice) throw new Error(`delivery ${delivery.key} is a release e-mail without its release`);
    const view = this.view(notice, delivery.ownerEmail);
    return {
      to: delivery.ownerEmail,
      subject: view.subject,
      html: this.options.template.html(view),
      text: plainText(view),
      messageId: `<${messageIdOf(delivery.key)}@${this.options.messageIdDomain}>`,
      headers: { 'X-Docket-Delivery': delivery.key },
    };
  }

  view(notice: ReleaseNotice, ownerEmail: string): ReleaseEmailView {
    const { appUrl } = this.options;
    const { title, body } = releaseHeadline(notice);
    const log = notice.changeLog;
    return {
      subject: title,
      preheader: body,
      productName: PRODUCT_NAME,
      heading: `New release of ${notice.dataProductName}`,
      intro: body,
      facts: [
        ...(notice.version ? [{ label: 'Release', value: notice.version }] : []),
        ...(notice.filterText ? [{ label: 'Your rows', value: notice.filterText }] : []),
        { label: 'Rows added', value: log.added.toLocaleString('en-US') },
        { label: 'Rows removed', value: log.removed.toLocaleString('en-US') },
        { label: 'Rows changed', value: log.changed.toLocaleString('en-US') },
      ],
      error: '',
      actionUrl: `${appUrl}${changeLogPath(notice)}`,
      actionText: 'Open the change log',
      manageUrl: `${appUrl}/data-subscriptions`,
      footer:
        `You receive this because you subscribed to ${notice.dataProductName} on ${PRODUCT_NAME} ` +
        `as ${ownerEmail}.`,
    };
  }
}

function plainText(view: ReleaseEmailView): string {
  const lines = [view.productName, '', view.heading, view.intro, ''];
  for (const fact of view.facts) lines.push(`${fact.label}: ${fact.value}`);
  lines.push(
    '',
    `${view.actionText}: ${view.actionUrl}`,
    `Your data subscriptions: ${view.manageUrl}`,
    '',
    view.footer,
  );
  return lines.join('\n');
}
