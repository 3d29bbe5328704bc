import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { StackStatus } from './admin.schemas';

export type StackStatusView = z.infer<typeof StackStatus>;

/** Where the process health of the stack comes from; null when nothing reports it. */
export interface StackStatusSource {
  read(): Promise<StackStatusView | null>;
}

/**
 * The status file `npm start` writes on every start, crash and restart of a part
 * (deploy/local/src/supervise/stack-status.ts), given as STACK_STATUS_FILE. Only the launcher knows
 * what it restarted, so the BFF relays its file rather than guessing from health checks. Without
 * the variable (Kubernetes, a BFF run alone) nothing is reported: restarts are the cluster's to show.
 */
export class StackStatusFile implements StackStatusSource {
  constructor(private readonly file: string | undefined) {}

  async read(): Promise<StackStatusView | null> {
    if (!this.file) return null;
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return null; // not written yet: the launcher is still starting the stack
    }
    try {
      const parsed = StackStatus.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null; // not JSON: not a launcher's file
    }
  }
}
