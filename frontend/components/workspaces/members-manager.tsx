'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { CheckIcon } from '@/components/icons';
import { FieldError, FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { RoleBadge } from './role-badge';
import { initialsOf, ROLE_DESCRIPTIONS, ROLE_LABELS } from './workspace-format';
import type { WorkspaceMember, WorkspaceRole } from './workspace-types';
import styles from './workspaces.module.css';

const ROLES: WorkspaceRole[] = ['owner', 'editor', 'viewer'];

/**
 * The members of a workspace. Owners add people of the organisation by e-mail, change roles and
 * remove members; everyone may leave. The server keeps the last owner; its refusal is shown as is.
 */
export function MembersManager({
  workspaceId,
  members,
  currentUserId,
  canManage,
}: {
  workspaceId: string;
  members: WorkspaceMember[];
  currentUserId: string;
  canManage: boolean;
}) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [added, setAdded] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<void>, failure: string) {
    setBusy(key);
    setError(null);
    setAdded(null);
    try {
      await action();
    } catch (err) {
      setError(isApiError(err) ? err.message : failure);
    } finally {
      setBusy(null);
    }
  }

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    // The select offers the schema's roles; the BFF checks.
    const role = String(form.get('role') ?? 'viewer') as WorkspaceRole;
    setBusy('add');
    setError(null);
    setEmailError(undefined);
    setAdded(null);
    try {
      await unwrap(
        api.POST('/api/workspaces/{id}/members', { params: { path: { id: workspaceId } }, body: { email, role } }),
      );
      formRef.current?.reset();
      setAdded(`${email} was added as ${role === 'viewer' ? 'a' : 'an'} ${role}.`);
      router.refresh();
    } catch (err) {
      if (isApiError(err) && err.fieldErrors().email) setEmailError(capitalise(err.fieldErrors().email!));
      else setError(isApiError(err) ? err.message : 'The person could not be added.');
    } finally {
      setBusy(null);
    }
  }

  const changeRole = (member: WorkspaceMember, role: WorkspaceRole) =>
    run(
      member.userId,
      async () => {
        await unwrap(
          api.PATCH('/api/workspaces/{id}/members/{userId}', {
            params: { path: { id: workspaceId, userId: member.userId } },
            body: { role },
          }),
        );
        router.refresh();
      },
      'The role could not be changed.',
    );

  const remove = (member: WorkspaceMember) =>
    run(
      member.userId,
      async () => {
        await unwrap(
          api.DELETE('/api/workspaces/{id}/members/{userId}', {
            params: { path: { id: workspaceId, userId: member.userId } },
          }),
        );
        if (member.userId === currentUserId) router.push('/workspaces/select');
        else router.refresh();
      },
      member.userId === currentUserId ? 'You could not leave the workspace.' : 'The member could not be removed.',
    );

  return (
    <section className="card" aria-labelledby="members-heading" data-testid="members-manager">
      <div className="card-header">
        <div>
          <h2 id="members-heading">Members</h2>
          <p>
            {canManage
              ? 'Add people of your organisation by e-mail and choose what they may do.'
              : 'Only owners can add people or change roles.'}
          </p>
        </div>
      </div>
      {canManage ? (
        <div className={`card-body ${styles.addMemberBody}`}>
          <form
            ref={formRef}
            onSubmit={onAdd}
            noValidate
            aria-label="Add a member"
            className={`stack ${styles.addMemberForm}`}
          >
            <div className={styles.addMember}>
              <div className="field">
                <label htmlFor="member-email">E-mail</label>
                <input
                  id="member-email"
                  name="email"
                  type="email"
                  className="input"
                  placeholder="colleague@example.com"
                  autoComplete="off"
                  data-testid="member-email"
                  aria-invalid={emailError ? true : undefined}
                  aria-describedby={emailError ? 'member-email-error' : undefined}
                />
              </div>
              <div className="field">
                <label htmlFor="member-role">Role</label>
                <select id="member-role" name="role" className="select" defaultValue="viewer" data-testid="member-role">
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn btn-primary" disabled={busy === 'add'} data-testid="member-add">
                {busy === 'add' ? 'Adding…' : 'Add member'}
              </button>
            </div>
            <FieldError id="member-email-error" message={emailError} />
            {added ? (
              <div className="alert alert-success" role="status" data-testid="member-added">
                <CheckIcon />
                <p>{added}</p>
              </div>
            ) : null}
            <p className="subtle">
              <strong>Owner</strong>: {ROLE_DESCRIPTIONS.owner.toLowerCase()}. <strong>Editor</strong>:{' '}
              {ROLE_DESCRIPTIONS.editor.toLowerCase()}. <strong>Viewer</strong>:{' '}
              {ROLE_DESCRIPTIONS.viewer.toLowerCase()}.
            </p>
          </form>
        </div>
      ) : null}
      {error ? (
        <div className={`card-body ${styles.membersError}`}>
          <FormError message={error} testId="members-error" />
        </div>
      ) : null}
      <ul className={styles.memberList}>
        {members.map((m) => {
          const self = m.userId === currentUserId;
          return (
            <li key={m.userId} data-testid="member-row" data-email={m.email} data-role={m.role}>
              <span className={styles.avatar} aria-hidden="true">
                {initialsOf(m.name, m.email)}
              </span>
              <div className={styles.memberText}>
                <div className={styles.memberName}>
                  {m.name || 'Unknown user'} {self ? <span className="subtle">(you)</span> : null}
                  {!m.active && m.name ? <span className={`badge ${styles.deactivated}`}>Deactivated</span> : null}
                </div>
                <div className="subtle">{m.email}</div>
              </div>
              {canManage ? (
                <>
                  <label className="visually-hidden" htmlFor={`role-${m.userId}`}>
                    Role of {m.name || m.email}
                  </label>
                  <select
                    id={`role-${m.userId}`}
                    className={`select ${styles.roleSelect}`}
                    value={m.role}
                    disabled={busy === m.userId}
                    onChange={(e) => void changeRole(m, e.target.value as WorkspaceRole)}
                    data-testid="member-role-select"
                  >
                    {ROLES.map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r]}
                      </option>
                    ))}
                  </select>
                </>
              ) : (
                <RoleBadge role={m.role} />
              )}
              {canManage || self ? (
                <button
                  type="button"
                  className="btn btn-sm btn-danger"
                  disabled={busy === m.userId}
                  onClick={() => void remove(m)}
                  aria-label={self ? 'Leave this workspace' : `Remove ${m.name || m.email}`}
                  data-testid={self ? 'member-leave' : 'member-remove'}
                >
                  {self ? 'Leave' : 'Remove'}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
