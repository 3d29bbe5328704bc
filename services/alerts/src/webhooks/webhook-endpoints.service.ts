import { randomUUID } from 'node:crypto';
import { InputError, NotFoundError } from '@docket/errors';
import { BlockedAddressError, UnresolvedHostError, type AddressGuard } from './address-guard';
import { parseEndpointUrl } from './endpoint-url';
import type { WebhookEndpointOwnership, WebhookEndpointRecord, WebhookEndpointStore } from './webhook-endpoint';
import { newWebhookSecret } from './webhook-secret';

export const MAX_DESCRIPTION_LENGTH = 200;

export interface WebhookEndpointsOptions {
  endpoints: WebhookEndpointStore;
  guard: AddressGuard;
  maxPerUser: number;
  now?: () => Date;
}

/**
 * A user's webhook endpoints: create (URL checked, address included; the secret returned once),
 * list, delete, enable again. Everything is scoped by owner: another user's endpoint is not found.
 */
export class WebhookEndpointsService implements WebhookEndpointOwnership {
  private readonly now: () => Date;

  constructor(private readonly options: WebhookEndpointsOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async create(
    ownerUserId: string,
    input: { url: string; description: string },
  ): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
    const owner = requireOwner(ownerUserId);
    const description = input.description.trim();
    if (description.length > MAX_DESCRIPTION_LENGTH) {
      throw new InputError(`description: must be at most ${MAX_DESCRIPTION_LENGTH} characters`, [
        { path: 'description', message: `must be at most ${MAX_DESCRIPTION_LENGTH} characters` },
      ]);
    }
    const url = parseEndpointUrl(input.url);
    await this.checkReachable(url);
    const { endpoints, maxPerUser } = this.options;
    const overLimit = () => {
      const full = `you already have ${maxPerUser} webhook endpoints, the most allowed`;
      const message = `${full}: delete one before adding another`;
      return new InputError(`url: ${message}`, [{ path: 'url', message }]);
    };
    if ((await endpoints.countOfOwner(owner)) >= maxPerUser) throw overLimit();
    const at = this.now();
    const endpoint: WebhookEndpointRecord = {
      id: randomUUID(),
      ownerUserId: owner,
      url: url.toString(),
      description,
      secret: newWebhookSecret(),
      disabled: false,
      disabledReason: '',
      consecutiveFailures: 0,
      finalFailures: 0,
      lastError: '',
      generation: 0,
      createdAt: at,
      updatedAt: at,
    };
    await endpoints.insert(endpoint);
    // Without transactions two creations at once could both pass the check above: counted again
    // after the insert, the one that went past the limit is taken back (never more than the limit).
    if ((await endpoints.countOfOwner(owner)) > maxPerUser) {
      await endpoints.delete(owner, endpoint.id);
      throw overLimit();
    }
    return { endpoint, secret: endpoint.secret };
  }

  list(ownerUserId: string): Promise<WebhookEndpointRecord[]> {
    return this.options.endpoints.listOfOwner(requireOwner(ownerUserId));
  }

  async delete(ownerUserId: string, endpointId: string): Promise<void> {
    if (!(await this.options.endpoints.delete(requireOwner(ownerUserId), endpointId))) throw notFound(endpointId);
  }

  /** Turns the endpoint on again (its failure counts start again); its URL is checked again first. */
  async enable(ownerUserId: string, endpointId: string): Promise<WebhookEndpointRecord> {
    const owner = requireOwner(ownerUserId);
    const current = await this.options.endpoints.find(endpointId);
    if (!current || current.ownerUserId !== owner) throw notFound(endpointId);
    await this.checkReachable(new URL(current.url));
    const enabled = await this.options.endpoints.enable(owner, endpointId, this.now());
    if (!enabled) throw notFound(endpointId);
    return enabled;
  }

  async isOwnersEndpoint(ownerUserId: string, endpointId: string): Promise<boolean> {
    if (!ownerUserId.trim() || !endpointId.trim()) return false;
    const endpoint = await this.options.endpoints.find(endpointId);
    return endpoint !== null && endpoint.ownerUserId === ownerUserId;
  }

  /** The SSRF check at creation: a URL whose host is (or resolves to) a refused address is an input error. */
  private async checkReachable(url: URL): Promise<void> {
    try {
      await this.options.guard.check(url);
    } catch (error) {
      if (error instanceof BlockedAddressError || error instanceof UnresolvedHostError) {
        throw new InputError(`url: ${error.message}`, [{ path: 'url', message: error.message }]);
      }
      throw error;
    }
  }
}

function requireOwner(ownerUserId: string): string {
  const owner = ownerUserId.trim();
  if (!owner)
    throw new InputError('owner_user_id: must not be empty', [{ path: 'owner_user_id', message: 'must not be empty' }]);
  return owner;
}

function notFound(endpointId: string): NotFoundError {
  return new NotFoundError(`webhook endpoint ${endpointId} not found`);
}
