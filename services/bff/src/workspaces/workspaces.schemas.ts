import { z } from 'zod';
import { SearchFacet } from '../search/search.schemas';
import { requestKinds, requestSorts, workspaceRoles } from './workspace-vocabulary';

// Workspaces: request validation and /api/openapi.json components (ids name them).

const isoDateTime = z.iso.datetime({ offset: true });
const nullableDateTime = isoDateTime.nullable();
const email = z.email('must be an e-mail address').max(254);

const filterValues = (what: string) =>
  z
    .array(z.string().trim().max(200, 'must be at most 200 characters'))
    .max(50, 'must have at most 50 values')
    .default([])
    .meta({ description: `${what}; values are ORed, blanks and repeats are dropped` });
const day = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'must be a date written YYYY-MM-DD')
  .nullable()
  .optional()
  .meta({ description: 'YYYY-MM-DD, inclusive; empty or null is an open end' });

export const WorkspaceFiltersInput = z
  .object({
    agencies: filterValues('Source ids (GET /api/catalog/sources) or agency names'),
    filingTypes: filterValues('Filing categories (Decision, Order, …) or native filing types'),
    dockets: filterValues('Docket numbers'),
    parties: filterValues('Party names'),
    filedFrom: day,
    filedTo: day,
  })
  .refine((f) => !f.filedFrom || !f.filedTo || f.filedFrom <= f.filedTo, {
    path: ['filedTo'],
    message: 'must not be before the start date',
  })
  .meta({ id: 'WorkspaceFiltersInput' });

export const WorkspaceFilters = z
  .object({
    agencies: z.array(z.string()),
    filingTypes: z.array(z.string()),
    dockets: z.array(z.string()),
    parties: z.array(z.string()),
    filedFrom: z.string().nullable(),
    filedTo: z.string().nullable(),
  })
  .meta({
    id: 'WorkspaceFilters',
    description: 'Lists are ORed inside, fields ANDed; empty lists and null dates do not restrict',
  });

const name = z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters');
const description = z.string().trim().max(2000, 'must be at most 2000 characters');

export const CreateWorkspaceBody = z
  .object({ name, description: description.default(''), defaultFilters: WorkspaceFiltersInput.optional() })
  .meta({ id: 'CreateWorkspace' });

export const UpdateWorkspaceBody = z
  .object({
    name: name.optional(),
    description: description.optional(),
    defaultFilters: WorkspaceFiltersInput.optional(),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.defaultFilters !== undefined, {
    message: 'give name, description or defaultFilters',
  })
  .meta({ id: 'UpdateWorkspace', description: 'Only the fields given change; defaultFilters is replaced as a whole' });

const role = z
  .enum(workspaceRoles)
  .meta({ description: 'owner: everything incl. members; editor: settings, searches and queries; viewer: read only' });

export const AddMemberBody = z.object({ email, role }).meta({ id: 'AddWorkspaceMember' });
export const ChangeMemberBody = z.object({ role }).meta({ id: 'ChangeWorkspaceMember' });

export const WorkspaceParams = z.object({ id: z.string().min(1).max(200) });
export const MemberParams = z.object({ id: z.string().min(1).max(200), userId: z.string().min(1).max(200) });
export const RequestParams = z.object({ id: z.string().min(1).max(200), requestId: z.string().min(1).max(200) });

export const WorkspaceQuery = z.object({
  recent: z.coerce
    .number()
    .int()
    .min(0)
    .max(50)
    .default(10)
    .meta({ description: 'How many recent requests to include (0–50)' }),
});
export const RequestsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(1000).default('').meta({ description: 'nextCursor of the previous page' }),
});

const Permissions = z
  .object({
    run: z.boolean().meta({ description: 'Run searches and queries in it (owners, editors)' }),
    edit: z.boolean().meta({ description: 'Change name, description, default filters (owners, editors)' }),
    manageMembers: z.boolean().meta({ description: 'Add, re-role, remove members (owners)' }),
    delete: z.boolean().meta({ description: 'Delete the workspace with its log (owners)' }),
  })
  .meta({ id: 'WorkspacePermissions' });

const summaryFields = {
  id: z.string(),
  name: z.string(),
  description: z.string(),
  defaultFilters: WorkspaceFilters,
  role: z
    .enum(workspaceRoles)
    .nullable()
    .meta({ description: "The caller's role; null for an administrator who is not a member" }),
  can: Permissions,
  memberCount: z.number().int(),
  createdAt: nullableDateTime,
  updatedAt: nullableDateTime,
  lastUsedAt: nullableDateTime.meta({ description: 'Last search or query in it; null before the first' }),
  requestCount: z.number().int(),
};

export const WorkspaceSummary = z.object(summaryFields).meta({ id: 'WorkspaceSummary' });

export const Person = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: 'Empty when the account is not known to your organisation' }),
    email: z.string(),
    active: z.boolean(),
  })
  .meta({ id: 'Person' });

export const WorkspaceMember = z
  .object({
    userId: z.string(),
    role: z.enum(workspaceRoles),
    addedAt: nullableDateTime,
    name: z.string(),
    email: z.string(),
    active: z.boolean(),
  })
  .meta({ id: 'WorkspaceMember' });

export const WorkspaceDetail = z
  .object({
    ...summaryFields,
    createdBy: Person,
    members: z.array(WorkspaceMember).meta({ description: 'Owners, editors, then viewers; by name' }),
  })
  .meta({ id: 'Workspace' });

export const WorkspaceRequest = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    kind: z.enum(requestKinds),
    text: z.string().meta({ description: "The search's query or the question" }),
    filters: WorkspaceFilters.meta({ description: 'The filters in force (workspace defaults with the request’s own)' }),
    sort: z.enum(requestSorts),
    createdAt: nullableDateTime,
    tookMs: z.number(),
    resultCount: z.number().int(),
    resultCountIsLowerBound: z
      .boolean()
      .meta({ description: 'A search matched more than resultCount (counting stops at a limit)' }),
    queryId: z
      .string()
      .nullable()
      .meta({ description: 'The stored query with its analysis, documents and figures; null until one exists' }),
    facets: z
      .array(SearchFacet)
      .meta({ description: "A search's facets over every match, as counted when it ran; empty for a question" }),
    user: Person,
  })
  .meta({ id: 'WorkspaceRequest' });

export const WorkspacesResponse = z.object({
  workspaces: z.array(WorkspaceSummary).meta({ description: 'Most recently used first' }),
});
export const WorkspaceResponse = z.object({ workspace: WorkspaceDetail });
export const WorkspaceWithRequestsResponse = z.object({
  workspace: WorkspaceDetail,
  recentRequests: z.array(WorkspaceRequest).meta({ description: 'Newest first' }),
});
export const WorkspaceRequestsResponse = z.object({
  requests: z.array(WorkspaceRequest).meta({ description: 'Newest first' }),
  nextCursor: z.string().nullable().meta({ description: 'null on the last page' }),
});
export const WorkspaceRequestResponse = z.object({ request: WorkspaceRequest });
