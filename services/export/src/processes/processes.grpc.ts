import type { Logger } from '@docket/observability';
import {
  ProcessServiceService,
  ProcessStatus,
  type GetProcessRequest,
  type GetProcessResponse,
  type ListProcessesRequest,
  type ListProcessesResponse,
  type Process,
  type WatchProcessRequest,
  type WatchProcessResponse,
} from '@docket/proto/src/processes';
import { serverStream, unary, type GrpcServiceBinding } from '@docket/service-kit';
import type { ProcessRecord, ProcessStatus as Status } from '../domain/process';
import type { ProcessService } from './process.service';

/** research.export.v1.ProcessService */
export function processServiceBinding(deps: { processes: ProcessService; logger: Logger }): GrpcServiceBinding {
  const { processes, logger } = deps;
  return {
    definition: ProcessServiceService,
    implementation: {
      getProcess: unary<GetProcessRequest, GetProcessResponse>(logger, async (request) => ({
        process: toProto(await processes.get(request.id)),
      })),
      listProcesses: unary<ListProcessesRequest, ListProcessesResponse>(logger, async (request) => ({
        processes: (await processes.list(request.ownerId, request.limit)).map(toProto),
      })),
      watchProcess: serverStream<WatchProcessRequest, WatchProcessResponse>(logger, async (call) => {
        const cancelled = new AbortController();
        call.on('cancelled', () => cancelled.abort());
        call.on('close', () => cancelled.abort());
        for await (const process of processes.watch(call.request.id, cancelled.signal)) {
          call.write({ process: toProto(process) });
        }
      }),
    },
  };
}

const STATUS: Record<Status, ProcessStatus> = {
  queued: ProcessStatus.PROCESS_STATUS_QUEUED,
  running: ProcessStatus.PROCESS_STATUS_RUNNING,
  succeeded: ProcessStatus.PROCESS_STATUS_SUCCEEDED,
  failed: ProcessStatus.PROCESS_STATUS_FAILED,
};

function toProto(process: ProcessRecord): Process {
  return {
    id: process.id,
    kind: process.kind,
    title: process.title,
    ownerId: process.ownerId,
    status: STATUS[process.status],
    total: String(process.total),
    done: String(process.done),
    message: process.message,
    failed: String(process.failed),
    failures: process.failures,
    createdAt: process.createdAt,
    updatedAt: process.updatedAt,
    finishedAt: process.finishedAt,
    sequence: String(process.sequence),
  };
}
