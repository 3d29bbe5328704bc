import { processOutcome, type ProcessOutcome } from '@/lib/process-outcome';
import type { Process } from '@/lib/types';

const LABELS: Record<ProcessOutcome, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  succeeded_with_failures: 'Succeeded with failures',
  failed: 'Failed',
};
const CLASSES: Record<ProcessOutcome, string> = {
  queued: 'badge',
  running: 'badge badge-accent',
  succeeded: 'badge badge-success',
  succeeded_with_failures: 'badge badge-warning',
  failed: 'badge badge-danger',
};

export function statusLabel(process: Pick<Process, 'status' | 'failed'>): string {
  return LABELS[processOutcome(process)] ?? process.status;
}

export function StatusBadge({ process, testId }: { process: Pick<Process, 'status' | 'failed'>; testId?: string }) {
  const outcome = processOutcome(process);
  return (
    <span
      className={CLASSES[outcome] ?? 'badge'}
      data-testid={testId}
      data-status={process.status}
      data-outcome={outcome}
    >
      {LABELS[outcome] ?? process.status}
    </span>
  );
}
