'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { CheckIcon } from '@/components/icons';
import { FieldError, FormError } from '@/components/ui/form-error';
import { AgencyPicker, type AgencyOption } from '@/components/workspaces/agency-picker';
import { ChipInput } from '@/components/workspaces/chip-input';
import { FilingTypeToggles, type FilingTypeOption } from '@/components/workspaces/filing-type-toggles';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { CADENCE_LABELS, WEEKDAYS } from './alert-format';
import type { AlertDefinition, AlertFilters, Cadence, WebhookEndpoint } from './alert-types';
import styles from './alerts.module.css';
import { VolumeEstimate } from './volume-estimate';
import { WebhookEndpointPicker } from './webhook-endpoint-picker';

interface Props {
  mode: 'create' | 'edit';
  /** A docket follow edits only its name, schedule and channels. */
  kind: 'search' | 'docket';
  alertId?: string;
  initial: AlertDefinition;
  agencies: AgencyOption[];
  filingTypes: FilingTypeOption[];
  endpoints: WebhookEndpoint[];
}

const CADENCES: Cadence[] = ['realtime', 'daily', 'weekly'];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The browser's own time zone (IANA), the default for a new alert's digests. */
function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * Creates or edits an alert: what it matches (query, filters, an optional question), when it is
 * sent (real-time, or a daily/weekly digest at an hour in a time zone) and where (in-app, e-mail,
 * a webhook endpoint), with the expected volume shown live beside it.
 */
