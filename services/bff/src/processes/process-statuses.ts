/** A process's states, shared by the view and the schema. */
export const processStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ProcessStatusName = (typeof processStatuses)[number];
