'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { CheckIcon } from '@/components/icons';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { AgencyPicker, type AgencyOption } from './agency-picker';
import { ChipInput } from './chip-input';
import { FilingTypeToggles, type FilingTypeOption } from './filing-type-toggles';
import { fieldErrorsOf, workspacePreviewPath, type FormField as Field } from './workspace-format';
import type { WorkspaceFilters } from './workspace-types';
import styles from './workspaces.module.css';

export type { FilingTypeOption } from './filing-type-toggles';

interface Props {
  mode: 'create' | 'edit';
  workspaceId?: string;
  initial: { name: string; description: string; defaultFilters: WorkspaceFilters };
  agencies: AgencyOption[];
  filingTypes: FilingTypeOption[];
}

export function WorkspaceForm({ mode, workspaceId, initial, agencies, filingTypes }: Props) {
  const router = useRouter();
  const [name, setName] = useState(initial.name);
  const [description, setDescription] = useState(initial.description);
  const [filters, setFilters] = useState<WorkspaceFilters>(initial.defaultFilters);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);

  const set = <K extends keyof WorkspaceFilters>(key: K, value: WorkspaceFilters[K]) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setSaved(false);
  };
  const describe = (field: Field) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `ws-${field}-error` } : {};

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    setError(null);
    setErrors({});
    setSaved(false);
    const body = {
      name: name.trim(),
      description: description.trim(),
      defaultFilters: { ...filters, filedFrom: filters.filedFrom || null, filedTo: filters.filedTo || null },
    };
    try {
      if (mode === 'create') {
        const { workspace } = await unwrap(api.POST('/api/workspaces', { body }));
        router.push(`${workspacePreviewPath(workspace.id)}&created=1`);
        return; // stays pending while the preview loads
      }
      await unwrap(api.PATCH('/api/workspaces/{id}', { params: { path: { id: workspaceId! } }, body }));
      setSaved(true);
      router.refresh();
    } catch (err) {
      if (isApiError(err)) {
        const fieldErrors = fieldErrorsOf(err.issues, {
          dockets: filters.dockets,
          parties: filters.parties,
          agencies: filters.agencies,
          filingTypes: filters.filingTypes,
        });
        setErrors(fieldErrors);
        setError(Object.keys(fieldErrors).length > 0 ? 'Please correct the highlighted fields.' : err.message);
      } else {
        setError(mode === 'create' ? 'The workspace could not be created.' : 'The changes could not be saved.');
      }
    }
    setPending(false);
  }

  return (
    <form
      className="card"
      onSubmit={onSubmit}
      noValidate
      aria-label={mode === 'create' ? 'New workspace' : 'Workspace settings'}
      data-testid="workspace-form"
    >
      <div className="card-body stack">
        <FormError message={error} testId="workspace-form-error" />
        {saved ? (
          <div className="alert alert-success" role="status" data-testid="workspace-saved">
            <CheckIcon />
            <p>Changes saved.</p>
          </div>
        ) : null}

        <section className={styles.section} aria-labelledby="ws-about">
          <div>
            <h2 id="ws-about" className={styles.sectionHeading}>
              About
            </h2>
          </div>
          <div className="field">
            <label htmlFor="ws-name">Name</label>
            <input
              id="ws-name"
              className="input"
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                setSaved(false);
              }}
              placeholder="e.g. California wildfire cost recovery"
              autoComplete="off"
              data-testid="workspace-name"
              {...describe('name')}
            />
            <FieldError id="ws-name-error" message={errors.name} />
          </div>
          <div className="field">
            <label htmlFor="ws-description">
              Description <span className="subtle">(optional)</span>
            </label>
            <textarea
              id="ws-description"
              className={`textarea ${styles.descriptionInput}`}
              value={description}
              onChange={(e) => {
                setDescription(e.target.value);
                setSaved(false);
              }}
              placeholder="What this research is about, for the people you share it with."
              data-testid="workspace-description"
              {...describe('description')}
            />
            <FieldError id="ws-description-error" message={errors.description} />
          </div>
        </section>

        <section className={styles.section} aria-labelledby="ws-filters">
          <div>
            <h2 id="ws-filters" className={styles.sectionHeading}>
              Default filters
            </h2>
            <p className={styles.sectionHint}>
              Every search and question in this workspace starts from these. Leave a filter empty to include everything.
            </p>
          </div>

          <div className="field">
            <span className="label" id="ws-agencies-label">
              Agencies and courts
            </span>
            <AgencyPicker
              options={agencies}
              selected={filters.agencies}
              onChange={(ids) => set('agencies', ids)}
              invalid={Boolean(errors.agencies)}
              describedBy={errors.agencies ? 'ws-agencies-error' : 'ws-agencies-label'}
            />
            <FieldError id="ws-agencies-error" message={errors.agencies} />
          </div>

          <fieldset className={`field ${styles.plainFieldset}`} {...describe('filingTypes')}>
            <legend className={`label ${styles.plainLegend}`}>Filing types</legend>
            <FilingTypeToggles
              options={filingTypes}
              chosen={filters.filingTypes}
              onChange={(types) => set('filingTypes', types)}
            />
            <FieldError id="ws-filingTypes-error" message={errors.filingTypes} />
          </fieldset>

          <div className="form-grid">
            <div className="field">
              <label htmlFor="ws-dockets">Dockets</label>
              <ChipInput
                id="ws-dockets"
                values={filters.dockets}
                onChange={(v) => set('dockets', v)}
                placeholder="e.g. ER24-2001-000, then Enter"
                invalid={Boolean(errors.dockets)}
                describedBy={errors.dockets ? 'ws-dockets-error' : undefined}
                testId="docket-input"
              />
              <FieldError id="ws-dockets-error" message={errors.dockets} />
            </div>
            <div className="field">
              <label htmlFor="ws-parties">Parties</label>
              <ChipInput
                id="ws-parties"
                values={filters.parties}
                onChange={(v) => set('parties', v)}
                placeholder="e.g. Pacific Gas and Electric, then Enter"
                invalid={Boolean(errors.parties)}
                describedBy={errors.parties ? 'ws-parties-error' : undefined}
                testId="party-input"
              />
              <FieldError id="ws-parties-error" message={errors.parties} />
            </div>
          </div>

          <div className={styles.dates}>
            <div className="field">
              <label htmlFor="ws-filed-from">Filed from</label>
              <input
                id="ws-filed-from"
                type="date"
                className="input"
                value={filters.filedFrom ?? ''}
                max={filters.filedTo ?? undefined}
                onChange={(e) => set('filedFrom', e.target.value || null)}
                data-testid="filed-from"
                {...describe('filedFrom')}
              />
              <FieldError id="ws-filedFrom-error" message={errors.filedFrom} />
            </div>
            <div className="field">
              <label htmlFor="ws-filed-to">Filed until</label>
              <input
                id="ws-filed-to"
                type="date"
                className="input"
                value={filters.filedTo ?? ''}
                min={filters.filedFrom ?? undefined}
                onChange={(e) => set('filedTo', e.target.value || null)}
                data-testid="filed-to"
                {...describe('filedTo')}
              />
              <FieldError id="ws-filedTo-error" message={errors.filedTo} />
            </div>
          </div>
        </section>
      </div>
      <div className={styles.actions}>
        <span className={styles.actionsNote}>
          {mode === 'create' ? 'You become the owner and can add people afterwards.' : null}
        </span>
        <Link href={mode === 'create' ? '/workspaces/select' : workspacePreviewPath(workspaceId!)} className="btn">
          Cancel
        </Link>
        <button type="submit" className="btn btn-primary" disabled={pending} data-testid="workspace-submit">
          {mode === 'create' ? (pending ? 'Creating…' : 'Create workspace') : pending ? 'Saving…' : 'Save changes'}
        </button>
      </div>
    </form>
  );
}
