import type { AlertForDelivery, HitForDelivery, WebhookMessage } from '../domain/delivery-ports';

/** The snippet's highlight markers (U+E000 … U+E001); a webhook carries plain text. */
const MARKERS = /[\uE000\uE001]/gu;

/**
 * The `data` of an alert's webhook message: which alert, and each document with what a receiver
 * needs to show or fetch it (title, plain-text snippet, link into the app, docket, filing date).
 * The delivery worker puts it in WebhookMessage.payload.
 */
export function alertWebhookData(
  alert: Pick<AlertForDelivery, 'id' | 'name' | 'kind'>,
  hits: HitForDelivery[],
  publicAppUrl: string,
  extra: { total?: number; label?: string } = {},
): Record<string, unknown> {
  const base = publicAppUrl.replace(/\/+$/u, '');
  return {
    alert: { id: alert.id, name: alert.name, kind: alert.kind, link: `${base}/alerts/${encodeURIComponent(alert.id)}` },
    ...(extra.label ? { label: extra.label } : {}),
    total: extra.total ?? hits.length,
    documents: hits.map((hit) => ({
      id: hit.documentId,
      title: hit.title,
      snippet: hit.snippet.replace(MARKERS, ''),
      link: `${base}/documents/${encodeURIComponent(hit.documentId)}`,
      docket_number: hit.docketNumber,
      source_name: hit.sourceName,
      filing_type: hit.filingType,
      filed_at: hit.filedAt ? hit.filedAt.toISOString() : null,
      matched_at: hit.matchedAt.toISOString(),
    })),
  };
}

/** The JSON body sent: the Standard Webhooks envelope (type, timestamp, data). */
export function webhookBody(message: Pick<WebhookMessage, 'type' | 'payload'>, at: Date): string {
  return JSON.stringify({ type: message.type, timestamp: at.toISOString(), data: message.payload });
}
