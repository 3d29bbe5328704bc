import type { Logger } from '@docket/observability';
import type {
  CreateDataSubscriptionRequest,
  CreateDataSubscriptionResponse,
  DeleteDataSubscriptionRequest,
  DeleteDataSubscriptionResponse,
  ListDataSubscriptionsRequest,
  ListDataSubscriptionsResponse,
  UpdateDataSubscriptionRequest,
  UpdateDataSubscriptionResponse,
} from '@docket/proto/src/alerts';
import { unary } from '@docket/service-kit';
import type { AlertHandlers } from '../alert-service.binding';
import { subscriptionInput, subscriptionToProto } from './data-subscription.mapper';
import type { DataSubscriptionService } from './data-subscription.service';

/** The data subscriptions' part of AlertService. */
export function dataSubscriptionHandlers(deps: {
  subscriptions: DataSubscriptionService;
  logger: Logger;
}): AlertHandlers {
  const { subscriptions, logger } = deps;
  return {
    createDataSubscription: unary<CreateDataSubscriptionRequest, CreateDataSubscriptionResponse>(
      logger,
      async (request) => ({
        subscription: subscriptionToProto(
          await subscriptions.create(request.ownerUserId, request.ownerEmail, subscriptionInput(request.definition)),
        ),
      }),
    ),
    updateDataSubscription: unary<UpdateDataSubscriptionRequest, UpdateDataSubscriptionResponse>(
      logger,
      async (request) => ({
        subscription: subscriptionToProto(
          await subscriptions.update(
            request.ownerUserId,
            request.ownerEmail,
            request.subscriptionId,
            subscriptionInput(request.definition),
          ),
        ),
      }),
    ),
    listDataSubscriptions: unary<ListDataSubscriptionsRequest, ListDataSubscriptionsResponse>(
      logger,
      async (request) => ({
        subscriptions: (await subscriptions.list(request.ownerUserId, request.dataProductId)).map(subscriptionToProto),
      }),
    ),
    deleteDataSubscription: unary<DeleteDataSubscriptionRequest, DeleteDataSubscriptionResponse>(
      logger,
      async (request) => {
        await subscriptions.delete(request.ownerUserId, request.subscriptionId);
        return {};
      },
    ),
  };
}
