'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { CheckIcon } from '@/components/icons';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';

export function ImportForm({ sources }: { sources: { id: string; name: string }[] }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [processId, setProcessId] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    setFieldErrors({});
    setProcessId(null);
    try {
      const started = await unwrap(
        api.POST('/api/imports', {
          body: { path: String(form.get('path') ?? '').trim(), sourceId: String(form.get('sourceId') ?? '') },
        }),
      );
      setProcessId(started.processId);
    } catch (err) {
      if (isApiError(err)) {
        setFieldErrors(err.fieldErrors());
        setError(err.issues.length > 0 ? 'Please correct the highlighted field.' : err.message);
      } else {
        setError('The import could not be started.');
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Import a directory">
      <FormError message={error} testId="import-error" />
      {processId ? (
        <div className="alert alert-success" role="status" data-testid="import-started">
          <CheckIcon />
          <p>
            Import started.{' '}
            <Link href={`/processes/${encodeURIComponent(processId)}`} data-testid="import-process-link">
              Follow its progress
            </Link>
          </p>
        </div>
      ) : null}
      <div className="form-grid">
        <div className="field">
          <label htmlFor="import-path">Directory on the server</label>
          <input
            id="import-path"
            name="path"
            className="input mono"
            placeholder="/srv/filings/2024"
            required
            data-testid="import-path"
            {...(fieldErrors.path ? { 'aria-invalid': true, 'aria-describedby': 'import-path-error' } : {})}
          />
          <FieldError id="import-path-error" message={fieldErrors.path} />
        </div>
        <div className="field">
          <label htmlFor="import-source">
            Source <span className="subtle">(optional)</span>
          </label>
          <select
            id="import-source"
            name="sourceId"
            className="select"
            defaultValue=""
            data-testid="import-source"
            {...(fieldErrors.sourceId ? { 'aria-invalid': true, 'aria-describedby': 'import-source-error' } : {})}
          >
            <option value="">Unassigned</option>
            {sources.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <FieldError id="import-source-error" message={fieldErrors.sourceId} />
          <p className="subtle">
            Not listed? <Link href="/catalog?add=source">Add a source</Link> in the catalog first.
          </p>
        </div>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn" disabled={pending} data-testid="import-submit">
          {pending ? 'Starting…' : 'Start import'}
        </button>
      </div>
    </form>
  );
}
