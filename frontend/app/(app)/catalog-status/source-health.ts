import type { SourceHealth } from '@/lib/types';

/** A source's health as a badge, and the order problems come first in. */
export const HEALTH: Record<SourceHealth, { label: string; className: string; order: number }> = {
  failing: { label: 'Failing', className: 'badge badge-danger', order: 0 },
  lagging: { label: 'Lagging', className: 'badge badge-warning', order: 1 },
  healthy: { label: 'Healthy', className: 'badge badge-success', order: 2 },
  idle: { label: 'Idle', className: 'badge', order: 3 },
};
