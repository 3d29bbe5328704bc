import { InputError, NotFoundError } from '@docket/errors';
import * as alertsV1 from '@docket/proto/src/alerts';
import { grpcCall } from '@docket/service-kit';
import type { AlertOwner } from '../alerts';
import { isoOrNull } from '../grpc/timestamps';
import type {
  DataSubscriptionFilterView,
  DataSubscriptionInput,
  DataSubscriptionView,
  EmailModeName,
  SubscriptionFilterOp,
} from './data-subscription-view';

const { EmailMode } = alertsV1;
const MODES: Record<EmailModeName, alertsV1.EmailMode> = {
  off: EmailMode.EMAIL_MODE_OFF,
  immediate: EmailMode.EMAIL_MODE_IMMEDIATE,
  digest: EmailMode.EMAIL_MODE_DIGEST,
};
const MODE_NAMES: Partial<Record<alertsV1.EmailMode, EmailModeName>> = {
  [EmailMode.EMAIL_MODE_IMMEDIATE]: 'immediate',
  [EmailMode.EMAIL_MODE_DIGEST]: 'digest',
};

/** The alerts service's data subscriptions (AlertService), always the owner's own. */
export class DataSubscriptionsGateway {
  constructor(private readonly client: alertsV1.AlertServiceClient) {}

  async list(owner: AlertOwner, dataProductId = ''): Promise<DataSubscriptionView[]> {
    const response = await grpcCall(this.client, 'listDataSubscriptions', { ownerUserId: owner.id, dataProductId });
    return response.subscriptions.map(toView);
  }

  async create(owner: AlertOwner, input: DataSubscriptionInput): Promise<DataSubscriptionView> {
    const response = await withFieldNames(
      grpcCall(this.client, 'createDataSubscription', {
        ownerUserId: owner.id,
        ownerEmail: owner.email,
        definition: toDefinition(input),
      }),
    );
    return toView(required(response.subscription));
  }

  /** Channels or filters left out stay as they are. */
  async update(
    owner: AlertOwner,
    subscriptionId: string,
    changes: Partial<Omit<DataSubscriptionInput, 'dataProductId'>>,
  ): Promise<DataSubscriptionView> {
    const current = (await this.list(owner)).find((s) => s.id === subscriptionId);
    if (!current) throw new NotFoundError(`no data subscription ${subscriptionId}`);
    const response = await withFieldNames(
      grpcCall(this.client, 'updateDataSubscription', {
        ownerUserId: owner.id,
        ownerEmail: owner.email,
        subscriptionId,
        definition: toDefinition({
          dataProductId: current.dataProductId,
          channels: changes.channels ?? current.channels,
          filters: changes.filters ?? current.filters,
        }),
      }),
    );
    return toView(required(response.subscription));
  }

  async delete(owner: AlertOwner, subscriptionId: string): Promise<void> {
    await grpcCall(this.client, 'deleteDataSubscription', { ownerUserId: owner.id, subscriptionId });
  }
}

function toDefinition(input: DataSubscriptionInput): alertsV1.DataSubscriptionDefinition {
  return {
    dataProductId: input.dataProductId,
    channels: {
      inApp: input.channels.inApp,
      email: MODES[input.channels.email],
      webhookEndpointId: input.channels.webhookEndpointId,
    },
    filters: input.filters.map((f) => ({ ...f, values: [...f.values] })),
  };
}

function toView(subscription: alertsV1.DataSubscription): DataSubscriptionView {
  const definition = subscription.definition;
  return {
    id: subscription.id,
    dataProductId: definition?.dataProductId ?? '',
    dataProductName: subscription.dataProductName,
    channels: {
      inApp: definition?.channels?.inApp ?? false,
      email: MODE_NAMES[definition?.channels?.email ?? EmailMode.EMAIL_MODE_OFF] ?? 'off',
      webhookEndpointId: definition?.channels?.webhookEndpointId ?? '',
    },
    filters: (definition?.filters ?? []).map((f): DataSubscriptionFilterView => ({
      column: f.column,
      op: f.op as SubscriptionFilterOp,
      values: f.values,
      text: f.text,
      min: f.min,
      max: f.max,
    })),
    createdAt: isoOrNull(subscription.createdAt),
    updatedAt: isoOrNull(subscription.updatedAt),
    lastReleaseId: subscription.lastReleaseId,
    lastNotifiedAt: isoOrNull(subscription.lastNotifiedAt),
  };
}

function required<T>(message: T | undefined): T {
  if (!message) throw new Error('the alerts service answered without the subscription asked for');
  return message;
}

/** The alerts service names fields as the wire does (channels.webhook_endpoint_id); the API in camelCase. */
async function withFieldNames<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof InputError)
      throw new InputError(
        error.message,
        error.issues.map((issue) => ({
          ...issue,
          path: issue.path.replace(/_([a-z])/gu, (_m, letter: string) => letter.toUpperCase()),
        })),
      );
    throw error;
  }
}
