'use client';

import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { deletedWorkspaceNoticePath, plural } from './workspace-format';
import styles from './workspaces.module.css';

/**
 * The settings page's danger zone (owners only): deleting the workspace with its whole log. The
 * owner confirms by typing the workspace's name; then the workspace list opens with a notice.
 */
export function DeleteWorkspace({
  workspaceId,
  name,
  requestCount,
}: {
  workspaceId: string;
  name: string;
  requestCount: number;
}) {
  const router = useRouter();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim() === name;

  function open() {
    setConfirming(true);
    setError(null);
    // Focus once the field is rendered.
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function cancel() {
    setConfirming(false);
    setTyped('');
    setError(null);
  }

  async function onDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!matches || busy) return;
    setBusy(true);
    setError(null);
    try {
      await unwrap(api.DELETE('/api/workspaces/{id}', { params: { path: { id: workspaceId } } }));
      router.replace(deletedWorkspaceNoticePath(name));
      router.refresh();
    } catch (err) {
      setError(isApiError(err) ? err.message : 'The workspace could not be deleted.');
      setBusy(false);
    }
  }

  const log = requestCount === 0 ? 'its log' : `its log of ${plural(requestCount, 'request')}`;
  return (
    <section className={`card ${styles.dangerZone}`} aria-labelledby="danger-zone-heading" data-testid="danger-zone">
      <div className="card-header">
        <div>
          <h2 id="danger-zone-heading">Danger zone</h2>
          <p>Only owners see this.</p>
        </div>
      </div>
      <div className={`card-body stack ${styles.dangerBody}`}>
        <div className={styles.dangerRow}>
          <div>
            <div className={styles.dangerTitle}>Delete this workspace</div>
            <p className="muted">
              The workspace, its settings, its members&rsquo; access and {log} are deleted for everyone. This cannot be
              undone. Questions asked in it stay in the administrators&rsquo; query log.
            </p>
          </div>
          {confirming ? null : (
            <button type="button" className="btn btn-danger" onClick={open} data-testid="delete-workspace-open">
              Delete workspace…
            </button>
          )}
        </div>
        {confirming ? (
          <form
            onSubmit={onDelete}
            className={styles.dangerConfirm}
            aria-label="Confirm deleting the workspace"
            noValidate
          >
            <div className="field">
              <label htmlFor={inputId}>
                To confirm, type <strong className={styles.dangerName}>{name}</strong>
              </label>
              <input
                ref={inputRef}
                id={inputId}
                className="input"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                data-testid="delete-workspace-confirm-name"
              />
            </div>
            <FormError message={error} testId="delete-workspace-error" />
            <div className="row">
              <button
                type="submit"
                className={`btn ${styles.dangerSolid}`}
                disabled={!matches || busy}
                data-testid="delete-workspace-submit"
              >
                {busy ? 'Deleting…' : 'Delete this workspace'}
              </button>
              <button type="button" className="btn" onClick={cancel} disabled={busy}>
                Cancel
              </button>
            </div>
          </form>
        ) : null}
      </div>
    </section>
  );
}
