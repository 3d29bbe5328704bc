export type { ProcessStatus, ProcessUpdate, ProcessUpdates } from '@docket/processes';

export const REINDEX_KIND = 'reindex';
export const REINDEX_TITLE = 'Re-index all documents';
