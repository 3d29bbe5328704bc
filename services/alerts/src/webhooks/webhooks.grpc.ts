import type { Logger } from '@docket/observability';
import type {
  AlertServiceServer,
  CreateWebhookEndpointRequest,
  CreateWebhookEndpointResponse,
  DeleteWebhookEndpointRequest,
  DeleteWebhookEndpointResponse,
  EnableWebhookEndpointRequest,
  EnableWebhookEndpointResponse,
  ListWebhookEndpointsRequest,
  ListWebhookEndpointsResponse,
  WebhookEndpoint,
} from '@docket/proto/src/alerts';
import { unary } from '@docket/service-kit';
import type { WebhookEndpointRecord } from './webhook-endpoint';
import type { WebhookEndpointsService } from './webhook-endpoints.service';

export type WebhookHandlers = Pick<
  AlertServiceServer,
  'createWebhookEndpoint' | 'listWebhookEndpoints' | 'deleteWebhookEndpoint' | 'enableWebhookEndpoint'
>;

/** AlertService's webhook endpoint RPCs, for the alerts gRPC server to merge into its implementation. */
export function webhookHandlers(deps: { endpoints: WebhookEndpointsService; logger: Logger }): WebhookHandlers {
  const { endpoints, logger } = deps;
  return {
    createWebhookEndpoint: unary<CreateWebhookEndpointRequest, CreateWebhookEndpointResponse>(
      logger,
      async (request) => {
        const { endpoint, secret } = await endpoints.create(request.ownerUserId, {
          url: request.url,
          description: request.description,
        });
        return { endpoint: toProto(endpoint), secret };
      },
    ),
    listWebhookEndpoints: unary<ListWebhookEndpointsRequest, ListWebhookEndpointsResponse>(logger, async (request) => ({
      endpoints: (await endpoints.list(request.ownerUserId)).map(toProto),
    })),
    deleteWebhookEndpoint: unary<DeleteWebhookEndpointRequest, DeleteWebhookEndpointResponse>(
      logger,
      async (request) => {
        await endpoints.delete(request.ownerUserId, request.endpointId);
        return {};
      },
    ),
    enableWebhookEndpoint: unary<EnableWebhookEndpointRequest, EnableWebhookEndpointResponse>(
      logger,
      async (request) => ({
        endpoint: toProto(await endpoints.enable(request.ownerUserId, request.endpointId)),
      }),
    ),
  };
}

/** The endpoint as the owner sees it: never its secret. */
function toProto(endpoint: WebhookEndpointRecord): WebhookEndpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    disabled: endpoint.disabled,
    disabledReason: endpoint.disabledReason,
    consecutiveFailures: endpoint.consecutiveFailures,
    createdAt: endpoint.createdAt,
    lastSuccessAt: endpoint.lastSuccessAt,
  };
}
