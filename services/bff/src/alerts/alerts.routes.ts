import type { Request } from 'express';
import type { z } from 'zod';
import { NotFoundError } from '@docket/errors';
import type { DocumentsGateway } from '../documents';
import type { ApiRouter } from '../http/api-router';
import { authOf } from '../http/auth-context';
import { clientGoneSignal } from '../http/client-gone';
import { IdParams } from '../http/common.schemas';
import type { AlertOwner, AlertsGateway } from './alerts.gateway';
import {
  AlertDefinition,
  AlertHitsResponse,
  AlertResponse,
  AlertsQuery,
  AlertsResponse,
  DeliveriesResponse,
  FollowDocketBody,
  LimitQuery,
  PausedBody,
  VolumeEstimate,
  VolumeEstimateBody,
} from './alerts.schemas';
import type { VolumeEstimateGateway } from './volume-estimate.gateway';

type FollowDocket = z.output<typeof FollowDocketBody>;

/** The signed-in user as the alerts service's owner (e-mail goes to their current address). */
export function ownerOf(req: Request): AlertOwner {
  const { user } = authOf(req);
  return { id: user.id, email: user.email };
}

const NOT_YOURS = { description: "No such alert of yours (another user's is answered the same way)" };

/**
 * /api/alerts: saved-search alerts and docket follows (both are alerts; a follow has kind docket),
 * their hits and deliveries, and the volume estimate shown before saving. Always the caller's own.
 */
