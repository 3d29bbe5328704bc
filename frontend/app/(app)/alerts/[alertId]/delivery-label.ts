import type { Delivery } from '@/components/alerts/alert-types';

/** A delivery in words: "Daily digest, 25 Nov 2026", "Real-time e-mail", "Test". */
export function deliveryLabel(delivery: Delivery | undefined): string {
  if (!delivery) return 'Delivered';
  if (delivery.label) return delivery.label;
  return delivery.kind === 'test' ? 'Test' : delivery.kind === 'digest' ? 'Digest' : 'Real-time';
}
