import type { ProcessStatus } from '@/lib/types';

const LABELS: Record<ProcessStatus, string> = { queued: 'Queued', running: 'Running', succeeded: 'Succeeded', failed: 'Failed' };
const CLASSES: Record<ProcessStatus, string> = {
  queued: 'badge',
  running: 'badge badge-accent',
  succeeded: 'badge badge-success',
  failed: 'badge badge-danger',
};

export function statusLabel(status: ProcessStatus): string {
  return LABELS[status] ?? status;
}

export function StatusBadge({ status, testId }: { status: ProcessStatus; testId?: string }) {
  return (
    <span className={CLASSES[status] ?? 'badge'} data-testid={testId} data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
