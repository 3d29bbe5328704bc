export const processStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;
export type ProcessStatusName = (typeof processStatuses)[number];

/** The `process` object of the REST API and of the SSE relay. */
export interface ProcessView {
  id: string;
  kind: string;
  title: string;
  status: ProcessStatusName;
  total: number;
  done: number;
  message: string;
  /** Items the job could not handle, all counted; succeeded with failed > 0 is "succeeded with failures". */
  failed: number;
  /** The first of those items and why. */
  failures: { item: string; reason: string; message: string }[];
  createdAt: string | null;
  updatedAt: string | null;
  finishedAt: string | null;
}

/** A process with what the BFF needs but does not show: who owns it and its change counter. */
export interface ProcessRecord {
  view: ProcessView;
  ownerId: string;
  sequence: bigint;
}

export function isFinal(status: ProcessStatusName): boolean {
  return status === 'succeeded' || status === 'failed';
}

/** Owners see their processes; administrators see every process. Others get "not found", not "forbidden". */
export function canSeeProcess(process: ProcessRecord, viewer: { id: string; role: string }): boolean {
  return viewer.role === 'admin' || process.ownerId === viewer.id;
}
