'use client';

import Link from 'next/link';
import { useRef, useState, type FormEvent } from 'react';
import { CheckIcon, InfoIcon } from '@/components/icons';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import type { paths } from '@/lib/api/schema';

const FILING_TYPES = [
  'Application',
  'Brief',
  'Comment',
  'Complaint',
  'Motion',
  'Notice',
  'Order',
  'Petition',
  'Testimony',
  'Tariff',
];

type Result = paths['/api/documents']['post']['responses'][201]['content']['application/json'];

export function AddDocumentForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Result | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const optional = (name: string) => {
      const value = String(form.get(name) ?? '').trim();
      return value ? value : undefined;
    };
    setPending(true);
    setError(null);
    setFieldErrors({});
    setResult(null);
    try {
      const created = await unwrap(
        api.POST('/api/documents', {
          body: {
            title: String(form.get('title') ?? '').trim(),
            text: String(form.get('text') ?? ''),
            docketNumber: optional('docketNumber'),
            filingType: optional('filingType'),
          },
        }),
      );
      setResult(created);
      formRef.current?.reset();
    } catch (err) {
      if (isApiError(err)) {
        setFieldErrors(err.fieldErrors());
        setError(err.issues.length > 0 ? 'Please correct the highlighted fields.' : err.message);
      } else {
        setError('The document could not be added.');
      }
    } finally {
      setPending(false);
    }
  }

  const invalid = (name: string) =>
    fieldErrors[name] ? { 'aria-invalid': true, 'aria-describedby': `doc-${name}-error` } : {};

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Add a document">
      <FormError message={error} testId="add-document-error" />
      {result ? (
        <div
          className={result.created ? 'alert alert-success' : 'alert alert-info'}
          role="status"
          data-testid="add-document-result"
        >
          {result.created ? <CheckIcon /> : <InfoIcon />}
          <p>
            {result.created ? 'Document added: ' : 'This document was already in the collection: '}
            <Link href={`/documents/${encodeURIComponent(result.document.id)}`} data-testid="new-document-link">
              {result.document.title}
            </Link>
          </p>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="doc-title">Title</label>
        <input id="doc-title" name="title" className="input" required data-testid="doc-title" {...invalid('title')} />
        <FieldError id="doc-title-error" message={fieldErrors.title} />
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="doc-docketNumber">
            Docket number <span className="subtle">(optional)</span>
          </label>
          <input
            id="doc-docketNumber"
            name="docketNumber"
            className="input"
            placeholder="e.g. ER21-1234-000"
            data-testid="doc-docket-number"
            {...invalid('docketNumber')}
          />
          <FieldError id="doc-docketNumber-error" message={fieldErrors.docketNumber} />
        </div>
        <div className="field">
          <label htmlFor="doc-filingType">
            Filing type <span className="subtle">(optional)</span>
          </label>
          <input
            id="doc-filingType"
            name="filingType"
            className="input"
            list="filing-types"
            placeholder="e.g. Order"
            data-testid="doc-filing-type"
            {...invalid('filingType')}
          />
          <datalist id="filing-types">
            {FILING_TYPES.map((t) => (
              <option key={t} value={t} />
            ))}
          </datalist>
          <FieldError id="doc-filingType-error" message={fieldErrors.filingType} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="doc-text">Text</label>
        <textarea
          id="doc-text"
          name="text"
          className="textarea"
          rows={8}
          required
          data-testid="doc-text"
          {...invalid('text')}
        />
        <FieldError id="doc-text-error" message={fieldErrors.text} />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending} data-testid="doc-submit">
          {pending ? 'Adding…' : 'Add document'}
        </button>
      </div>
    </form>
  );
}
