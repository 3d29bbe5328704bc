/** How an answer is written, shared by the view and the schema. */
export const analysisModes = ['extractive', 'generative'] as const;
export type AnalysisModeName = (typeof analysisModes)[number];
