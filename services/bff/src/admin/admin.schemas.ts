import { z } from 'zod';

export const ReindexResponse = z.object({ processId: z.string() });
export const IndexStatsResponse = z.object({
  documents: z.number().int().meta({ description: 'How many documents the search index holds' }),
  pending: z.number().int().meta({ description: 'How many new, changed or deleted documents it has still to take in' }),
});

export const LivenessResponse = z.object({ status: z.literal('ok') });

export const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ mongo: z.enum(['up', 'down']), redis: z.enum(['up', 'down']) }),
});

/** Process health of a stack run by `npm start` (see services/bff/src/store/stack-status.file.ts). */
export const StackStatus = z
  .object({
    supervisor: z.string().meta({ description: 'who restarts crashed parts, e.g. "npm start"' }),
    startedAt: z.string(),
    updatedAt: z.string(),
    policy: z
      .object({ maxCrashes: z.number().int(), windowMs: z.number().int() })
      .meta({ description: 'this many crashes of one part within the window stop the stack' }),
    parts: z.array(
      z
        .object({
          name: z.string(),
          kind: z.enum(['infrastructure', 'service', 'frontend']),
          state: z.enum(['up', 'restarting', 'down']),
          pid: z.number().int().optional(),
          since: z.string().meta({ description: 'when it entered this state' }),
          restarts: z.number().int(),
          crashes: z.array(
            z.object({ at: z.string(), code: z.number().int().nullable(), signal: z.string().nullable() }),
          ),
          nextRestartAt: z.string().optional(),
        })
        .meta({ id: 'StackPartStatus' }),
    ),
  })
  .meta({ id: 'StackStatus' });

export const StackStatusResponse = z.object({ stack: StackStatus.nullable() });
