import type { DeliveryRecord, DeliverySection } from '../domain/delivery';
import {
  PermanentDeliveryError,
  type AlertSource,
  type NotificationSink,
  type WebhookSender,
} from '../domain/delivery-ports';
import { releaseWebhookData } from '../domain/release-notice';
import { alertWebhookData } from '../webhooks';
import type { AlertEmailBuilder, EmailContent } from './email/alert-email';
import type { ExportEmailBuilder } from './email/export-email';
import { isPermanentSmtpError, type Mailer } from './email/mailer';
import type { ReleaseEmailBuilder } from './email/release-email';

const MARKERS = /[\uE000\uE001]/gu;

/**
 * Sends one recorded delivery on its channel;
 * throws RetryableDeliveryError / PermanentDeliveryError or anything (retried).
 */
export class DeliveryDispatcher {
  constructor(
    private readonly deps: {
      alerts: AlertSource;
      notifications: NotificationSink;
      mailer: Mailer;
      email: AlertEmailBuilder;
      exportEmail: ExportEmailBuilder;
      releaseEmail: ReleaseEmailBuilder;
      webhooks?: WebhookSender;
      appUrl: string;
    },
  ) {}

  async send(delivery: DeliveryRecord): Promise<void> {
    if (delivery.kind === 'export') {
      if (delivery.channel !== 'email')
        throw new PermanentDeliveryError(`an export's message goes by e-mail only, not ${delivery.channel}`);
      return this.mail(this.deps.exportEmail.build(delivery));
    }
    if (delivery.kind === 'release') return this.release(delivery);
    switch (delivery.channel) {
      case 'in_app':
        return this.notify(delivery);
      case 'email':
        return this.email(delivery);
      case 'webhook':
        return this.webhook(delivery);
    }
  }

  /** The notification's key is the delivery's: sending it again after a crash creates nothing new. */
  private async notify(delivery: DeliveryRecord): Promise<void> {
    const sections = delivery.sections;
    const first = sections[0];
    const doc = first?.documents[0];
    if (delivery.kind === 'realtime' && first && doc) {
      await this.deps.notifications.notify({
        key: delivery.key,
        ownerUserId: delivery.ownerUserId,
        kind: 'hit',
        title: `${first.alertName}: ${doc.title || 'a new document'}`,
        body: doc.snippet.replace(MARKERS, ''),
        link: `/documents/${doc.documentId}`,
        alertId: first.alertId,
        documentId: doc.documentId,
      });
      return;
    }
    const names = sections.map((s) => s.alertName);
    const total = sections.reduce((sum, s) => sum + s.total, 0);
    const title =
      delivery.kind === 'test'
        ? `Test of “${first?.alertName ?? 'your alert'}”`
        : `Your ${delivery.label}: ${total} new ${total === 1 ? 'document' : 'documents'}`;
    await this.deps.notifications.notify({
      key: delivery.key,
      ownerUserId: delivery.ownerUserId,
      kind: delivery.kind === 'test' ? 'notice' : 'digest',
      title,
      body: delivery.kind === 'test' ? 'This is a test message: new matches will arrive like this.' : names.join(', '),
      link: sections.length === 1 ? `/alerts/${first!.alertId}` : '/alerts',
      ...(sections.length === 1 ? { alertId: first!.alertId } : {}),
    });
  }

  /**
   * Alerts unsubscribed since the delivery was planned drop out; with none left (and no data products
   * section, whose release e-mails count as sent with it) nothing is sent.
   */
  private async email(delivery: DeliveryRecord): Promise<void> {
    const still: DeliverySection[] = [];
    for (const section of delivery.sections) {
      const alert = await this.deps.alerts.alert(section.alertId);
      if (alert && !alert.emailUnsubscribed && alert.channels.email) still.push(section);
    }
    if (still.length === 0 && !delivery.releases?.length)
      throw new PermanentDeliveryError('e-mail for this alert was turned off before it was sent');
    await this.mail(this.deps.email.build(delivery, still));
  }

  private async mail(email: EmailContent): Promise<void> {
    try {
      await this.deps.mailer.send(email);
    } catch (error) {
      if (isPermanentSmtpError(error))
        throw new PermanentDeliveryError(`the mail server refused it: ${(error as Error).message}`);
      throw error;
    }
  }

  /** A data product's release: its in-app notice is written by the release consumer, not queued. */
  private async release(delivery: DeliveryRecord): Promise<void> {
    const notice = delivery.release;
    if (!notice) throw new PermanentDeliveryError(`delivery ${delivery.key} has no release notice`);
    if (delivery.channel === 'email') return this.mail(this.deps.releaseEmail.build(delivery));
    if (delivery.channel !== 'webhook')
      throw new PermanentDeliveryError(
        `a release notice goes by e-mail or webhook from the queue, not ${delivery.channel}`,
      );
    if (!this.deps.webhooks) throw new PermanentDeliveryError('webhooks are not available in this service');
    await this.deps.webhooks.send({
      id: delivery.key,
      ownerUserId: delivery.ownerUserId,
      endpointId: delivery.endpointId,
      type: 'data_product.release',
      payload: releaseWebhookData(notice, this.deps.appUrl),
    });
  }

  private async webhook(delivery: DeliveryRecord): Promise<void> {
    if (!this.deps.webhooks) throw new PermanentDeliveryError('webhooks are not available in this service');
    const data = delivery.sections.map((section) =>
      alertWebhookData(
        { id: section.alertId, name: section.alertName, kind: section.alertKind },
        section.documents.map((d) => ({
          ...d,
          id: '',
          alertId: section.alertId,
          deliveryKey: delivery.hitGroup,
          matchedAt: new Date(d.matchedAt),
        })),
        this.deps.appUrl,
        { total: section.total, ...(delivery.kind === 'digest' ? { label: delivery.label } : {}) },
      ),
    );
    const type =
      delivery.kind === 'realtime' ? 'alert.hits' : delivery.kind === 'digest' ? 'alert.digest' : 'alert.test';
    await this.deps.webhooks.send({
      id: delivery.key,
      ownerUserId: delivery.ownerUserId,
      endpointId: delivery.endpointId,
      type,
      payload: delivery.kind === 'digest' ? { label: delivery.label, alerts: data } : (data[0] ?? {}),
    });
  }
}
