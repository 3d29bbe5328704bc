import { deliveryKeys, type ExportSummary } from '../domain/delivery';
import type { DeliveryJobs } from './delivery-jobs';
import type { DeliveryRepository } from './delivery.repository';

/** A finished export as its e-mail needs it (from exports.completed.v1). */
export interface FinishedExport {
  /** The event's id: each failure is mailed once, and a file once whatever the event. */
  eventId: string;
  ownerUserId: string;
  /** '' when the export was started without an address. */
  ownerEmail: string;
  summary: ExportSummary;
}

/**
 * Records an export's e-mail as a delivery and queues it, so it goes through the same worker, retries
 * and once-only keys as alert e-mail: a redelivered event finds the record (and the job id) taken.
 */
export class ExportEmailPlanner {
  constructor(private readonly deps: { deliveries: DeliveryRepository; jobs: DeliveryJobs; clock: () => Date }) {}

  /** Nothing to do without an address. */
  async plan(finished: FinishedExport): Promise<void> {
    const to = finished.ownerEmail.trim();
    if (!to) return;
    const key = deliveryKeys.exportEmail(finished.summary.exportId, finished.summary.succeeded, finished.eventId);
    const { delivery } = await this.deps.deliveries.record({
      key,
      kind: 'export',
      channel: 'email',
      ownerUserId: finished.ownerUserId,
      ownerEmail: to,
      alertIds: [],
      endpointId: '',
      hitIds: [],
      hitGroup: '',
      sections: [],
      documentCount: 0,
      label: 'export',
      export: finished.summary,
      createdAt: this.deps.clock(),
    });
    // A record already sent or given up needs no job; a pending one may have lost its job in a crash.
    if (delivery.status === 'pending' || delivery.status === 'retrying') await this.deps.jobs.enqueue(key, 'email');
  }
}
