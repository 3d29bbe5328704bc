/**
 * A subscription to a data product: who is told when a release is published, on which channels, and
 * (optionally) about which rows only. Validation lists every problem at once, each naming its field
 * as the wire does (`channels.email`, `filters[0].values`), in one InputError.
 */
import { InputError, type FieldIssue } from '@docket/errors';
import type { WebhookEndpointOwnership } from './delivery-ports';

/** E-mail: none, one per release at once, or held for the daily digest. */
export type EmailModeName = 'off' | 'immediate' | 'digest';
export const EMAIL_MODES: readonly EmailModeName[] = ['off', 'immediate', 'digest'];

export interface DataSubscriptionChannels {
  inApp: boolean;
  email: EmailModeName;
  /** '' for none. */
  webhookEndpointId: string;
}

export type RowFilterOp = 'in' | 'contains' | 'range';
export const ROW_FILTER_OPS: readonly RowFilterOp[] = ['in', 'contains', 'range'];

/** A filter on one column, as the documents service's ReadReleaseRows takes it (values as text). */
export interface SubscriptionRowFilter {
  column: string;
  op: RowFilterOp;
  values: string[];
  text: string;
  min: string;
  max: string;
}

export interface DataSubscriptionRecord {
  id: string;
  ownerUserId: string;
  ownerEmail: string;
  dataProductId: string;
  /** The product's name when the subscription was saved (messages use it). */
  dataProductName: string;
  channels: DataSubscriptionChannels;
  /** ANDed; empty: every change. */
  filters: SubscriptionRowFilter[];
  createdAt: Date;
  updatedAt: Date;
  lastReleaseId: string;
  lastNotifiedAt?: Date | undefined;
}

/** What the user edits, as it comes off the wire (the email mode as a name, '' when unset). */
export interface DataSubscriptionInput {
  dataProductId: string;
  channels?: { inApp: boolean; email: string; webhookEndpointId: string } | undefined;
  filters: Array<{ column: string; op: string; values: string[]; text: string; min: string; max: string }>;
}

export type DataSubscriptionDefinition = Pick<DataSubscriptionRecord, 'dataProductId' | 'channels' | 'filters'>;

export const MAX_FILTERS = 5;
export const MAX_FILTER_VALUES = 100;
export const MAX_FILTER_TEXT = 200;
const MAX_ID_LENGTH = 200;
const PLAIN_COLUMN = /^[A-Za-z][A-Za-z0-9_]{0,62}$/u;

/**
 * Checks a definition against the product's columns (when known: the product has a table) and the
 * owner's webhook endpoints; returns it cleaned (values trimmed, empty ones dropped).
 */
export async function validateDataSubscription(
  input: DataSubscriptionInput,
  context: { ownerUserId: string; columns?: readonly string[] | undefined; endpoints: WebhookEndpointOwnership },
): Promise<DataSubscriptionDefinition> {
  const issues: FieldIssue[] = [];
  const dataProductId = input.dataProductId.trim();
  if (dataProductId === '') issues.push({ path: 'data_product_id', message: 'must not be empty' });
  else if (dataProductId.length > MAX_ID_LENGTH)
    issues.push({ path: 'data_product_id', message: `must be at most ${MAX_ID_LENGTH} characters` });
  const channels = await checkChannels(input.channels, context, issues);
  const filters = checkFilters(input.filters, context.columns, issues);
  if (issues.length > 0) throw new InputError(issues.map((i) => `${i.path}: ${i.message}`).join('; '), issues);
  return { dataProductId, channels, filters };
}

