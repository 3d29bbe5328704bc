'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { FormError } from '@/components/ui/form-error';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import { formatDate } from '@/lib/format';
import type { Role, User } from '@/lib/types';
import styles from './accounts.module.css';
import { CreateUserForm } from './create-user-form';

export function UsersAdmin({ users, currentUserId }: { users: User[]; currentUserId: string }) {
  const router = useRouter();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sorted = [...users].sort((a, b) => Number(b.active) - Number(a.active) || a.email.localeCompare(b.email));

  async function update(user: User, change: { role?: Role; active?: boolean }) {
    setBusyId(user.id);
    setError(null);
    try {
      await unwrap(api.PATCH('/api/users/{id}', { params: { path: { id: user.id } }, body: change }));
      router.refresh();
    } catch (err) {
      setError(`${user.email}: ${isApiError(err) ? err.message : 'the change could not be saved.'}`);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section className="card" aria-labelledby="users-heading">
      <div className="card-header">
        <div>
          <h2 id="users-heading">People</h2>
          <p>Everyone who can sign in to your organisation. Deactivating someone signs them out everywhere.</p>
        </div>
      </div>
      <div className={`card-body ${styles.newUserBody}`}>
        <CreateUserForm />
      </div>
      {error ? (
        <div className={`card-body ${styles.usersError}`}>
          <FormError message={error} />
        </div>
      ) : null}
      <div className="table-wrap">
        <table className="table" data-testid="users-table">
          <caption className="visually-hidden">People of your organisation</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((u) => {
              const self = u.id === currentUserId;
              const busy = busyId === u.id;
              return (
                <tr key={u.id} data-testid="user-row" data-email={u.email}>
                  <td>
                    <div className={styles.userName}>
                      {u.name || '—'} {self ? <span className="subtle">(you)</span> : null}
                    </div>
                    <div className="subtle">{u.email}</div>
                  </td>
                  <td>
                    <label className="visually-hidden" htmlFor={`role-${u.id}`}>
                      Role of {u.email}
                    </label>
                    <select
                      id={`role-${u.id}`}
                      className={`select ${styles.roleSelect}`}
                      value={u.role}
                      disabled={self || busy || !u.active}
                      title={self ? 'You cannot change your own role' : undefined}
                      onChange={(e) => void update(u, { role: e.target.value as Role })}
                    >
                      <option value="member">Member</option>
                      <option value="admin">Administrator</option>
                    </select>
                  </td>
                  <td>
                    {u.active ? (
                      u.mustChangePassword ? (
                        <span className="badge badge-warning">Password change pending</span>
                      ) : (
                        <span className="badge badge-success">Active</span>
                      )
                    ) : (
                      <span className="badge">Deactivated</span>
                    )}
                  </td>
                  <td className="subtle">{formatDate(u.createdAt)}</td>
                  <td className="num">
                    {self ? null : (
                      <button
                        type="button"
                        className={u.active ? 'btn btn-sm btn-danger' : 'btn btn-sm'}
                        disabled={busy}
                        aria-label={`${u.active ? 'Deactivate' : 'Reactivate'} ${u.email}`}
                        onClick={() => void update(u, { active: !u.active })}
                      >
                        {u.active ? 'Deactivate' : 'Reactivate'}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
