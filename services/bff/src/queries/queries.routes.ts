import { InputError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import type { SessionEnds } from '../http/event-stream';
import type { QueryUserLookup } from '../identity';
import type { QueriesGateway } from './queries.gateway';
import {
  AdminQueriesQuery,
  AdminQueriesResponse,
  AnswerModesResponse,
  AskBody,
  AskEvents,
  QueryIdParams,
  QueryResponse,
  WorkspaceIdParams,
} from './queries.schemas';
import { relayAsk } from './query-stream.relay';
import { endOfDay, startOfDay } from './query-view';
import type { QueryWorkspaceNames } from './query-workspace-names.client';

export interface QueryRouteDeps {
  queries: QueriesGateway;
  workspaceNames: Pick<QueryWorkspaceNames, 'names'>;
  people: QueryUserLookup;
  logger: Logger;
  heartbeatMs: number;
  sessionEnds: SessionEnds;
}

export function registerQueryRoutes(api: ApiRouter, deps: QueryRouteDeps): void {
  const { queries, workspaceNames, people } = deps;

  api.route(
    {
      method: 'post',
      path: '/api/workspaces/:id/queries',
      tag: 'queries',
      access: 'user',
      params: WorkspaceIdParams,
      body: AskBody,
      summary:
        'Ask a question in a workspace; ' +
        'the answer streams back as server-sent events and becomes a request in the workspace’s log',
      responses: {
        200: {
          description: 'text/event-stream: started, documents, each analysis section, figures, completed (or error)',
          contentType: 'text/event-stream',
          schema: AskEvents,
        },
        404: { description: 'No such workspace, or you are not a member' },
      },
    },
    async ({ params, body }, req, res) => {
      const { user } = authOf(req);
      await relayAsk(req, res, deps, (handlers) =>
        queries.ask(
          { question: body.question, filters: body.filters, mode: body.mode, userId: user.id, workspaceId: params.id },
          handlers,
        ),
      );
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/answer-modes',
      tag: 'queries',
      access: 'user',
      summary:
        'The answer modes a question may ask for ' +
        '(generative only when a language model is configured) and the default one',
      responses: { 200: { description: 'The modes', schema: AnswerModesResponse } },
    },
    async (_input, _req, res) => {
      res.json(await queries.answerModes());
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/queries/:queryId',
      tag: 'queries',
      access: 'user',
      params: QueryIdParams,
      summary:
        'One stored query: its analysis, documents and figures ' +
        '(its author, the workspace’s members and administrators)',
      responses: {
        200: { description: 'The query', schema: QueryResponse },
        404: { description: 'No such query, or not yours to see' },
      },
    },
    async ({ params }, req, res) => {
      const { user } = authOf(req);
      const query = await queries.get(params.queryId, user.id, user.role === 'admin');
      const author = (await people.byIds(user, [query.userId])).get(query.userId) ?? null;
      res.json({ query, author });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/queries/:queryId/events',
      tag: 'queries',
      access: 'user',
      params: QueryIdParams,
      summary:
        'One answer as server-sent events, for a page that names it (a reload, Back then Forward, ' +
        'a shared link): while it is being written, its events so far and then the rest, ' +
        'as the ask stream sends them; once stored, started and completed at once',
      responses: {
        200: {
          description:
            'text/event-stream: the ask stream’s events ' +
            '(started, documents, each analysis section, figures, completed, or error)',
          contentType: 'text/event-stream',
          schema: AskEvents,
        },
        404: {
          description:
            'No such answer (never asked, or it failed before it was stored), or not yours to see; answered at once',
        },
      },
    },
    async ({ params }, req, res) => {
      const { user } = authOf(req);
      await relayAsk(req, res, deps, (handlers) =>
        queries.watch(params.queryId, user.id, user.role === 'admin', handlers),
      );
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/admin/queries',
      tag: 'admin',
      access: 'admin',
      query: AdminQueriesQuery,
      summary: 'Every question asked, newest first, filtered by user (e-mail), workspace, day range, latency and mode',
      responses: { 200: { description: 'A page of queries', schema: AdminQueriesResponse } },
    },
    async ({ query }, req, res) => {
      const { user: admin } = authOf(req);
      let userId: string | undefined;
      if (query.user) {
        const person = await people.byEmail(admin, query.user);
        if (!person) throw new InputError('unknown user', [{ path: 'user', message: 'no user with this e-mail' }]);
        userId = person.id;
      }
      const page = await queries.list({
        userId,
        workspaceId: query.workspace,
        from: query.from ? startOfDay(query.from) : undefined,
        to: query.to ? endOfDay(query.to) : undefined,
        minTotalMs: query.minMs,
        mode: query.mode,
        limit: query.limit,
        cursor: query.cursor,
      });
      const [emails, names] = await Promise.all([
        people.byIds(
          admin,
          page.queries.map((q) => q.userId),
        ),
        workspaceNames.names(
          page.queries.map((q) => q.workspaceId ?? ''),
          admin.id,
        ),
      ]);
      res.json({
        queries: page.queries.map((q) => ({
          ...q,
          userEmail: emails.get(q.userId)?.email ?? null,
          workspaceName: q.workspaceId ? (names.get(q.workspaceId) ?? null) : null,
        })),
        nextCursor: page.nextCursor,
      });
    },
  );
}
