import crypto from 'node:crypto';
import type { DeliveredDocument, DeliveryRecord, DeliverySection } from '../../domain/delivery';
import { DATA_PRODUCTS_HEADING, digestReleasesText, digestReleaseViews } from './digest-releases';
import type { AlertEmailView, EmailRenderer } from './email-renderer';

export const PRODUCT_NAME = 'Docket Research';
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';

/** A message ready for the mailer. */
export interface EmailContent {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Derived from the delivery key: a repeated send after a crash carries the same Message-ID. */
  messageId: string;
  headers: Record<string, string>;
}

export interface AlertEmailOptions {
  /** The app's public address, e.g. https://docket.example.com (no trailing slash). */
  appUrl: string;
  /** The domain of Message-IDs. */
  messageIdDomain: string;
  renderer: EmailRenderer;
  /** Signs the unsubscribe token for a message's alerts. */
  unsubscribeToken: (ownerUserId: string, alertIds: string[]) => string;
}

/** Builds the HTML and plain-text e-mail of a delivery (real-time, digest or test). */
export class AlertEmailBuilder {
  constructor(private readonly options: AlertEmailOptions) {}

  build(delivery: DeliveryRecord, sections: DeliverySection[] = delivery.sections): EmailContent {
    const { appUrl } = this.options;
    const alertIds = sections.map((s) => s.alertId);
    const token = this.options.unsubscribeToken(delivery.ownerUserId, alertIds);
    const unsubscribeUrl = `${appUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
    const oneClickUrl = `${appUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
    // A digest of data products only has no alert to stop: no unsubscribe link or header.
    const view = this.view(delivery, sections, alertIds.length > 0 ? unsubscribeUrl : '');
    return {
      to: delivery.ownerEmail,
      subject: view.subject,
      html: this.options.renderer.html(view),
      text: plainText(view, sections, appUrl),
      messageId: `<${messageIdOf(delivery.key)}@${this.options.messageIdDomain}>`,
      headers: {
        // RFC 8058 one-click: the mail client POSTs "List-Unsubscribe=One-Click" to this URL, no session.
        ...(alertIds.length > 0
          ? { 'List-Unsubscribe': `<${oneClickUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : {}),
        'X-Docket-Delivery': delivery.key,
      },
    };
  }

  private view(delivery: DeliveryRecord, sections: DeliverySection[], unsubscribeUrl: string): AlertEmailView {
    const { appUrl } = this.options;
    const total = sections.reduce((sum, s) => sum + s.total, 0);
    const first = sections[0];
    const firstDoc = first?.documents[0];
    const releases = digestReleaseViews(delivery.releases ?? [], appUrl);
    let subject: string;
    let heading: string;
    let intro: string;
    if (delivery.kind === 'realtime' && first && firstDoc) {
      subject = `${first.alertName}: ${firstDoc.title}`;
      heading = `New filing for “${first.alertName}”`;
      intro = `A new document matches your alert${firstDoc.sourceName ? ` (${firstDoc.sourceName})` : ''}.`;
    } else if (delivery.kind === 'test') {
      subject = `Test message for “${first?.alertName ?? 'your alert'}”`;
      heading = subject;
      intro =
        total > 0
          ? 'This is a test: it shows the latest documents this alert matched, as a real message would.'
          : 'This is a test: your alert has not matched anything yet; new matches will arrive like this.';
    } else {
      const cadence = digestCadenceOf(delivery.key);
      ({ subject, intro } = digestLines(cadence, total, sections.length, releases.length));
      heading = `Your ${cadence} digest`;
    }
    return {
      subject,
      preheader: intro,
      productName: PRODUCT_NAME,
      heading,
      intro,
      sections: sections.map((section) => sectionView(section, appUrl)),
      releasesHeading: releases.length > 0 ? DATA_PRODUCTS_HEADING : '',
      releases,
      manageUrl: `${appUrl}/alerts`,
      unsubscribeUrl,
      unsubscribeText:
        sections.length === 1
          ? `Stop e-mail for “${first?.alertName ?? ''}”`
          : `Stop e-mail for these ${sections.length} alerts`,
      footer:
        `You receive this because you ${sections.length > 0 ? 'set up alerts' : 'follow data products'} ` +
        `on ${PRODUCT_NAME} for ${delivery.ownerEmail}.`,
    };
  }
}

/** A digest's subject and intro: its alerts' new documents, and its data products' releases when it has any. */
function digestLines(
  cadence: string,
  total: number,
  alerts: number,
  releases: number,
): { subject: string; intro: string } {
  const documents = `${count(total, 'new document')} for ${count(alerts, 'alert')}`;
  const changed = count(releases, 'data product release');
  const matched =
    `${count(total, 'new document')} matched ${count(alerts, 'of your alerts', 'of your alerts')} ` +
    `since the last digest.`;
  if (releases === 0) return { subject: `Your ${cadence} digest: ${documents}`, intro: matched };
  if (alerts === 0)
    return { subject: `Your ${cadence} digest: ${changed}`, intro: `${changed} changed rows you follow.` };
  return { subject: `Your ${cadence} digest: ${documents}, ${changed}`, intro: `${matched} ${changed} changed rows.` };
}

function sectionView(section: DeliverySection, appUrl: string): AlertEmailView['sections'][number] {
  const alertUrl = `${appUrl}/alerts/${encodeURIComponent(section.alertId)}`;
  const docUrl = (id: string) => `${appUrl}/documents/${encodeURIComponent(id)}`;
  // Answer citations are numbered by the listed documents; a cited document not listed gets the next number.
  const numbers = new Map(section.documents.map((d, i) => [d.documentId, i + 1]));
  const answer = section.answer.map((sentence) => ({
    text: sentence.text,
    cites: sentence.documentIds.map((id) => {
      if (!numbers.has(id)) numbers.set(id, numbers.size + 1);
      return { n: numbers.get(id)!, url: docUrl(id) };
    }),
  }));
  const more = section.total - section.documents.length;
  return {
    alertName: section.alertName,
    alertUrl,
    countLine: section.total === 0 ? 'No documents yet' : count(section.total, 'new document'),
    question: section.question,
    answer,
    documents: section.documents.map((d) => ({
      ...(answer.length > 0 ? { n: numbers.get(d.documentId) } : {}),
      title: d.title || 'Untitled document',
      url: docUrl(d.documentId),
      meta: metaLine(d),
      snippetHtml: snippetHtml(d.snippet),
    })),
    moreText: more > 0 ? `and ${more} more` : '',
    moreUrl: alertUrl,
  };
}

function metaLine(d: DeliveredDocument): string {
  const filed = d.filedAt ? `filed ${new Date(d.filedAt).toISOString().slice(0, 10)}` : '';
  return [d.sourceName, d.docketNumber && `docket ${d.docketNumber}`, d.filingType, filed].filter(Boolean).join(' · ');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The snippet escaped, its matched words (between U+E000 and U+E001) in <strong>. */
export function snippetHtml(snippet: string): string {
  return escapeHtml(snippet).replaceAll(MARK_OPEN, '<strong>').replaceAll(MARK_CLOSE, '</strong>');
}

function plainSnippet(snippet: string): string {
  return snippet.replaceAll(MARK_OPEN, '').replaceAll(MARK_CLOSE, '');
}

function plainText(view: AlertEmailView, sections: DeliverySection[], appUrl: string): string {
  const lines = [view.productName, '', view.heading, view.intro, ''];
  sections.forEach((section, i) => {
    const sv = view.sections[i]!;
    lines.push(`== ${section.alertName} (${sv.countLine})`, sv.alertUrl, '');
    if (sv.answer.length > 0) {
      lines.push(
        section.question,
        sv.answer.map((a) => `${a.text}${a.cites.map((c) => ` [${c.n}]`).join('')}`).join(' '),
        '',
      );
    }
    section.documents.forEach((d, j) => {
      const dv = sv.documents[j]!;
      lines.push(
        `${dv.n ? `[${dv.n}] ` : '- '}${dv.title}`,
        `  ${dv.meta}`.trimEnd(),
        `  ${plainSnippet(d.snippet)}`,
        `  ${dv.url}`,
        '',
      );
    });
    if (sv.moreText) lines.push(`${sv.moreText}: ${sv.moreUrl}`, '');
  });
  lines.push(...digestReleasesText(view.releases));
  lines.push(
    `Manage your alerts: ${appUrl}/alerts`,
    ...(view.unsubscribeUrl ? [`${view.unsubscribeText}: ${view.unsubscribeUrl}`] : []),
    '',
    view.footer,
  );
  return lines.filter((line, i, all) => !(line === '' && all[i - 1] === '')).join('\n');
}

/** The left part of a delivery's Message-ID: the first 40 hex digits of the SHA-256 of its key. */
export function messageIdOf(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex').slice(0, 40);
}

function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** The cadence word of a digest key (digest:<user>:<cadence>:…). */
function digestCadenceOf(key: string): string {
  return key.split(':')[2] ?? 'daily';
}
