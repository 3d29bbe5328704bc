import { newEventFields, pendingEvent, topics, type TopicDef } from '@docket/events';
import type { AlertTriggered } from '@docket/proto/src/alert-events';
import type { TriggeredEventOf } from '../domain/delivery-ports';

/** Builds the outbox entry stored with a new hit: alerts.triggered.v1 for one alert and one document. */

export function alertTriggeredEvents(topic: TopicDef<AlertTriggered> = topics.alertTriggered): TriggeredEventOf {
  return (hit) =>
    pendingEvent(topic, {
      ...newEventFields(),
      subscriptionId: hit.alertId,
      userId: hit.ownerUserId,
      documentIds: [hit.documentId],
    });
}
