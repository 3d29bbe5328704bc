/** The words alerts' views and schemas share: cadences, kinds, channels and delivery states. */
export const cadences = ['realtime', 'daily', 'weekly'] as const;
export const alertKinds = ['search', 'docket'] as const;
export const channelNames = ['in_app', 'email', 'webhook'] as const;
export const deliveryStatuses = ['pending', 'sent', 'retrying', 'failed'] as const;
export const deliveryKinds = ['realtime', 'digest', 'test'] as const;

export type CadenceName = (typeof cadences)[number];
export type AlertKindName = (typeof alertKinds)[number];
