export type { WebhookEndpointOwnership } from '../domain/delivery-ports';
/** A user's webhook endpoint, as stored (the secret never leaves the alerts service but once, at creation). */
export interface WebhookEndpointRecord {
  id: string;
  ownerUserId: string;
  url: string;
  description: string;
  /** whsec_…: the Standard Webhooks signing secret. */
  secret: string;
  disabled: boolean;
  disabledReason: string;
  disabledAt?: Date | undefined;
  /** Failed attempts since the last success (every try counts). */
  consecutiveFailures: number;
  /** Messages given up on (all their retries failed) since the last success. */
  finalFailures: number;
  lastError: string;
  /** Incremented each time the endpoint is enabled again: one disabling notice per episode. */
  generation: number;
  createdAt: Date;
  updatedAt: Date;
  lastSuccessAt?: Date | undefined;
}

/** The endpoint store (store/webhook-endpoint.repository.ts). Every change is one conditional single-document write. */
export interface WebhookEndpointStore {
  insert(endpoint: WebhookEndpointRecord): Promise<void>;
  countOfOwner(ownerUserId: string): Promise<number>;
  /** Oldest first. */
  listOfOwner(ownerUserId: string): Promise<WebhookEndpointRecord[]>;
  find(endpointId: string): Promise<WebhookEndpointRecord | null>;
  /** Returns whether the owner had this endpoint. */
  delete(ownerUserId: string, endpointId: string): Promise<boolean>;
  /** Turns it on again with its failure counts at zero; null when the owner has no such endpoint. */
  enable(ownerUserId: string, endpointId: string, at: Date): Promise<WebhookEndpointRecord | null>;
  recordAttemptFailure(endpointId: string, error: string, at: Date): Promise<void>;
  recordSuccess(endpointId: string, at: Date): Promise<void>;
  /**
   * Counts a message given up on, unless the endpoint is disabled; the endpoint after it (null if gone or disabled).
   */
  recordFinalFailure(endpointId: string, reason: string, at: Date): Promise<WebhookEndpointRecord | null>;
  /** Disables it if it is enabled; the endpoint as this call disabled it, or null if it was not enabled. */
  disable(endpointId: string, reason: string, at: Date): Promise<WebhookEndpointRecord | null>;
}
