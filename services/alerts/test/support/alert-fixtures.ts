import { newEventFields } from '@docket/events';
import { Cadence, type AlertDefinition } from '@docket/proto/src/alerts';
import type { DocumentIngested } from '@docket/proto/src/document-events';

/** A saved search as the BFF sends it: real-time, in-app, on "pipeline tariff"; `over` replaces fields. */
export function alertDefinition(over: Partial<AlertDefinition> = {}): AlertDefinition {
  return {
    name: 'Pipeline tariffs',
    query: 'pipeline tariff',
    filters: { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' },
    question: '',
    schedule: { cadence: Cadence.CADENCE_REALTIME, hour: 8, weekday: 1, timeZone: 'UTC' },
    channels: { inApp: true, email: false, webhookEndpointId: '' },
    ...over,
  };
}

/**
 * A FERC order on docket RP24-100-000 that "pipeline tariff" matches, with a fresh event id; `over` replaces fields.
 */
export function documentIngested(documentId: string, over: Partial<DocumentIngested> = {}): DocumentIngested {
  return {
    ...newEventFields(),
    documentId,
    title: 'Order accepting tariff revisions',
    text:
      'The Commission accepts the pipeline tariff revisions filed by Northern Natural Gas. ' +
      'Comments were due in May.',
    sourceId: 'ferc',
    sourceName: 'Federal Energy Regulatory Commission',
    docketNumber: 'RP24-100-000',
    docketId: 'dk-rp24-100',
    filingType: 'Order',
    filingCategory: 'Order',
    filedAt: new Date('2024-05-20T10:00:00Z'),
    sha256: '',
    filers: ['Northern Natural Gas'],
    parties: [],
    description: '',
    language: 'en',
    entities: [],
    pages: [],
    ...over,
  };
}
