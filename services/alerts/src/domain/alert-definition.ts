/**
 * Validation of what a user submits for an alert or a docket follow. Every problem is listed at once,
 * each naming its field as the wire does (`schedule.cadence`, `filters.filed_from`), in one InputError.
 */
import { InputError, type FieldIssue } from '@docket/errors';
import {
  checkSearchFilters,
  hasSearchFilters,
  normalizeDocketNumber,
  parseQuery,
  QuerySyntaxError,
  restrictQuery,
  type QueryNode,
  type SearchFilters,
} from '@docket/query-language';
import {
  CADENCES,
  isCadence,
  type AlertChannels,
  type AlertDefinition,
  type AlertSchedule,
  type FollowedDocket,
} from './alert';
import type { WebhookEndpointOwnership } from './delivery-ports';

export const MAX_NAME_LENGTH = 120;
export const MAX_QUERY_LENGTH = 1_000;
export const MAX_QUESTION_LENGTH = 1_000;
export const MAX_DOCKET_FIELD_LENGTH = 300;
export const DEFAULT_TIME_ZONE = 'UTC';

/** A definition as it comes off the wire: cadence as a name ('' when unset, anything else when unknown). */
export interface AlertDefinitionInput {
  name: string;
  query: string;
  filters?: Partial<SearchFilters> | undefined;
  question: string;
  schedule?: { cadence: string; hour: number; weekday: number; timeZone: string } | undefined;
  channels?: AlertChannels | undefined;
}

export interface FollowInput {
  docket?: FollowedDocket | undefined;
  /** Unset: real-time. */
  schedule?: AlertDefinitionInput['schedule'];
  /** Unset: in-app and e-mail. */
  channels?: AlertChannels | undefined;
}

/** Whether an endpoint id is one of the owner's webhook endpoints (the webhook part answers). */
export type WebhookEndpointLookup = WebhookEndpointOwnership;

/** Validates a saved search's definition; returns it cleaned, with its parsed query. */
export async function validateAlertDefinition(
  input: AlertDefinitionInput,
  ownerUserId: string,
  endpoints: WebhookEndpointLookup,
): Promise<{ definition: AlertDefinition; query: QueryNode }> {
  const issues: FieldIssue[] = [];
  const name = checkName(input.name, issues);
  const text = input.query.trim();
  let query: QueryNode = { kind: 'and', children: [] };
  if (text.length > MAX_QUERY_LENGTH) {
    issues.push({ path: 'query', message: `must be at most ${MAX_QUERY_LENGTH} characters (it has ${text.length})` });
  } else if (text !== '') {
    try {
      query = parseQuery(text);
    } catch (error) {
      if (!(error instanceof QuerySyntaxError)) throw error;
      issues.push({ path: 'query', message: error.message });
    }
  }
  const { filters, issues: filterIssues } = checkSearchFilters(input.filters);
  issues.push(...filterIssues);
  if (text === '' && !hasSearchFilters(filters))
    issues.push({ path: 'query', message: 'must not be empty unless filters are given' });
  const question = input.question.trim();
  if (question.length > MAX_QUESTION_LENGTH)
    issues.push({ path: 'question', message: `must be at most ${MAX_QUESTION_LENGTH} characters` });
  const schedule = checkSchedule(input.schedule, issues, false);
  const channels = await checkChannels(input.channels, ownerUserId, endpoints, issues);
  throwIfAny(issues);
  return { definition: { name, query: text, filters, question, schedule, channels }, query };
}

/** Validates a docket follow; its name is the docket's (number and title). */
export async function validateFollow(
  input: FollowInput,
  ownerUserId: string,
  endpoints: WebhookEndpointLookup,
): Promise<{ definition: AlertDefinition; docket: FollowedDocket }> {
  const issues: FieldIssue[] = [];
  const docket = checkDocket(input.docket, issues);
  const schedule = checkSchedule(input.schedule, issues, true);
  const channels = input.channels
    ? await checkChannels(input.channels, ownerUserId, endpoints, issues)
    : { inApp: true, email: true, webhookEndpointId: '' };
  throwIfAny(issues);
  const name =
    [docket.docketNumber, docket.title].filter(Boolean).join(' · ').slice(0, MAX_NAME_LENGTH) ||
    `Docket ${docket.docketId}`;
  return {
    definition: { name, query: '', filters: checkSearchFilters(undefined).filters, question: '', schedule, channels },
    docket,
  };
}

/** A docket follow's own edits (UpdateAlert on a follow): schedule and channels, the name kept if blank. */
export async function validateFollowUpdate(
  input: AlertDefinitionInput,
  current: AlertDefinition,
  ownerUserId: string,
  endpoints: WebhookEndpointLookup,
): Promise<AlertDefinition> {
  const issues: FieldIssue[] = [];
  const name = input.name.trim() === '' ? current.name : checkName(input.name, issues);
  const schedule = checkSchedule(input.schedule, issues, false);
  const channels = await checkChannels(input.channels, ownerUserId, endpoints, issues);
  throwIfAny(issues);
  return { ...current, name, schedule, channels };
}

