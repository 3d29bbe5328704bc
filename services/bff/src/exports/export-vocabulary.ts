/** What an export can be of, its formats and its states, shared by the views and the schemas. */
export const exportSubjects = ['search', 'query', 'workspace'] as const;
export type ExportSubjectName = (typeof exportSubjects)[number];

export const exportFormats = ['csv', 'xlsx', 'jsonl', 'zip', 'docx', 'html'] as const;
export type ExportFormatName = (typeof exportFormats)[number];

export const exportStatuses = ['queued', 'running', 'succeeded', 'failed', 'cancelled', 'expired'] as const;
export type ExportStatusName = (typeof exportStatuses)[number];