export function AlertForm({ mode, kind, alertId, initial, agencies, filingTypes, endpoints: initialEndpoints }: Props) {
  const router = useRouter();
  const [name, setName] = useState(initial.name);
  const [query, setQuery] = useState(initial.query);
  const [filters, setFilters] = useState<AlertFilters>(initial.filters);
  const [question, setQuestion] = useState(initial.question);
  const [schedule, setSchedule] = useState(initial.schedule);
  const [channels, setChannels] = useState(initial.channels);
  const [endpoints, setEndpoints] = useState(initialEndpoints);
  const [timeZones, setTimeZones] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [queryError, setQueryError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const isSearch = kind === 'search';

  // The browser's zone and the list to pick from are known only in the browser (not while rendering on the server).
  useEffect(() => {
    if (!initial.schedule.timeZone) setSchedule((s) => ({ ...s, timeZone: browserTimeZone() }));
    const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
    setTimeZones(supported ? supported('timeZone') : []);
  }, [initial.schedule.timeZone]);

  const setFilter = <K extends keyof AlertFilters>(key: K, value: AlertFilters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setSaved(false);
  };
  const describe = (field: string) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': `alert-${field.replace(/\./g, '-')}-error` }
      : {};
  const errorId = (field: string) => `alert-${field.replace(/\./g, '-')}-error`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    setErrors({});
    setSaved(false);
    const body = { name: name.trim(), query: query.trim(), filters, question: question.trim(), schedule, channels };
    try {
      if (mode === 'create') {
        const { alert } = await unwrap(api.POST('/api/alerts', { body }));
        router.push(`/alerts/${encodeURIComponent(alert.id)}?created=1`);
        return; // stays pending while the alert's page loads
      }
      await unwrap(api.PUT('/api/alerts/{id}', { params: { path: { id: alertId! } }, body }));
      setSaved(true);
      router.push(kind === 'docket' ? '/user/preferences/alerts/dockets' : `/alerts/${encodeURIComponent(alertId!)}`);
      router.refresh();
      return;
    } catch (err) {
      if (isApiError(err)) {
        const fieldErrors = err.fieldErrors();
        setErrors(fieldErrors);
        setError(Object.keys(fieldErrors).length > 0 ? 'Please correct the highlighted fields.' : err.message);
      } else {
        setError(mode === 'create' ? 'The alert could not be saved.' : 'The changes could not be saved.');
      }
    }
    setPending(false);
  }

  const queryProblem = errors.query ?? queryError ?? undefined;

  const form = (
    <form
      className="card"
      onSubmit={onSubmit}
      noValidate
      aria-label={mode === 'create' ? 'New alert' : 'Edit alert'}
      data-testid="alert-form"
    >
      <div className="card-body stack">
        <FormError message={error} testId="alert-form-error" />
        {saved ? (
          <div className="alert alert-success" role="status">
            <CheckIcon />
            <p>Changes saved.</p>
          </div>
        ) : null}

        <section className={styles.section} aria-labelledby="alert-what">
          <div>
            <h2 id="alert-what" className={styles.sectionHeading}>
              {isSearch ? 'What to watch for' : 'Docket'}
            </h2>
            <p className={styles.hint}>
              {isSearch
                ? 'New filings that match the query and every filter reach you. Leave a filter empty to include ' +
                  'everything.'
                : 'Every new filing on this docket reaches you.'}
            </p>
          </div>
          <div className="field">
            <label htmlFor="alert-name">Name</label>
            <input
              id="alert-name"
              className="input"
              value={name}
              maxLength={120}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Rate increases in California"
              autoComplete="off"
              data-testid="alert-name"
              {...describe('name')}
            />
            <FieldError id={errorId('name')} message={errors.name} />
          </div>
          {isSearch ? (
            <>
              <div className="field">
                <label htmlFor="alert-query">Query</label>
                <textarea
                  id="alert-query"
                  className={`textarea mono ${styles.queryInput}`}
                  value={query}
                  maxLength={1000}
                  onChange={(e) => setQuery(e.target.value)}
                  placeholder='e.g. "rate case" AND (increase OR settlement) NOT withdrawn'
                  spellCheck={false}
                  data-testid="alert-query"
                  aria-invalid={queryProblem ? true : undefined}
                  aria-describedby={queryProblem ? errorId('query') : 'alert-query-help'}
                />
                {queryProblem ? (
                  <FieldError id={errorId('query')} message={queryProblem} />
                ) : (
                  <p id="alert-query-help" className={styles.hint}>
                    The search language: words, <code>{'"phrases"'}</code>, <code>AND</code> / <code>OR</code> /{' '}
                    <code>NOT</code>, <code>docket:</code> <code>party:</code> … Up to 1,000 characters.
                  </p>
                )}
              </div>
              <div className="field">
                <span className="label" id="alert-agencies-label">
                  Agencies and courts
                </span>
                <AgencyPicker
                  options={agencies}
                  selected={filters.agencies}
                  onChange={(ids) => setFilter('agencies', ids)}
                  invalid={Boolean(errors['filters.agencies'])}
                  describedBy="alert-agencies-label"
                />
                <FieldError id={errorId('filters.agencies')} message={errors['filters.agencies']} />
              </div>
              <fieldset className={`field ${styles.plainFieldset}`}>
                <legend className={`label ${styles.plainLegend}`}>Filing types</legend>
                <FilingTypeToggles
                  options={filingTypes}
                  chosen={filters.filingTypes}
                  onChange={(types) => setFilter('filingTypes', types)}
                />
              </fieldset>
              <div className="form-grid">
                <div className="field">
                  <label htmlFor="alert-dockets">Dockets</label>
                  <ChipInput
                    id="alert-dockets"
                    values={filters.dockets}
                    onChange={(v) => setFilter('dockets', v)}
                    placeholder="e.g. ER24-2001-000, then Enter"
                    testId="alert-dockets"
                  />
                  <FieldError id={errorId('filters.dockets')} message={errors['filters.dockets']} />
                </div>
                <div className="field">
                  <label htmlFor="alert-parties">Parties</label>
                  <ChipInput
                    id="alert-parties"
                    values={filters.parties}
                    onChange={(v) => setFilter('parties', v)}
                    placeholder="e.g. Pacific Gas and Electric, then Enter"
                    testId="alert-parties"
                  />
                  <FieldError id={errorId('filters.parties')} message={errors['filters.parties']} />
                </div>
              </div>
              <div className={styles.inline}>
                <div className="field">
                  <label htmlFor="alert-from">Filed from</label>
                  <input
                    id="alert-from"
                    type="date"
                    className="input"
                    value={filters.filedFrom}
                    onChange={(e) => setFilter('filedFrom', e.target.value)}
                    {...describe('filters.filedFrom')}
                  />
                  <FieldError id={errorId('filters.filedFrom')} message={errors['filters.filedFrom']} />
                </div>
                <div className="field">
                  <label htmlFor="alert-to">Filed until</label>
                  <input
                    id="alert-to"
                    type="date"
                    className="input"
                    value={filters.filedTo}
                    onChange={(e) => setFilter('filedTo', e.target.value)}
                    {...describe('filters.filedTo')}
                  />
                  <FieldError id={errorId('filters.filedTo')} message={errors['filters.filedTo']} />
                </div>
              </div>
              <div className="field">
                <label htmlFor="alert-question">
                  Question <span className="subtle">(optional)</span>
                </label>
                <input
                  id="alert-question"
                  className="input"
                  value={question}
                  maxLength={1000}
                  onChange={(e) => setQuestion(e.target.value)}
                  placeholder="e.g. What rate increase was requested, and by whom?"
                  data-testid="alert-question"
                  {...describe('question')}
                />
                <p className={styles.hint}>
                  Each digest answers it over the alert’s new documents, every sentence citing its document.
                </p>
                <FieldError id={errorId('question')} message={errors.question} />
              </div>
            </>
          ) : null}
        </section>

        <section className={styles.section} aria-labelledby="alert-when">
          <div>
            <h2 id="alert-when" className={styles.sectionHeading}>
              When
            </h2>
            <p className={styles.hint}>
              Real-time sends each filing as it arrives; a digest gathers them into one message.
            </p>
          </div>
          <div className={styles.segmented} role="radiogroup" aria-label="Cadence" data-testid="alert-cadence">
            {CADENCES.map((cadence) => (
              <label key={cadence} className={schedule.cadence === cadence ? styles.segmentedOn : undefined}>
                <input
                  type="radio"
                  name="cadence"
                  value={cadence}
                  checked={schedule.cadence === cadence}
                  onChange={() => setSchedule((s) => ({ ...s, cadence }))}
                />
                {CADENCE_LABELS[cadence]}
              </label>
            ))}
          </div>
          <FieldError id={errorId('schedule.cadence')} message={errors['schedule.cadence']} />
          {schedule.cadence !== 'realtime' ? (
            <div className={styles.inline}>
              {schedule.cadence === 'weekly' ? (
                <div className="field">
                  <label htmlFor="alert-weekday">Day</label>
                  <select
                    id="alert-weekday"
                    className="select"
                    value={schedule.weekday}
                    onChange={(e) => setSchedule((s) => ({ ...s, weekday: Number(e.target.value) }))}
                  >
                    {WEEKDAYS.map((day, i) => (
                      <option key={day} value={i}>
                        {day}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <div className="field">
                <label htmlFor="alert-hour">Hour</label>
                <select
                  id="alert-hour"
                  className="select"
                  value={schedule.hour}
                  onChange={(e) => setSchedule((s) => ({ ...s, hour: Number(e.target.value) }))}
                  data-testid="alert-hour"
                >
                  {HOURS.map((h) => (
                    <option key={h} value={h}>
                      {String(h).padStart(2, '0')}:00
                    </option>
                  ))}
                </select>
              </div>
              <div className={`field ${styles.timeZoneField}`}>
                <label htmlFor="alert-time-zone">Time zone</label>
                <input
                  id="alert-time-zone"
                  className="input"
                  list="alert-time-zones"
                  value={schedule.timeZone}
                  onChange={(e) => setSchedule((s) => ({ ...s, timeZone: e.target.value }))}
                  data-testid="alert-time-zone"
                  {...describe('schedule.timeZone')}
                />
                <datalist id="alert-time-zones">
                  {timeZones.map((zone) => (
                    <option key={zone} value={zone} />
                  ))}
                </datalist>
                <FieldError id={errorId('schedule.timeZone')} message={errors['schedule.timeZone']} />
              </div>
            </div>
          ) : null}
        </section>

        <section className={styles.section} aria-labelledby="alert-where">
          <div>
            <h2 id="alert-where" className={styles.sectionHeading}>
              Where
            </h2>
          </div>
          <div className={styles.checks} {...describe('channels')}>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={channels.inApp}
                onChange={(e) => setChannels((c) => ({ ...c, inApp: e.target.checked }))}
                data-testid="alert-channel-in-app"
              />
              In the app <span className="subtle">— the bell and the notifications page</span>
            </label>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={channels.email}
                onChange={(e) => setChannels((c) => ({ ...c, email: e.target.checked }))}
                data-testid="alert-channel-email"
              />
              By e-mail <span className="subtle">— to your account’s address, with a one-click unsubscribe</span>
            </label>
            <WebhookEndpointPicker
              endpoints={endpoints}
              selected={channels.webhookEndpointId}
              onSelect={(id) => setChannels((c) => ({ ...c, webhookEndpointId: id }))}
              onCreated={(endpoint) => setEndpoints((list) => [...list, endpoint])}
              error={errors['channels.webhookEndpointId']}
            />
          </div>
          <FieldError id={errorId('channels')} message={errors.channels} />
        </section>
      </div>
      <div className={styles.actions}>
        <span className={styles.actionsNote}>Only you see this alert and what it finds.</span>
        <Link
          href={
            mode === 'create'
              ? '/alerts'
              : kind === 'docket'
                ? '/user/preferences/alerts/dockets'
                : `/alerts/${encodeURIComponent(alertId!)}`
          }
          className="btn"
        >
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={pending} data-testid="alert-submit">
          {mode === 'create' ? (pending ? 'Saving…' : 'Save alert') : pending ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );

  if (!isSearch) return form;
  return (
    <div className={styles.formLayout}>
      {form}
      <VolumeEstimate query={query} filters={filters} onQueryError={setQueryError} />
    </div>
  );
}