async function checkChannels(
  input: DataSubscriptionInput['channels'],
  context: { ownerUserId: string; endpoints: WebhookEndpointOwnership },
  issues: FieldIssue[],
): Promise<DataSubscriptionChannels> {
  const email = (input?.email || 'off') as EmailModeName;
  if (!EMAIL_MODES.includes(email))
    issues.push({ path: 'channels.email', message: `must be off, immediate or digest (not ${JSON.stringify(email)})` });
  const channels = {
    inApp: Boolean(input?.inApp),
    email: EMAIL_MODES.includes(email) ? email : 'off',
    webhookEndpointId: (input?.webhookEndpointId ?? '').trim(),
  };
  if (!channels.inApp && channels.email === 'off' && channels.webhookEndpointId === '')
    issues.push({ path: 'channels', message: 'must include at least one of in-app, e-mail or a webhook endpoint' });
  if (
    channels.webhookEndpointId !== '' &&
    !(await context.endpoints.isOwnersEndpoint(context.ownerUserId, channels.webhookEndpointId))
  )
    issues.push({
      path: 'channels.webhook_endpoint_id',
      message: `is not one of your webhook endpoints: ${JSON.stringify(channels.webhookEndpointId)}`,
    });
  return channels;
}

function checkFilters(
  input: DataSubscriptionInput['filters'],
  columns: readonly string[] | undefined,
  issues: FieldIssue[],
): SubscriptionRowFilter[] {
  if (input.length > MAX_FILTERS) {
    issues.push({ path: 'filters', message: `must be at most ${MAX_FILTERS} (there are ${input.length})` });
    return [];
  }
  return input.flatMap((raw, i) => {
    const at = `filters[${i}]`;
    const before = issues.length;
    const column = raw.column.trim();
    if (!PLAIN_COLUMN.test(column)) issues.push({ path: `${at}.column`, message: 'must name a column' });
    else if (columns && !columns.includes(column))
      issues.push({
        path: `${at}.column`,
        message: `is not a column of this product: ${JSON.stringify(column)} (it has ${columns.join(', ')})`,
      });
    const filter: SubscriptionRowFilter = { column, op: 'in', values: [], text: '', min: '', max: '' };
    if (raw.op === 'in') {
      filter.values = [...new Set(raw.values.map((v) => v.trim()).filter(Boolean))];
      if (filter.values.length === 0) issues.push({ path: `${at}.values`, message: 'must hold at least one value' });
      if (filter.values.length > MAX_FILTER_VALUES)
        issues.push({ path: `${at}.values`, message: `must hold at most ${MAX_FILTER_VALUES} values` });
      if (filter.values.some((v) => v.length > MAX_FILTER_TEXT))
        issues.push({ path: `${at}.values`, message: `each must be at most ${MAX_FILTER_TEXT} characters` });
    } else if (raw.op === 'contains') {
      filter.op = 'contains';
      filter.text = raw.text.trim();
      if (filter.text === '') issues.push({ path: `${at}.text`, message: 'must not be empty' });
      if (filter.text.length > MAX_FILTER_TEXT)
        issues.push({ path: `${at}.text`, message: `must be at most ${MAX_FILTER_TEXT} characters` });
    } else if (raw.op === 'range') {
      filter.op = 'range';
      filter.min = raw.min.trim();
      filter.max = raw.max.trim();
      if (filter.min === '' && filter.max === '')
        issues.push({ path: `${at}.min`, message: 'give a min, a max or both' });
      if (filter.min.length > MAX_FILTER_TEXT || filter.max.length > MAX_FILTER_TEXT)
        issues.push({ path: `${at}.max`, message: `bounds must be at most ${MAX_FILTER_TEXT} characters` });
    } else {
      issues.push({ path: `${at}.op`, message: `must be in, contains or range (not ${JSON.stringify(raw.op)})` });
    }
    return issues.length === before ? [filter] : [];
  });
}

/** "state is NY or NJ; utility contains “Edison”" — how a message names the rows a subscriber follows. */
export function describeFilters(filters: readonly SubscriptionRowFilter[]): string {
  return filters
    .map((f) => {
      const label = f.column.replace(/_/gu, ' ');
      if (f.op === 'in') return `${label} is ${f.values.join(' or ')}`;
      if (f.op === 'contains') return `${label} contains “${f.text}”`;
      if (f.min && f.max) return `${label} from ${f.min} to ${f.max}`;
      return f.min ? `${label} at least ${f.min}` : `${label} at most ${f.max}`;
    })
    .join('; ');
}
