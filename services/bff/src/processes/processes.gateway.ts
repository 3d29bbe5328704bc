import { NotFoundError } from '@docket/errors';
import * as processesV1 from '@docket/proto/src/processes';
import { grpcCall } from '@docket/service-kit';
import { watchServerStream, type StreamWatch } from '../grpc/server-stream-watch';
import { isoOrNull } from '../grpc/timestamps';
import type { ProcessRecord, ProcessStatusName } from './process-view';

export type ProcessWatch = StreamWatch;

export interface ProcessWatchHandlers {
  onUpdate(process: ProcessRecord): void;
  /** The stream ended: normally (error undefined) or with an error (already an AppError where possible). */
  onEnd(error?: Error): void;
}

/** The BFF's view of the export service's ProcessService. */
export class ProcessesGateway {
  constructor(private readonly client: processesV1.ProcessServiceClient) {}

  async get(id: string): Promise<ProcessRecord> {
    const response = await grpcCall(this.client, 'getProcess', { id });
    if (!response.process) throw new NotFoundError(`no process ${id}`);
    return toProcessRecord(response.process);
  }

  /** `ownerId` '' lists every owner's processes. */
  async list(ownerId: string, limit: number): Promise<ProcessRecord[]> {
    const response = await grpcCall(this.client, 'listProcesses', { ownerId, limit });
    return response.processes.map(toProcessRecord);
  }

  /** Streams updates until the service ends the stream or `cancel()` is called (no deadline: it is long-lived). */
  watch(id: string, handlers: ProcessWatchHandlers): ProcessWatch {
    return watchServerStream(this.client.watchProcess({ id }), {
      onMessage: (message: processesV1.WatchProcessResponse) => {
        if (message.process) handlers.onUpdate(toProcessRecord(message.process));
      },
      onEnd: handlers.onEnd,
    });
  }
}

const statusNames: Partial<Record<processesV1.ProcessStatus, ProcessStatusName>> = {
  [processesV1.ProcessStatus.PROCESS_STATUS_QUEUED]: 'queued',
  [processesV1.ProcessStatus.PROCESS_STATUS_RUNNING]: 'running',
  [processesV1.ProcessStatus.PROCESS_STATUS_SUCCEEDED]: 'succeeded',
  [processesV1.ProcessStatus.PROCESS_STATUS_FAILED]: 'failed',
};

export function toProcessRecord(p: processesV1.Process): ProcessRecord {
  return {
    ownerId: p.ownerId,
    sequence: BigInt(p.sequence || '0'),
    view: {
      id: p.id,
      kind: p.kind,
      title: p.title,
      // An unset status only happens before the first update; show it as queued.
      status: statusNames[p.status] ?? 'queued',
      total: Number(p.total),
      done: Number(p.done),
      message: p.message,
      failed: Number(p.failed),
      failures: p.failures.map(({ item, reason, message }) => ({ item, reason, message })),
      createdAt: isoOrNull(p.createdAt),
      updatedAt: isoOrNull(p.updatedAt),
      finishedAt: isoOrNull(p.finishedAt),
    },
  };
}
