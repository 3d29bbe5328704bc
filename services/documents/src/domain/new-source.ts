import { InputError, type FieldIssue } from '@docket/errors';
import type { SourceDefinition } from './source.types';
import { US_STATES } from './us-states';

/** What an administrator sends to add a source. */
export interface NewSourceInput {
  id: string;
  name: string;
  kind: string;
  shortName: string;
  jurisdiction: string;
  state: string;
  homeUrl: string;
  docketPattern: string;
}

export const SOURCE_KINDS = ['agency', 'court'] as const;
export const SOURCE_JURISDICTIONS = ['federal', 'state'] as const;
/** A slug: it appears in URLs, filters and sidecars, so nothing that needs escaping anywhere. */
const SOURCE_ID = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const SOURCE_ID_MIN = 2;
const SOURCE_ID_MAX = 64;
const ID_RULE = "must be lowercase letters, digits and '-' (not first or last), e.g. src-nypsc";
const NAME_MAX = 200;
const SHORT_NAME_MAX = 60;
const URL_MAX = 500;
const PATTERN_MAX = 500;
// Names are shown in tables, filters and e-mails: one line of text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Validates a source an administrator defines; every problem is reported at once, per field. */
export function validateNewSource(input: NewSourceInput): SourceDefinition {
  const issues: FieldIssue[] = [];
  const id = input.id.trim();
  if (id.length < SOURCE_ID_MIN || id.length > SOURCE_ID_MAX) {
    issues.push({ path: 'id', message: `must be ${SOURCE_ID_MIN} to ${SOURCE_ID_MAX} characters` });
  } else if (!SOURCE_ID.test(id)) {
    issues.push({ path: 'id', message: ID_RULE });
  }
  const name = input.name.trim();
  const shortName = input.shortName.trim();
  textIssue(issues, 'name', name, NAME_MAX, true);
  textIssue(issues, 'shortName', shortName, SHORT_NAME_MAX, false);
  const kind = input.kind.trim();
  if (!(SOURCE_KINDS as readonly string[]).includes(kind)) {
    issues.push({ path: 'kind', message: `must be one of ${SOURCE_KINDS.join(', ')}` });
  }
  const jurisdiction = input.jurisdiction.trim().toLowerCase();
  if (jurisdiction && !(SOURCE_JURISDICTIONS as readonly string[]).includes(jurisdiction)) {
    issues.push({ path: 'jurisdiction', message: `must be one of ${SOURCE_JURISDICTIONS.join(', ')}, or empty` });
  }
  const state = input.state.trim().toUpperCase();
  if (state && US_STATES[state] === undefined) {
    issues.push({ path: 'state', message: 'must be a US state code such as NY (or US)' });
  }
  const homeUrl = input.homeUrl.trim();
  if (homeUrl) urlIssue(issues, homeUrl);
  const docketPattern = input.docketPattern.trim();
  if (docketPattern) patternIssue(issues, docketPattern);
  if (issues.length > 0) throw new InputError('invalid source', issues);

  return {
    id,
    name,
    shortName,
    kind,
    state,
    homeUrl,
    docketPattern,
    jurisdiction: jurisdictionName(jurisdiction, state),
    publishesNativeFilingTypes: false,
    industries: [],
    filingTypes: [],
  };
}

/**
 * As the other sources name theirs: "Federal", or the state's name ("New York"); "State" when the
 * state is not given.
 */
function jurisdictionName(jurisdiction: string, state: string): string {
  if (jurisdiction === 'state' && state && state !== 'US') return US_STATES[state] ?? 'State';
  return jurisdiction.charAt(0).toUpperCase() + jurisdiction.slice(1);
}

function textIssue(issues: FieldIssue[], path: string, value: string, max: number, required: boolean): void {
  if (required && value.length === 0) issues.push({ path, message: 'is required' });
  else if ([...value].length > max) issues.push({ path, message: `must be at most ${max} characters` });
  else if (CONTROL.test(value)) issues.push({ path, message: 'must not contain control characters or line breaks' });
}

function urlIssue(issues: FieldIssue[], value: string): void {
  const problem = urlProblem(value);
  if (problem) issues.push({ path: 'homeUrl', message: problem });
}

function urlProblem(value: string): string | undefined {
  if (value.length > URL_MAX) return `must be at most ${URL_MAX} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an http(s) URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http(s) URL';
  if (url.username || url.password) return 'must not contain a user name or password';
  return undefined;
}

/** The pattern is compiled as the docket extractor compiles it (with the `d` flag for match spans). */
function patternIssue(issues: FieldIssue[], value: string): void {
  if (value.length > PATTERN_MAX) {
    issues.push({ path: 'docketPattern', message: `must be at most ${PATTERN_MAX} characters` });
    return;
  }
  try {
    new RegExp(value, 'gd');
  } catch (error) {
    issues.push({ path: 'docketPattern', message: `is not a valid regular expression: ${(error as Error).message}` });
  }
}
