import type { Metadata } from 'next';
import Link from 'next/link';
import { WebhookEndpointsManager } from '@/components/alerts/webhook-endpoints-manager';
import { listWebhookEndpoints } from '@/lib/bff.server';
import styles from './webhooks.module.css';

export const metadata: Metadata = { title: 'Webhook endpoints' };

export default async function WebhookEndpointsPage() {
  const endpoints = await listWebhookEndpoints();
  return (
    <div className={`page ${styles.pageWidth}`}>
      <Link href="/alerts" className="subtle">
        ← Alerts
      </Link>
      <div className="page-header">
        <div>
          <h1>Webhook endpoints</h1>
          <p>Where alerts with the webhook channel post their new filings, for your own systems.</p>
        </div>
      </div>
      <WebhookEndpointsManager endpoints={endpoints} />
    </div>
  );
}
