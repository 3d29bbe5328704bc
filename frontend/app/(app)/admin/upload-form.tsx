'use client';

import Link from 'next/link';
import { useRef, useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { isApiError, type ApiError } from '@/lib/api-error';
import { api, unwrap, uploadForm } from '@/lib/api.client';
import { capitalise } from '@/lib/format';
import type { UploadOutcome, UploadResult } from '@/lib/types';

const OUTCOME: Record<UploadOutcome, { label: string; className: string }> = {
  new: { label: 'Added', className: 'badge badge-success' },
  updated: { label: 'Updated', className: 'badge badge-accent' },
  duplicate: { label: 'Already there', className: 'badge' },
  failed: { label: 'Failed', className: 'badge badge-danger' },
};

/** A source the upload names that does not exist is said in a sentence that names where it came from. */
function uploadErrorMessage(err: ApiError): string {
  const source = err.issues.find((issue) => issue.path === 'sourceId' || issue.path === 'sidecar.sourceId');
  if (!source) return capitalise(err.message);
  const named = source.path === 'sourceId' ? 'The chosen source' : 'The sourceId in the metadata sidecar';
  return `${named} ${source.message}.`;
}

export function UploadForm({ sources }: { sources: { id: string; name: string }[] }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<UploadResult[] | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = new FormData(event.currentTarget);
    const files = input.getAll('files').filter((f): f is File => f instanceof File && f.name !== '');
    if (files.length === 0) {
      setError('Choose at least one file.');
      return;
    }
    // The BFF forwards each file as it arrives, so the fields that apply to them go first.
    const sourceId = String(input.get('sourceId') ?? '');
    const sidecar = input.get('sidecar');
    const form = uploadForm(
      {
        sourceId: sourceId || undefined,
        sidecar: sidecar instanceof File && sidecar.name !== '' ? await sidecar.text() : undefined,
      },
      files,
    );

    setPending(true);
    setError(null);
    setResults(null);
    try {
      const { results: outcome } = await unwrap(api.POST('/api/documents/upload', { body: form }));
      setResults(outcome);
      formRef.current?.reset();
    } catch (err) {
      setError(isApiError(err) ? uploadErrorMessage(err) : 'The files could not be uploaded.');
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Upload files">
      <FormError message={error} testId="upload-error" />
      <div className="form-grid">
        <div className="field">
          <label htmlFor="upload-files">Files</label>
          <input
            id="upload-files"
            name="files"
            type="file"
            multiple
            className="input"
            accept=".pdf,.docx,.html,.htm,.txt"
            data-testid="upload-input"
          />
          <p className="subtle">PDF, Word (DOCX), HTML or text; several at once.</p>
        </div>
        <div className="field">
          <label htmlFor="upload-source">
            Source <span className="subtle">(optional)</span>
          </label>
          <select id="upload-source" name="sourceId" className="select" defaultValue="" data-testid="upload-source">
            <option value="">Unassigned</option>
            {sources.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <p className="subtle">
            Not listed? <Link href="/catalog?add=source">Add a source</Link> in the catalog first.
          </p>
        </div>
      </div>
      <div className="field">
        <label htmlFor="upload-sidecar">
          Metadata sidecar{' '}
          <span className="subtle">
            (optional JSON: title, docketNumber, filingType, filedAt, filers…; applies to every file)
          </span>
        </label>
        <input
          id="upload-sidecar"
          name="sidecar"
          type="file"
          accept=".json,application/json"
          className="input"
          data-testid="upload-sidecar"
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending} data-testid="upload-submit">
          {pending ? 'Uploading…' : 'Upload'}
        </button>
      </div>
      {results ? (
        <div className="table-wrap" data-testid="upload-results">
          <table className="table">
            <caption className="visually-hidden">Upload results</caption>
            <thead>
              <tr>
                <th scope="col">File</th>
                <th scope="col">Outcome</th>
                <th scope="col">Document</th>
              </tr>
            </thead>
            <tbody>
              {results.map((r, i) => (
                <tr key={i} data-testid="upload-result" data-outcome={r.outcome}>
                  <td className="mono">{r.fileName}</td>
                  <td>
                    <span className={OUTCOME[r.outcome].className}>{OUTCOME[r.outcome].label}</span>
                    {r.reason ? <div className="field-error">{r.reason}</div> : null}
                  </td>
                  <td>
                    {r.documentId ? (
                      <Link href={`/documents/${encodeURIComponent(r.documentId)}`}>{r.title || 'Open'}</Link>
                    ) : (
                      <span className="subtle">Not stored</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </form>
  );
}
