import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { DocumentLinksCarryOrigin } from '@/components/shell/document-links-origin';
import styles from '@/components/shell/shell.module.css';
import { SideNav } from '@/components/shell/side-nav';
import { TopBar } from '@/components/shell/top-bar';
import { getSessionUser } from '@/lib/bff.server';
import { REQUEST_PATH_HEADER } from '@/lib/request-path';

// Everything except /login lives in this shell and needs a session (the BFF decides; 401 → /login).
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const user = await getSessionUser();
  const path = (await headers()).get(REQUEST_PATH_HEADER) ?? '';
  // A one-time or reset password must be replaced before anything else.
  if (user.mustChangePassword && !path.startsWith('/accounts')) redirect('/accounts');
  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopBar user={user} />
      <div className={styles.body}>
        <SideNav isAdmin={user.role === 'admin'} />
        <main id="main" className={styles.main} tabIndex={-1}>
          <DocumentLinksCarryOrigin>{children}</DocumentLinksCarryOrigin>
        </main>
      </div>
    </div>
  );
}