export function registerAlertRoutes(
  api: ApiRouter,
  deps: { alerts: AlertsGateway; volume: VolumeEstimateGateway; documents: Pick<DocumentsGateway, 'getDocket'> },
): void {
  const { alerts, volume, documents } = deps;

  api.route(
    {
      method: 'get',
      path: '/api/alerts',
      tag: 'alerts',
      access: 'user',
      query: AlertsQuery,
      summary: 'Your alerts and docket follows, with last hit and hits this week',
      responses: { 200: { description: 'Your alerts', schema: AlertsResponse } },
    },
    async ({ query }, req, res) => {
      res.json({ alerts: await alerts.list(ownerOf(req), query.kind) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/alerts',
      tag: 'alerts',
      access: 'user',
      body: AlertDefinition,
      summary: 'Save a search as an alert (query language, filters, optional question, cadence, channels)',
      responses: {
        201: { description: 'The new alert', schema: AlertResponse },
        409: { description: 'Over the number of alerts a user may keep' },
      },
    },
    async ({ body }, req, res) => {
      res.status(201).json({ alert: await alerts.create(ownerOf(req), body) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/alerts/estimate',
      tag: 'alerts',
      access: 'user',
      body: VolumeEstimateBody,
      summary:
        'How many documents a query and filters matched in the last days (30 by default), in all and per UTC day',
      responses: { 200: { description: 'The expected volume', schema: VolumeEstimate } },
    },
    async ({ body }, _req, res) => {
      res.json(await volume.estimate(body, clientGoneSignal(res)));
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/alerts/:id',
      tag: 'alerts',
      access: 'user',
      params: IdParams,
      summary: 'One of your alerts or docket follows',
      responses: { 200: { description: 'The alert', schema: AlertResponse }, 404: NOT_YOURS },
    },
    async ({ params }, req, res) => {
      res.json({ alert: await alerts.get(ownerOf(req), params.id) });
    },
  );

  api.route(
    {
      method: 'put',
      path: '/api/alerts/:id',
      tag: 'alerts',
      access: 'user',
      params: IdParams,
      body: AlertDefinition,
      summary: "Replace an alert's whole definition (for a docket follow only name, schedule and channels apply)",
      responses: { 200: { description: 'The updated alert', schema: AlertResponse }, 404: NOT_YOURS },
    },
    async ({ params, body }, req, res) => {
      res.json({ alert: await alerts.update(ownerOf(req), params.id, body) });
    },
  );

  api.route(
    {
      method: 'delete',
      path: '/api/alerts/:id',
      tag: 'alerts',
      access: 'user',
      params: IdParams,
      summary: 'Delete an alert and its hits (unfollows a docket)',
      responses: { 204: { description: 'Deleted' }, 404: NOT_YOURS },
    },
    async ({ params }, req, res) => {
      await alerts.remove(ownerOf(req), params.id);
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'put',
      path: '/api/alerts/:id/paused',
      tag: 'alerts',
      access: 'user',
      params: IdParams,
      body: PausedBody,
      summary: 'Pause or resume an alert (a paused alert matches nothing)',
      responses: { 200: { description: 'The alert', schema: AlertResponse }, 404: NOT_YOURS },
    },
    async ({ params, body }, req, res) => {
      res.json({ alert: await alerts.setPaused(ownerOf(req), params.id, body.paused) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/alerts/:id/test',
      tag: 'alerts',
      access: 'user',
      params: IdParams,
      summary: 'Send a test now on every channel of the alert (its latest hits, or a sample)',
      responses: {
        200: { description: 'The test deliveries as recorded', schema: DeliveriesResponse },
        404: NOT_YOURS,
      },
    },
    async ({ params }, req, res) => {
      res.json({ deliveries: await alerts.sendTest(ownerOf(req), params.id) });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/alerts/:id/hits',
      tag: 'alerts',
      access: 'user',
      params: IdParams,
      query: LimitQuery,
      summary:
        'The documents the alert matched, newest first, with highlighted snippets and the delivery that carried each',
      responses: { 200: { description: 'Recent hits', schema: AlertHitsResponse }, 404: NOT_YOURS },
    },
    async ({ params, query }, req, res) => {
      res.json({ hits: await alerts.hits(ownerOf(req), params.id, query.limit) });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/alerts/:id/deliveries',
      tag: 'alerts',
      access: 'user',
      params: IdParams,
      query: LimitQuery,
      summary: 'How the alert was delivered, per channel: sent, pending, retrying or failed and why',
      responses: { 200: { description: 'Deliveries, newest first', schema: DeliveriesResponse }, 404: NOT_YOURS },
    },
    async ({ params, query }, req, res) => {
      res.json({ deliveries: await alerts.deliveries(ownerOf(req), params.id, query.limit) });
    },
  );

  api.route(
    {
      method: 'get',
      path: '/api/docket-follows',
      tag: 'alerts',
      access: 'user',
      summary: 'The dockets you follow, each with its cadence and channels',
      responses: { 200: { description: 'Your docket follows (alerts of kind docket)', schema: AlertsResponse } },
    },
    async (_input, req, res) => {
      res.json({ alerts: await alerts.list(ownerOf(req), 'docket') });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/docket-follows',
      tag: 'alerts',
      access: 'user',
      body: FollowDocketBody,
      summary:
        'Follow a docket: every new filing on it reaches you ' +
        '(real-time, in-app and e-mail unless said otherwise); following twice returns the same follow',
      responses: {
        200: { description: 'The follow (an alert of kind docket)', schema: AlertResponse },
        404: { description: 'docketId names no docket' },
      },
    },
    async ({ body }, req, res) => {
      const docket = body.docketId ? await knownDocket(documents, body) : body;
      res.json({ alert: await alerts.followDocket(ownerOf(req), docket) });
    },
  );
}

/**
 * A follow that names a docket by id follows that docket as the documents service has it: its own
 * number, title and source, whatever the client described. An id that is no docket (another kind of
 * id, a guess) is refused rather than kept as a follow that can never match.
 */
async function knownDocket(documents: Pick<DocumentsGateway, 'getDocket'>, body: FollowDocket): Promise<FollowDocket> {
  const found = await documents.getDocket(body.docketId).catch((error: unknown) => {
    throw error instanceof NotFoundError ? new NotFoundError('no such docket') : error;
  });
  const { docket, source } = found;
  const sourceName = source?.name ?? docket.sourceId;
  return { ...body, docketId: docket.id, docketNumber: docket.number, title: docket.title, sourceName };
}
