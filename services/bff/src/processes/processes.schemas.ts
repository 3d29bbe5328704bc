import { z } from 'zod';
import { nullableDateTime } from '../http/common.schemas';
import { processStatuses } from './process-statuses';

export const Process = z
  .object({
    id: z.string(),
    kind: z.string(),
    title: z.string(),
    status: z.enum(processStatuses),
    total: z.number().int(),
    done: z.number().int(),
    message: z.string(),
    failed: z.number().int().meta({
      description:
        'Items the job could not handle (an import’s files); a succeeded process with failures succeeded with failures',
    }),
    failures: z
      .array(z.object({ item: z.string(), reason: z.string(), message: z.string() }).meta({ id: 'ProcessItemFailure' }))
      .meta({ description: 'The first of those items (at most 100) and why' }),
    createdAt: nullableDateTime,
    updatedAt: nullableDateTime,
    finishedAt: nullableDateTime,
  })
  .meta({ id: 'Process' });

export const ProcessesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const ProcessesResponse = z.object({ processes: z.array(Process) });
export const ProcessResponse = z.object({ process: Process });
