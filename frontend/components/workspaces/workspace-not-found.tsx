import Link from 'next/link';
import styles from './workspaces.module.css';

/** Said the same way whether the workspace does not exist or the reader is not a member of it. */
export function WorkspaceNotFound() {
  return (
    <div className="page page-narrow">
      <div className="card" data-testid="workspace-not-found">
        <div className="card-body">
          <p className="error-code">404</p>
          <h1 className={styles.notFoundHeading}>Workspace not found</h1>
          <p className="muted">
            There is no such workspace, or you are not one of its members. Ask one of its owners to add you, or pick one
            of your own.
          </p>
          <div className="row mt-5">
            <Link href="/workspaces/select" className="btn btn-primary">
              Your workspaces
            </Link>
            <Link href="/workspaces/new" className="btn">
              New workspace
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
