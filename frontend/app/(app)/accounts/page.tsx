import type { Metadata } from 'next';
import { AlertIcon } from '@/components/icons';
import { getSessionUser, listUsers } from '@/lib/bff.server';
import { formatDate } from '@/lib/format';
import styles from './accounts.module.css';
import { PasswordForm } from './password-form';
import { ProfileForm } from './profile-form';
import { UsersAdmin } from './users-admin';

export const metadata: Metadata = { title: 'Accounts' };

export default async function AccountsPage() {
  const user = await getSessionUser();
  // Until a one-time password is replaced the BFF opens nothing else, so ask for nothing else.
  const users = user.role === 'admin' && !user.mustChangePassword ? await listUsers() : null;
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Accounts</h1>
          <p>
            Your profile and password
            {users ? ', and the people of your organisation' : ''}.
          </p>
        </div>
      </div>
      <div className="stack">
        {user.mustChangePassword ? (
          <div className="alert alert-warning" role="alert" data-testid="must-change-password">
            <AlertIcon />
            <p>
              <strong>Choose a new password to continue.</strong> You signed in with a one-time password; the rest of
              Docket Research opens once you have set your own.
            </p>
          </div>
        ) : null}

        <div className={`form-grid ${styles.cards}`}>
          <section className="card" aria-labelledby="profile-heading">
            <div className="card-header">
              <div>
                <h2 id="profile-heading">Profile</h2>
                <p>How your name appears to others.</p>
              </div>
            </div>
            <div className={`card-body stack ${styles.profileBody}`}>
              <dl className="meta-list">
                <dt>E-mail</dt>
                <dd>{user.email}</dd>
                <dt>Role</dt>
                <dd>{user.role === 'admin' ? 'Administrator' : 'Member'}</dd>
                <dt>Organisation</dt>
                <dd>{user.organisationName || '—'}</dd>
                <dt>Member since</dt>
                <dd>{formatDate(user.createdAt)}</dd>
              </dl>
              <ProfileForm name={user.name} />
            </div>
          </section>

          <section className="card" aria-labelledby="password-heading">
            <div className="card-header">
              <div>
                <h2 id="password-heading">Password</h2>
                <p>At least 12 characters, and not easy to guess: a few unrelated words work well.</p>
              </div>
            </div>
            <div className="card-body">
              <PasswordForm />
            </div>
          </section>
        </div>

        {users ? <UsersAdmin users={users} currentUserId={user.id} /> : null}
      </div>
    </div>
  );
}
