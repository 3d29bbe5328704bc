import type { ApiRouter } from '../http/api-router';
import { IdParams } from '../http/common.schemas';
import type { AlertsGateway } from './alerts.gateway';
import { ownerOf } from './alerts.routes';
import {
  CreatedWebhookEndpointResponse,
  CreateWebhookEndpointBody,
  WebhookEndpointResponse,
  WebhookEndpointsResponse,
} from './alerts.schemas';

const NOT_YOURS = { description: 'No such endpoint of yours' };

/** /api/webhook-endpoints: where webhook alerts are posted (Standard Webhooks, signed with the endpoint's secret). */
export function registerWebhookEndpointRoutes(api: ApiRouter, deps: { alerts: AlertsGateway }): void {
  const { alerts } = deps;

  api.route(
    {
      method: 'get',
      path: '/api/webhook-endpoints',
      tag: 'alerts',
      access: 'user',
      summary: 'Your webhook endpoints, disabled ones with the reason',
      responses: { 200: { description: 'Your endpoints', schema: WebhookEndpointsResponse } },
    },
    async (_input, req, res) => {
      res.json({ endpoints: await alerts.webhookEndpoints(ownerOf(req)) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/webhook-endpoints',
      tag: 'alerts',
      access: 'user',
      body: CreateWebhookEndpointBody,
      summary: 'Add a webhook endpoint (http(s), not a private address); its signing secret is answered this once only',
      responses: {
        201: { description: 'The endpoint and its secret', schema: CreatedWebhookEndpointResponse },
        409: { description: 'Over the number of endpoints a user may keep' },
      },
    },
    async ({ body }, req, res) => {
      res.status(201).json(await alerts.createWebhookEndpoint(ownerOf(req), body.url, body.description));
    },
  );

  api.route(
    {
      method: 'delete',
      path: '/api/webhook-endpoints/:id',
      tag: 'alerts',
      access: 'user',
      params: IdParams,
      summary: 'Delete a webhook endpoint',
      responses: { 204: { description: 'Deleted' }, 404: NOT_YOURS },
    },
    async ({ params }, req, res) => {
      await alerts.deleteWebhookEndpoint(ownerOf(req), params.id);
      res.status(204).end();
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/webhook-endpoints/:id/enable',
      tag: 'alerts',
      access: 'user',
      params: IdParams,
      summary: 'Turn a disabled endpoint back on (its failure count starts again)',
      responses: { 200: { description: 'The endpoint', schema: WebhookEndpointResponse }, 404: NOT_YOURS },
    },
    async ({ params }, req, res) => {
      res.json({ endpoint: await alerts.enableWebhookEndpoint(ownerOf(req), params.id) });
    },
  );
}
