import type { DeliveryRecord, ExportSummary } from '../../domain/delivery';
import { messageIdOf, PRODUCT_NAME, type EmailContent } from './alert-email';
import type { MjmlTemplate } from './email-renderer';

/** What templates/export-email.mjml shows. */
export interface ExportEmailView {
  subject: string;
  preheader: string;
  productName: string;
  heading: string;
  intro: string;
  facts: Array<{ label: string; value: string }>;
  error: string;
  actionUrl: string;
  actionText: string;
  exportsUrl: string;
  footer: string;
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "3.0 MB", "12 KB" (binary units, as the export pages show them). */
export function humanSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 2 ** 20).toFixed(1)} MB`;
}

/** The export's own page (progress, download, retry): /export/workspace/{id}[/request/{id}]?export={id}. */
export function exportPagePath(summary: Pick<ExportSummary, 'exportId' | 'workspaceId' | 'requestId'>): string {
  const base = `/export/workspace/${encodeURIComponent(summary.workspaceId)}`;
  const page = summary.requestId ? `${base}/request/${encodeURIComponent(summary.requestId)}` : base;
  return `${page}?export=${encodeURIComponent(summary.exportId)}`;
}

/** The file's format as people name it, from its extension ("CSV", "XLSX"). */
export function formatOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toUpperCase() : '';
}

/**
 * The e-mail saying an export is ready (name, format, size, expiry, a link to its download page) or
 * that it failed (why, and a link to the page where it can be retried). Transactional: it goes to
 * whoever started the export, once per outcome, and has no unsubscribe link.
 */
export class ExportEmailBuilder {
  constructor(
    private readonly options: { appUrl: string; messageIdDomain: string; template: MjmlTemplate<ExportEmailView> },
  ) {}

  build(delivery: DeliveryRecord): EmailContent {
    const summary = delivery.export;
    if (!summary) throw new Error(`delivery ${delivery.key} is an export e-mail without its export`);
    const view = this.view(summary, delivery.ownerEmail);
    return {
      to: delivery.ownerEmail,
      subject: view.subject,
      html: this.options.template.html(view),
      text: plainText(view),
      messageId: `<${messageIdOf(delivery.key)}@${this.options.messageIdDomain}>`,
      headers: { 'X-Docket-Delivery': delivery.key },
    };
  }

  view(summary: ExportSummary, ownerEmail: string): ExportEmailView {
    const { appUrl } = this.options;
    const pageUrl = `${appUrl}${exportPagePath(summary)}`;
    const format = formatOf(summary.fileName);
    const common = {
      productName: PRODUCT_NAME,
      exportsUrl: `${appUrl}/exports`,
      footer: `You receive this because you started this export on ${PRODUCT_NAME} as ${ownerEmail}.`,
    };
    if (summary.succeeded) {
      const until = summary.expiresAt ? DATE.format(new Date(summary.expiresAt)) : '';
      const intro = `${summary.fileName} is ready to download${until ? ` until ${until}` : ''}.`;
      return {
        ...common,
        subject: `Export ready: ${summary.title}`,
        preheader: intro,
        heading: 'Your export is ready',
        intro,
        facts: [
          { label: 'Export', value: summary.title },
          { label: 'File', value: summary.fileName },
          ...(format ? [{ label: 'Format', value: format }] : []),
          { label: 'Size', value: humanSize(summary.size) },
          ...(until ? [{ label: 'Available until', value: `${until} (then it is deleted)` }] : []),
        ],
        error: '',
        actionUrl: pageUrl,
        actionText: 'Open the download page',
      };
    }
    const intro = 'The export stopped before its file was complete. You can retry it from its page.';
    return {
      ...common,
      subject: `Export failed: ${summary.title}`,
      preheader: intro,
      heading: 'Your export failed',
      intro,
      facts: [{ label: 'Export', value: summary.title }, ...(format ? [{ label: 'Format', value: format }] : [])],
      error: summary.error || 'No reason was given.',
      actionUrl: pageUrl,
      actionText: 'Retry the export',
    };
  }
}

function plainText(view: ExportEmailView): string {
  const lines = [view.productName, '', view.heading, view.intro, ''];
  for (const fact of view.facts) lines.push(`${fact.label}: ${fact.value}`);
  if (view.error) lines.push('', `Why: ${view.error}`);
  lines.push('', `${view.actionText}: ${view.actionUrl}`, `All your exports: ${view.exportsUrl}`, '', view.footer);
  return lines.join('\n');
}
