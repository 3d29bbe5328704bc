// Shapes of the BFF REST API (see the team brief); the frontend only ever reads these.
export type Role = 'admin' | 'member';

export interface User {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  organisationId: string;
  organisationName: string;
  mustChangePassword: boolean;
  createdAt: string;
}

export interface DocketDocument {
  id: string;
  title: string;
  text: string;
  sourceId?: string | null;
  docketNumber?: string | null;
  filingType?: string | null;
  filedAt?: string | null;
  createdAt: string | null;
  sha256: string;
}

export interface SearchHit {
  documentId: string;
  title: string;
  snippet: string;
  score: number;
  filedAt?: string | null;
  sourceId?: string | null;
  docketNumber?: string | null;
  filingType?: string | null;
}

export interface SearchResult {
  hits: SearchHit[];
  total: number;
  tookMs: number;
}

export type ProcessStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface Process {
  id: string;
  kind: string;
  title: string;
  status: ProcessStatus;
  total: number;
  done: number;
  message: string;
  createdAt: string | null;
  updatedAt: string | null;
  finishedAt: string | null;
}

export const FINAL_PROCESS_STATUSES: readonly ProcessStatus[] = ['succeeded', 'failed'];

export function isFinalStatus(status: ProcessStatus): boolean {
  return FINAL_PROCESS_STATUSES.includes(status);
}

/** Newest first by last update (processes without timestamps last). */
export function byLatestUpdate(a: Process, b: Process): number {
  return (b.updatedAt ?? b.createdAt ?? '').localeCompare(a.updatedAt ?? a.createdAt ?? '');
}
