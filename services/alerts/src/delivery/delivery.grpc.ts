import type { Logger } from '@docket/observability';
import {
  Channel,
  DeliveryKind,
  DeliveryStatus,
  type AlertServiceServer,
  type Delivery,
  type DescribeUnsubscribeRequest,
  type DescribeUnsubscribeResponse,
  type ListDeliveriesRequest,
  type ListDeliveriesResponse,
  type SendTestAlertRequest,
  type SendTestAlertResponse,
  type UnsubscribeRequest,
  type UnsubscribeResponse,
} from '@docket/proto/src/alerts';
import { unary } from '@docket/service-kit';
import type { DeliveryKindName, DeliveryRecord, DeliveryStatusName } from '../domain/delivery';
import type { ChannelName } from '../domain/delivery-ports';
import type { DeliveryService } from './delivery.service';

export type DeliveryHandlers = Pick<
  AlertServiceServer,
  'sendTestAlert' | 'listDeliveries' | 'describeUnsubscribe' | 'unsubscribe'
>;

/** AlertService's delivery RPCs, merged into the alerts gRPC server by app.ts (alertServiceBinding). */
export function deliveryHandlers(deps: { service: DeliveryService; logger: Logger }): DeliveryHandlers {
  const { service, logger } = deps;
  return {
    sendTestAlert: unary<SendTestAlertRequest, SendTestAlertResponse>(logger, async (request) => ({
      deliveries: (await service.sendTest(request.ownerUserId, request.alertId)).map((d) =>
        toProto(d, request.alertId),
      ),
    })),
    listDeliveries: unary<ListDeliveriesRequest, ListDeliveriesResponse>(logger, async (request) => ({
      deliveries: (await service.listDeliveries(request.ownerUserId, request.alertId, request.limit)).map((d) =>
        toProto(d, request.alertId),
      ),
    })),
    describeUnsubscribe: unary<DescribeUnsubscribeRequest, DescribeUnsubscribeResponse>(logger, (request) =>
      service.describeUnsubscribe(request.token),
    ),
    unsubscribe: unary<UnsubscribeRequest, UnsubscribeResponse>(logger, (request) =>
      service.unsubscribe(request.token),
    ),
  };
}

const CHANNELS: Record<ChannelName, Channel> = {
  in_app: Channel.CHANNEL_IN_APP,
  email: Channel.CHANNEL_EMAIL,
  webhook: Channel.CHANNEL_WEBHOOK,
};
const KINDS: Record<DeliveryKindName, DeliveryKind> = {
  realtime: DeliveryKind.DELIVERY_KIND_REALTIME,
  digest: DeliveryKind.DELIVERY_KIND_DIGEST,
  test: DeliveryKind.DELIVERY_KIND_TEST,
  // An export's e-mail belongs to no alert, so no alert's history lists it.
  export: DeliveryKind.DELIVERY_KIND_UNSPECIFIED,
  // Nor does a data product release's message (it belongs to a data subscription).
  release: DeliveryKind.DELIVERY_KIND_UNSPECIFIED,
};
const STATUSES: Record<DeliveryStatusName, DeliveryStatus> = {
  held: DeliveryStatus.DELIVERY_STATUS_PENDING,
  pending: DeliveryStatus.DELIVERY_STATUS_PENDING,
  sent: DeliveryStatus.DELIVERY_STATUS_SENT,
  retrying: DeliveryStatus.DELIVERY_STATUS_RETRYING,
  failed: DeliveryStatus.DELIVERY_STATUS_FAILED,
};

/** A delivery as one alert's history shows it (a digest's count is that alert's part of it). */
function toProto(delivery: DeliveryRecord, alertId: string): Delivery {
  const section = delivery.sections.find((s) => s.alertId === alertId);
  return {
    key: delivery.key,
    alertId,
    channel: CHANNELS[delivery.channel],
    kind: KINDS[delivery.kind],
    status: STATUSES[delivery.status],
    attempts: delivery.attempts,
    error: delivery.error,
    documentCount: section?.total ?? delivery.documentCount,
    createdAt: delivery.createdAt,
    sentAt: delivery.sentAt,
    nextAttemptAt: delivery.nextAttemptAt,
    label: delivery.label,
  };
}
