/** How a source's imports stand, shared by the view, the mapper and the schema. */
export const sourceHealth = ['healthy', 'lagging', 'failing', 'idle'] as const;
export type SourceHealth = (typeof sourceHealth)[number];
