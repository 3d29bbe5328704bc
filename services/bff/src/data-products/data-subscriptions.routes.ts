import { ownerOf } from '../alerts';
import type { ApiRouter } from '../http/api-router';
import type { DataSubscriptionsGateway } from './data-subscriptions.gateway';
import {
  CreateDataSubscriptionBody,
  DataSubscriptionParams,
  DataSubscriptionResponse,
  DataSubscriptionsQuery,
  DataSubscriptionsResponse,
  UpdateDataSubscriptionBody,
} from './data-subscriptions.schemas';

const NOT_YOURS = { description: "No such subscription of yours (another user's is answered the same way)" };

/**
 * /api/data-subscriptions: the signed-in user's subscriptions to data products, each telling them
 * (in-app, e-mail, webhook) what a new release changed, over only the rows their filters match.
 */
export function registerDataSubscriptionRoutes(
  api: ApiRouter,
  deps: { subscriptions: DataSubscriptionsGateway },
): void {
  const { subscriptions } = deps;

  api.route(
    {
      method: 'get',
      path: '/api/data-subscriptions',
      tag: 'catalog',
      access: 'user',
      query: DataSubscriptionsQuery,
      summary: 'Your data product subscriptions (one product only with dataProductId)',
      responses: { 200: { description: 'Your subscriptions', schema: DataSubscriptionsResponse } },
    },
    async ({ query }, req, res) => {
      res.json({ subscriptions: await subscriptions.list(ownerOf(req), query.dataProductId) });
    },
  );

  api.route(
    {
      method: 'post',
      path: '/api/data-subscriptions',
      tag: 'catalog',
      access: 'user',
      body: CreateDataSubscriptionBody,
      summary: 'Subscribe to a data product: its channels and, optionally, filters on its rows',
      responses: {
        201: { description: 'The subscription', schema: DataSubscriptionResponse },
        409: { description: 'You already subscribe to this product (edit that one)' },
      },
    },
    async ({ body }, req, res) => {
      res.status(201).json({ subscription: await subscriptions.create(ownerOf(req), body) });
    },
  );

  api.route(
    {
      method: 'patch',
      path: '/api/data-subscriptions/:subscriptionId',
      tag: 'catalog',
      access: 'user',
      params: DataSubscriptionParams,
      body: UpdateDataSubscriptionBody,
      summary: "Change a subscription's channels or filters (the product stays)",
      responses: { 200: { description: 'The subscription', schema: DataSubscriptionResponse }, 404: NOT_YOURS },
    },
    async ({ params, body }, req, res) => {
      res.json({ subscription: await subscriptions.update(ownerOf(req), params.subscriptionId, body) });
    },
  );

  api.route(
    {
      method: 'delete',
      path: '/api/data-subscriptions/:subscriptionId',
      tag: 'catalog',
      access: 'user',
      params: DataSubscriptionParams,
      summary: 'Unsubscribe',
      responses: { 204: { description: 'Unsubscribed' }, 404: NOT_YOURS },
    },
    async ({ params }, req, res) => {
      await subscriptions.delete(ownerOf(req), params.subscriptionId);
      res.status(204).end();
    },
  );
}
