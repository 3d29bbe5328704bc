'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, releaseUploadForm, unwrap } from '@/lib/api.client';

/**
 * An administrator publishes a release from a CSV or JSON Lines file. A file with bad rows is not
 * published: each problem is listed by line and column so that it can be fixed and sent again.
 */
export function PublishReleaseForm({ dataProductId }: { dataProductId: string }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [issues, setIssues] = useState<{ path: string; message: string }[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [processId, setProcessId] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = new FormData(event.currentTarget);
    const file = input.get('file');
    if (!(file instanceof File) || file.name === '') {
      setError('Choose a CSV or JSON Lines file.');
      return;
    }
    setPending(true);
    setError(null);
    setIssues([]);
    setDone(null);
    try {
      const body = releaseUploadForm(
        { version: String(input.get('version') ?? ''), asOf: String(input.get('asOf') ?? '') },
        file,
      );
      const published = await unwrap(
        api.POST('/api/data-products/{id}/releases', { params: { path: { id: dataProductId } }, body }),
      );
      const { release } = published;
      setProcessId(published.processId);
      setDone(
        published.outcome === 'unchanged'
          ? `This file is release ${release.version} already: nothing new was published.`
          : `Published release ${release.version} (${release.rows} rows)` +
              (release.changeLog ? `: ${release.changeLog.summary}.` : '.'),
      );
      formRef.current?.reset();
      router.refresh();
    } catch (err) {
      setError(isApiError(err) ? err.message : 'The file could not be published.');
      if (isApiError(err)) setIssues(err.issues);
    } finally {
      setPending(false);
    }
  }

  return (
    <form ref={formRef} className="form" onSubmit={onSubmit} noValidate aria-label="Publish a release">
      <FormError message={error} testId="publish-error" />
      {issues.length > 0 && (
        <ul className="alert alert-error" data-testid="publish-issues">
          {issues.map((issue) => (
            <li key={`${issue.path}-${issue.message}`}>
              {issue.path}: {issue.message}
            </li>
          ))}
        </ul>
      )}
      {done && (
        <p className="alert alert-success" role="status" data-testid="publish-done">
          {done}
          {processId && (
            <>
              {' '}
              <Link href={`/processes/${encodeURIComponent(processId)}`}>See the publishing process</Link>
            </>
          )}
        </p>
      )}
      <div className="form-grid">
        <div className="field">
          <label htmlFor="release-file">File</label>
          <input id="release-file" name="file" type="file" accept=".csv,.jsonl,.ndjson" className="input" />
          <p className="subtle">CSV with a header row, or JSON Lines (one object a line).</p>
        </div>
        <div className="field">
          <label htmlFor="release-version">
            Version <span className="subtle">(optional)</span>
          </label>
          <input id="release-version" name="version" className="input" maxLength={100} placeholder="2026-05" />
        </div>
        <div className="field">
          <label htmlFor="release-as-of">
            As of <span className="subtle">(optional)</span>
          </label>
          <input id="release-as-of" name="asOf" type="date" className="input" />
        </div>
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending} data-testid="publish-submit">
          {pending ? 'Publishing…' : 'Publish release'}
        </button>
      </div>
    </form>
  );
}
