'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { CheckIcon } from '@/components/icons';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import type { paths } from '@/lib/api/schema';
import styles from './catalog.module.css';

type NewSource = paths['/api/catalog/sources']['post']['requestBody']['content']['application/json'];

/**
 * An administrator adds a source (agency or court). Uploads, imports and sidecars may name only
 * sources that exist, so a new agency is added here first; the list above refreshes with it.
 */
export function AddSourceForm({ closeHref }: { closeHref: string }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [added, setAdded] = useState<{ id: string; name: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const jurisdiction = text('jurisdiction');
    const body: NewSource = {
      id: text('id'),
      name: text('name'),
      // the select offers the schema's kinds and jurisdictions; the BFF checks what arrives
      kind: text('kind') as NewSource['kind'],
      ...(jurisdiction ? { jurisdiction: jurisdiction as NonNullable<NewSource['jurisdiction']> } : {}),
      shortName: text('shortName'),
      state: text('state'),
      homeUrl: text('homeUrl'),
      docketPattern: text('docketPattern'),
    };
    setPending(true);
    setError(null);
    setFieldErrors({});
    setAdded(null);
    try {
      const { source } = await unwrap(api.POST('/api/catalog/sources', { body }));
      setAdded({ id: source.id, name: source.name });
      formRef.current?.reset();
      router.refresh();
    } catch (err) {
      if (isApiError(err) && err.status === 409) {
        setFieldErrors({ id: 'is the id of another source' });
        setError(`A source with the id ${body.id} exists already: choose another id.`);
      } else if (isApiError(err)) {
        setFieldErrors(err.fieldErrors());
        setError(err.issues.length > 0 ? 'Please correct the highlighted fields.' : err.message);
      } else setError('The source could not be added.');
    } finally {
      setPending(false);
    }
  }

  const invalid = (name: string) =>
    fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `source-${name}-error` } : {};

  return (
    <form
      ref={formRef}
      className={`form ${styles.addSource}`}
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="add-source-heading"
      data-testid="add-source-form"
    >
      <div>
        <h3 id="add-source-heading" className={styles.addSourceHeading}>
          Add a source
        </h3>
        <p className="subtle">Uploads, imports and metadata sidecars can name a source once it is here.</p>
      </div>
      <FormError message={error} testId="add-source-error" />
      {added ? (
        <div className="alert alert-success" role="status" data-testid="add-source-added">
          <CheckIcon />
          <p>
            <strong>{added.name}</strong> was added as <code>{added.id}</code>.
          </p>
        </div>
      ) : null}
      <div className={styles.sourceGrid}>
        <div className="field">
          <label htmlFor="source-id">Id</label>
          <input
            id="source-id"
            name="id"
            className="input mono"
            placeholder="src-nypsc"
            required
            autoComplete="off"
            data-testid="source-id"
            {...invalid('id')}
          />
          <FieldError id="source-id-error" message={fieldErrors.id} />
        </div>
        <div className={`field ${styles.span2}`}>
          <label htmlFor="source-name">Name</label>
          <input
            id="source-name"
            name="name"
            className="input"
            placeholder="New York Public Service Commission"
            required
            data-testid="source-name"
            {...invalid('name')}
          />
          <FieldError id="source-name-error" message={fieldErrors.name} />
        </div>
        <div className="field">
          <label htmlFor="source-shortName">
            Short name <span className="subtle">(optional)</span>
          </label>
          <input
            id="source-shortName"
            name="shortName"
            className="input"
            placeholder="NYPSC"
            data-testid="source-short-name"
            {...invalid('shortName')}
          />
          <FieldError id="source-shortName-error" message={fieldErrors.shortName} />
        </div>
        <div className="field">
          <label htmlFor="source-kind">Kind</label>
          <select
            id="source-kind"
            name="kind"
            className="select"
            defaultValue="agency"
            data-testid="source-kind"
            {...invalid('kind')}
          >
            <option value="agency">Agency</option>
            <option value="court">Court</option>
          </select>
          <FieldError id="source-kind-error" message={fieldErrors.kind} />
        </div>
        <div className="field">
          <label htmlFor="source-jurisdiction">
            Jurisdiction <span className="subtle">(optional)</span>
          </label>
          <select
            id="source-jurisdiction"
            name="jurisdiction"
            className="select"
            defaultValue=""
            data-testid="source-jurisdiction"
            {...invalid('jurisdiction')}
          >
            <option value="">—</option>
            <option value="federal">Federal</option>
            <option value="state">State</option>
          </select>
          <FieldError id="source-jurisdiction-error" message={fieldErrors.jurisdiction} />
        </div>
        <div className="field">
          <label htmlFor="source-state">
            State <span className="subtle">(optional)</span>
          </label>
          <input
            id="source-state"
            name="state"
            className="input"
            placeholder="NY"
            maxLength={2}
            data-testid="source-state"
            {...invalid('state')}
          />
          <FieldError id="source-state-error" message={fieldErrors.state} />
        </div>
        <div className="field">
          <label htmlFor="source-homeUrl">
            Website <span className="subtle">(optional)</span>
          </label>
          <input
            id="source-homeUrl"
            name="homeUrl"
            type="url"
            className="input"
            placeholder="https://dps.ny.gov"
            data-testid="source-home-url"
            {...invalid('homeUrl')}
          />
          <FieldError id="source-homeUrl-error" message={fieldErrors.homeUrl} />
        </div>
        <div className={`field ${styles.span2}`}>
          <label htmlFor="source-docketPattern">
            Docket number pattern <span className="subtle">(optional regular expression)</span>
          </label>
          <input
            id="source-docketPattern"
            name="docketPattern"
            className="input mono"
            placeholder="^\d{2}-[A-Z]-\d{4}$"
            autoComplete="off"
            data-testid="source-docket-pattern"
            {...invalid('docketPattern')}
          />
          <FieldError id="source-docketPattern-error" message={fieldErrors.docketPattern} />
        </div>
        <div className={`form-actions ${styles.sourceActions}`}>
          <button type="submit" className="btn btn-primary" disabled={pending} data-testid="source-submit">
            {pending ? 'Adding…' : 'Add source'}
          </button>
          <Link href={closeHref} className="btn" scroll={false}>
            Close
          </Link>
        </div>
      </div>
    </form>
  );
}