/** The saved search as one query: the user's query ANDed with its filters, as the search page does. */
export function alertQuery(definition: AlertDefinition, parsed?: QueryNode): QueryNode {
  const query = parsed ?? (definition.query === '' ? { kind: 'and', children: [] } : parseQuery(definition.query));
  return restrictQuery(query, definition.filters);
}

function checkName(raw: string, issues: FieldIssue[]): string {
  const name = raw.trim().replace(/\s+/gu, ' ');
  if (name === '') issues.push({ path: 'name', message: 'must not be empty' });
  else if ([...name].length > MAX_NAME_LENGTH)
    issues.push({ path: 'name', message: `must be at most ${MAX_NAME_LENGTH} characters` });
  return name;
}

function checkSchedule(
  input: AlertDefinitionInput['schedule'],
  issues: FieldIssue[],
  defaultRealtime: boolean,
): AlertSchedule {
  const schedule: AlertSchedule = { cadence: 'realtime', hour: 8, weekday: 1, timeZone: DEFAULT_TIME_ZONE };
  if (!input) {
    if (!defaultRealtime) issues.push({ path: 'schedule.cadence', message: `must be one of ${CADENCES.join(', ')}` });
    return schedule;
  }
  if (input.cadence === '' && defaultRealtime) schedule.cadence = 'realtime';
  else if (isCadence(input.cadence)) schedule.cadence = input.cadence;
  else
    issues.push({
      path: 'schedule.cadence',
      message:
        `must be one of ${CADENCES.join(', ')}` +
        (input.cadence === '' ? '' : `, got ${JSON.stringify(input.cadence)}`),
    });
  if (!Number.isInteger(input.hour) || input.hour < 0 || input.hour > 23)
    issues.push({ path: 'schedule.hour', message: `must be a whole hour from 0 to 23, got ${input.hour}` });
  else schedule.hour = input.hour;
  if (!Number.isInteger(input.weekday) || input.weekday < 0 || input.weekday > 6)
    issues.push({ path: 'schedule.weekday', message: `must be 0 (Sunday) to 6 (Saturday), got ${input.weekday}` });
  else schedule.weekday = input.weekday;
  const timeZone = input.timeZone.trim();
  if (timeZone === '') schedule.timeZone = DEFAULT_TIME_ZONE;
  else if (isTimeZone(timeZone)) schedule.timeZone = timeZone;
  else
    issues.push({
      path: 'schedule.time_zone',
      message: `must be an IANA time zone such as Europe/Paris, got ${JSON.stringify(timeZone)}`,
    });
  return schedule;
}

async function checkChannels(
  input: AlertChannels | undefined,
  ownerUserId: string,
  endpoints: WebhookEndpointLookup,
  issues: FieldIssue[],
): Promise<AlertChannels> {
  const channels: AlertChannels = {
    inApp: input?.inApp ?? false,
    email: input?.email ?? false,
    webhookEndpointId: (input?.webhookEndpointId ?? '').trim(),
  };
  if (!channels.inApp && !channels.email && channels.webhookEndpointId === '') {
    issues.push({ path: 'channels', message: 'must include at least one of in-app, e-mail or a webhook endpoint' });
  }
  if (
    channels.webhookEndpointId !== '' &&
    !(await endpoints.isOwnersEndpoint(ownerUserId, channels.webhookEndpointId))
  ) {
    issues.push({
      path: 'channels.webhook_endpoint_id',
      message: `is not one of your webhook endpoints: ${JSON.stringify(channels.webhookEndpointId)}`,
    });
  }
  return channels;
}

function checkDocket(input: FollowedDocket | undefined, issues: FieldIssue[]): FollowedDocket {
  const docket: FollowedDocket = {
    docketId: (input?.docketId ?? '').trim(),
    docketNumber: (input?.docketNumber ?? '').trim(),
    title: (input?.title ?? '').trim(),
    sourceName: (input?.sourceName ?? '').trim(),
  };
  if (docket.docketId === '' && normalizeDocketNumber(docket.docketNumber) === '') {
    issues.push({ path: 'docket', message: 'must name the docket: a docket_id or a docket_number' });
  }
  for (const field of ['docketId', 'docketNumber', 'title', 'sourceName'] as const) {
    if (docket[field].length > MAX_DOCKET_FIELD_LENGTH)
      issues.push({ path: `docket.${snake(field)}`, message: `must be at most ${MAX_DOCKET_FIELD_LENGTH} characters` });
  }
  return docket;
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function throwIfAny(issues: FieldIssue[]): void {
  if (issues.length > 0)
    throw new InputError(issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '), issues);
}

function snake(name: string): string {
  return name.replace(/[A-Z]/gu, (letter) => `_${letter.toLowerCase()}`);
}
