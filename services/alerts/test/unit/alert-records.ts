import { emptySearchFilters } from '@docket/query-language';
import type { AlertRecord } from '../../src/domain/alert';

/** A real-time, in-app saved search with no query and no filters, as stored; `over` replaces fields. */
export function searchAlertRecord(id: string, over: Partial<AlertRecord> = {}): AlertRecord {
  return {
    id,
    ownerUserId: 'u1',
    ownerEmail: '',
    kind: 'search',
    definition: {
      name: id,
      query: '',
      filters: emptySearchFilters(),
      question: '',
      schedule: { cadence: 'realtime', hour: 8, weekday: 1, timeZone: 'UTC' },
      channels: { inApp: true, email: false, webhookEndpointId: '' },
    },
    paused: false,
    volumeNotice: '',
    emailUnsubscribed: false,
    hitsTotal: 0,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...over,
  };
}
