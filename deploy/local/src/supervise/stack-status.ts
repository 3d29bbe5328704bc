/**
 * The launcher's view of its processes, written to <data dir>/launcher/stack-status.json on every
 * change. The BFF is given the file's path (STACK_STATUS_FILE) and serves it to /catalog-status:
 * only the launcher knows what it restarted (a restarted service cannot tell), and a file keeps the
 * launcher out of the services' business (no new port, no new protocol). In Kubernetes there is no
 * launcher and no file; restarts are the cluster's to report.
 */
import fs from 'node:fs';
import path from 'node:path';

export type PartKind = 'infrastructure' | 'service' | 'frontend';

export interface PartStatus {
  name: string;
  kind: PartKind;
  /** up: running and healthy; restarting: waiting out its back-off or its health check; down: given up. */
  state: 'up' | 'restarting' | 'down';
  pid?: number;
  /** When it entered this state. */
  since: string;
  /** How many times it was started again since the launcher started. */
  restarts: number;
  /** The most recent crashes (at most 10), oldest first. */
  crashes: { at: string; code: number | null; signal: string | null }[];
  nextRestartAt?: string;
}

export interface StackStatus {
  supervisor: 'npm start';
  startedAt: string;
  updatedAt: string;
  /** maxCrashes within windowMs stop the whole stack. */
  policy: { maxCrashes: number; windowMs: number };
  parts: PartStatus[];
}

export function stackStatusFile(dataDir: string): string {
  return path.join(dataDir, 'launcher', 'stack-status.json');
}

/** Written whole and renamed into place, so a reader never sees half a file. */
export function writeStackStatus(file: string, status: StackStatus): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(status, null, 2) + '\n');
  fs.renameSync(temp, file);
}
