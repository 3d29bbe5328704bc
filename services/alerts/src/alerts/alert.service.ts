import { InputError, NotFoundError } from '@docket/errors';
import { normalizeDocketNumber } from '@docket/query-language';
import { followKeyOf, type AlertChangeSink, type AlertRecord } from '../domain/alert';
import {
  validateAlertDefinition,
  validateFollow,
  validateFollowUpdate,
  type AlertDefinitionInput,
  type FollowInput,
  type WebhookEndpointLookup,
} from '../domain/alert-definition';
import type { AlertKindName, HitForDelivery } from '../domain/delivery-ports';
import type { AlertRepository } from './alert.repository';
import type { HitRepository } from './hit.repository';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
export const DEFAULT_HITS_PAGE = 20;
export const MAX_HITS_PAGE = 200;

/** An alert as listed: with its hits of the last 7 days. */
export interface AlertView extends AlertRecord {
  hitsThisWeek: number;
}

/**
 * Alerts and docket follows, owner-scoped: another user's alert is not found (never "forbidden",
 * so ids cannot be probed). Every change reaches this process's percolation index at once.
 */
export class AlertService {
  constructor(
    private readonly deps: {
      alerts: AlertRepository;
      hits: HitRepository;
      index: AlertChangeSink;
      endpoints: WebhookEndpointLookup;
      maxPerUser: number;
      now?: () => Date;
    },
  ) {}

  async create(ownerUserId: string, ownerEmail: string, input: AlertDefinitionInput): Promise<AlertView> {
    requireOwner(ownerUserId);
    const { definition } = await validateAlertDefinition(input, ownerUserId, this.deps.endpoints);
    await this.checkLimit(ownerUserId);
    const alert = await this.deps.alerts.insert({ ownerUserId, ownerEmail, kind: 'search', definition });
    this.deps.index.apply(alert);
    return { ...alert, hitsThisWeek: 0 };
  }

  async update(
    ownerUserId: string,
    ownerEmail: string,
    alertId: string,
    input: AlertDefinitionInput,
  ): Promise<AlertView> {
    const current = await this.owned(ownerUserId, alertId);
    const definition =
      current.kind === 'docket'
        ? await validateFollowUpdate(input, current.definition, ownerUserId, this.deps.endpoints)
        : (await validateAlertDefinition(input, ownerUserId, this.deps.endpoints)).definition;
    const alert = await this.deps.alerts.replaceDefinition(ownerUserId, alertId, definition, ownerEmail);
    if (!alert) throw notFound(alertId);
    this.deps.index.apply(alert);
    return this.view(alert);
  }

  async get(ownerUserId: string, alertId: string): Promise<AlertView> {
    return this.view(await this.owned(ownerUserId, alertId));
  }

  async list(ownerUserId: string, kind?: AlertKindName): Promise<AlertView[]> {
    requireOwner(ownerUserId);
    const alerts = await this.deps.alerts.listOwned(ownerUserId, kind);
    const counts = await this.deps.hits.countByAlertSince(ownerUserId, this.weekAgo());
    return alerts.map((alert) => ({ ...alert, hitsThisWeek: counts.get(alert.id) ?? 0 }));
  }

  /** Deletes the alert and its hits (the alert first: percolation stops adding hits to it). */
  async delete(ownerUserId: string, alertId: string): Promise<void> {
    const alert = await this.deps.alerts.markDeleted(ownerUserId, alertId);
    if (!alert) throw notFound(alertId);
    this.deps.index.apply(alert);
    await this.deps.hits.deleteOfAlert(alertId);
  }

  async setPaused(ownerUserId: string, alertId: string, paused: boolean): Promise<AlertView> {
    const alert = await this.deps.alerts.setPaused(ownerUserId, alertId, paused);
    if (!alert) throw notFound(alertId);
    this.deps.index.apply(alert);
    return this.view(alert);
  }

  async hits(ownerUserId: string, alertId: string, limit: number): Promise<HitForDelivery[]> {
    const size = limit === 0 ? DEFAULT_HITS_PAGE : limit;
    if (!Number.isInteger(size) || size < 1 || size > MAX_HITS_PAGE) {
      throw new InputError(`limit: must be between 1 and ${MAX_HITS_PAGE}`, [
        { path: 'limit', message: `must be between 1 and ${MAX_HITS_PAGE}` },
      ]);
    }
    await this.owned(ownerUserId, alertId);
    return this.deps.hits.latest(alertId, size);
  }

  /** Follows a docket; following it again returns the existing follow unchanged. */
  async follow(ownerUserId: string, ownerEmail: string, input: FollowInput): Promise<AlertView> {
    requireOwner(ownerUserId);
    const { definition, docket } = await validateFollow(input, ownerUserId, this.deps.endpoints);
    const followKey = followKeyOf(docket, normalizeDocketNumber);
    const existing = await this.deps.alerts.findByFollowKey(ownerUserId, followKey);
    if (existing) return this.view(existing);
    await this.checkLimit(ownerUserId);
    try {
      const alert = await this.deps.alerts.insert(
        { ownerUserId, ownerEmail, kind: 'docket', definition, docket },
        followKey,
      );
      this.deps.index.apply(alert);
      return { ...alert, hitsThisWeek: 0 };
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      // Followed at the same moment by another request: that follow is the one.
      const raced = await this.deps.alerts.findByFollowKey(ownerUserId, followKey);
      if (!raced) throw error;
      return this.view(raced);
    }
  }

  private async owned(ownerUserId: string, alertId: string): Promise<AlertRecord> {
    requireOwner(ownerUserId);
    const alert = alertId.trim() === '' ? undefined : await this.deps.alerts.findOwned(ownerUserId, alertId);
    if (!alert) throw notFound(alertId);
    return alert;
  }

  private async view(alert: AlertRecord): Promise<AlertView> {
    const counts = await this.deps.hits.countByAlertSince(alert.ownerUserId, this.weekAgo());
    return { ...alert, hitsThisWeek: counts.get(alert.id) ?? 0 };
  }

  private async checkLimit(ownerUserId: string): Promise<void> {
    const count = await this.deps.alerts.countOwned(ownerUserId);
    if (count >= this.deps.maxPerUser) {
      const message =
        `you already have ${count} alerts and docket follows, the most one user may keep (${this.deps.maxPerUser}); ` +
        `delete one first`;
      throw new InputError(`alerts: ${message}`, [{ path: 'alerts', message }]);
    }
  }

  private weekAgo(): Date {
    return new Date((this.deps.now?.() ?? new Date()).getTime() - WEEK_MS);
  }
}

function requireOwner(ownerUserId: string): void {
  if (ownerUserId.trim() === '')
    throw new InputError('owner_user_id: must not be empty', [{ path: 'owner_user_id', message: 'must not be empty' }]);
}

function notFound(alertId: string): NotFoundError {
  return new NotFoundError(`alert ${alertId} not found`);
}
