import type { AlertRepository, HitRepository } from '../alerts';
import { toAlertForDelivery } from '../domain/alert';
import type { AlertForDelivery, AlertSource, CadenceName, HitForDelivery, HitSource } from '../domain/delivery-ports';

/** What delivery reads of alerts (and the two flags it sets), over the alert store. */
export class StoredAlertSource implements AlertSource {
  constructor(private readonly alerts: AlertRepository) {}

  async alert(alertId: string): Promise<AlertForDelivery | null> {
    const alert = await this.alerts.findLive(alertId);
    return alert ? toAlertForDelivery(alert) : null;
  }

  async alertsOfOwner(ownerUserId: string, cadence: CadenceName): Promise<AlertForDelivery[]> {
    return (await this.alerts.activeOfOwner(ownerUserId, cadence)).map(toAlertForDelivery);
  }

  ownersWithCadence(cadence: CadenceName): AsyncIterable<string> {
    return this.alerts.ownersWithCadence(cadence);
  }

  setVolumeNotice(alertId: string, notice: string): Promise<void> {
    return this.alerts.setVolumeNotice(alertId, notice);
  }

  setEmailUnsubscribed(alertId: string, unsubscribed: boolean): Promise<void> {
    return this.alerts.setEmailUnsubscribed(alertId, unsubscribed);
  }
}

/** What delivery reads of hits, and how it records which delivery carried them. */
export class StoredHitSource implements HitSource {
  constructor(private readonly hits: HitRepository) {}

  undeliveredHits(alertId: string, limit: number): Promise<HitForDelivery[]> {
    return this.hits.undelivered(alertId, limit);
  }

  countUndelivered(alertId: string): Promise<number> {
    return this.hits.countUndelivered(alertId);
  }

  markDelivered(hitIds: string[], deliveryKey: string): Promise<void> {
    return this.hits.markDelivered(hitIds, deliveryKey);
  }
}
