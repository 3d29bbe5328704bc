import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../domain/password-policy';
import { roles } from '../domain/user';
import { processStatuses } from '../domain/process-view';

// One set of zod schemas validates requests and generates /api/openapi.json (ids name the components).

const isoDateTime = z.iso.datetime({ offset: true });
const nullableDateTime = isoDateTime.nullable();
const email = z.email('must be an e-mail address').max(254);

export const ErrorResponse = z
  .object({
    error: z.object({
      code: z.enum([
        'invalid_input', 'unauthenticated', 'forbidden', 'csrf_failed', 'not_found', 'conflict',
        'too_many_requests', 'unavailable', 'internal', 'password_change_required',
      ]),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error' });

export const User = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(roles),
    active: z.boolean(),
    organisationId: z.string(),
    organisationName: z.string(),
    mustChangePassword: z.boolean(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'User' });

export const UserResponse = z.object({ user: User });

export const LoginBody = z
  .object({
    email,
    password: z.string().min(1, 'is required').max(MAX_PASSWORD_LENGTH),
  })
  .meta({ id: 'LoginRequest' });

export const LoginResponse = z.object({ user: User, csrfToken: z.string() });
export const SessionResponse = z.object({ user: User, csrfToken: z.string() });
export const CsrfResponse = z.object({ csrfToken: z.string() });

export const ProfilePatchBody = z.object({ name: z.string().trim().min(1, 'is required').max(200) }).meta({ id: 'ProfilePatch' });

export const PasswordChangeBody = z
  .object({
    currentPassword: z.string().min(1, 'is required').max(MAX_PASSWORD_LENGTH),
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(MAX_PASSWORD_LENGTH),
  })
  .meta({ id: 'PasswordChange' });

export const UsersResponse = z.object({ users: z.array(User) });

export const CreateUserBody = z
  .object({
    email,
    name: z.string().trim().min(1, 'is required').max(200),
    role: z.enum(roles),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(MAX_PASSWORD_LENGTH)
      .optional(),
  })
  .meta({ id: 'CreateUser' });

export const CreateUserResponse = z.object({
  user: User,
  temporaryPassword: z.string().optional().meta({ description: 'Only when no password was given; shown once.' }),
});

export const UpdateUserBody = z
  .object({ role: z.enum(roles).optional(), active: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.active !== undefined, { message: 'give role or active' })
  .meta({ id: 'UpdateUser' });

export const IdParams = z.object({ id: z.string().min(1).max(200) });

export const Document = z
  .object({
    id: z.string(),
    title: z.string(),
    text: z.string(),
    sourceId: z.string(),
    docketNumber: z.string(),
    filingType: z.string(),
    filedAt: nullableDateTime,
    createdAt: nullableDateTime,
    sha256: z.string(),
  })
  .meta({ id: 'Document' });

export const CreateDocumentBody = z
  .object({
    title: z.string().trim().min(1, 'is required').max(1000),
    text: z.string().min(1, 'is required').max(5_000_000),
    docketNumber: z.string().trim().max(200).optional(),
    filingType: z.string().trim().max(200).optional(),
    sourceId: z.string().trim().max(200).optional(),
    filedAt: isoDateTime.optional(),
  })
  .meta({ id: 'CreateDocument' });

export const CreateDocumentResponse = z.object({
  document: Document,
  created: z.boolean().meta({ description: 'false when an identical document already existed' }),
});
export const DocumentResponse = z.object({ document: Document });

export const SearchQuery = z.object({
  q: z.string().trim().min(1, 'is required').max(500),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const SearchHit = z
  .object({
    documentId: z.string(),
    title: z.string(),
    snippet: z.string().meta({ description: 'Excerpt with matched terms wrapped in <mark></mark>' }),
    score: z.number(),
    filedAt: nullableDateTime,
    sourceId: z.string(),
    docketNumber: z.string(),
    filingType: z.string(),
  })
  .meta({ id: 'SearchHit' });

export const SearchResponse = z.object({ hits: z.array(SearchHit), total: z.number().int(), tookMs: z.number() });

export const ReindexResponse = z.object({ processId: z.string() });
export const IndexStatsResponse = z.object({ documents: z.number().int() });

export const Process = z
  .object({
    id: z.string(),
    kind: z.string(),
    title: z.string(),
    status: z.enum(processStatuses),
    total: z.number().int(),
    done: z.number().int(),
    message: z.string(),
    createdAt: nullableDateTime,
    updatedAt: nullableDateTime,
    finishedAt: nullableDateTime,
  })
  .meta({ id: 'Process' });

export const ProcessesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const ProcessesResponse = z.object({ processes: z.array(Process) });
export const ProcessResponse = z.object({ process: Process });

export const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ mongo: z.enum(['up', 'down']), redis: z.enum(['up', 'down']) }),
});
