/** What became of an uploaded file, shared by the view and the schema. */
export const uploadOutcomes = ['new', 'updated', 'duplicate', 'failed'] as const;
export type UploadOutcome = (typeof uploadOutcomes)[number];
