import { z } from 'zod';

// One set of zod schemas validates requests and generates /api/openapi.json (ids name the components);
// each feature keeps its own beside its routes, and these few are shared.

export const isoDateTime = z.iso.datetime({ offset: true });
export const nullableDateTime = isoDateTime.nullable();
export const email = z.email('must be an e-mail address').max(254);

export const ErrorResponse = z
  .object({
    error: z.object({
      code: z.enum([
        'invalid_input',
        'unauthenticated',
        'forbidden',
        'csrf_failed',
        'not_found',
        'conflict',
        'too_many_requests',
        'unavailable',
        'internal',
        'password_change_required',
      ]),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error' });

export const IdParams = z.object({ id: z.string().min(1).max(200) });
