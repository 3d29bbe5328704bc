// Shapes of the alerts API: aliases of the types generated from the BFF's OpenAPI document.
import type { components } from '@/lib/api/schema';

type Schemas = components['schemas'];

export type Alert = Schemas['Alert'];
export type AlertDefinition = Schemas['AlertDefinitionView'];
export type AlertFilters = AlertDefinition['filters'];
export type AlertSchedule = AlertDefinition['schedule'];
export type AlertChannels = AlertDefinition['channels'];
export type Cadence = AlertSchedule['cadence'];
export type AlertHit = Schemas['AlertHit'];
export type Delivery = Schemas['Delivery'];
export type Notification = Schemas['Notification'];
export type NotificationEvent = Schemas['NotificationEvent'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type VolumeEstimate = Schemas['VolumeEstimate'];
