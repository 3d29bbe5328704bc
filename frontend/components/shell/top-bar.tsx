import Link from 'next/link';
import { Suspense } from 'react';
import type { User } from '@/lib/types';
import { NotificationBell } from '../alerts/notification-bell';
import { ScaleIcon } from '../icons';
import { WorkspaceSwitcher } from '../workspaces/workspace-switcher';
import { SearchBox } from './search-box';
import styles from './shell.module.css';
import { UserMenu } from './user-menu';

export function TopBar({ user }: { user: User }) {
  return (
    <header className={styles.topbar}>
      <Link href="/search" className={styles.brand}>
        <span className={styles.brandMark} aria-hidden="true">
          <ScaleIcon size={16} />
        </span>
        Docket Research
      </Link>
      <WorkspaceSwitcher />
      <Suspense fallback={<div className={styles.search} />}>
        <SearchBox />
      </Suspense>
      <div className={styles.spacer} />
      <NotificationBell />
      <UserMenu user={user} />
    </header>
  );
}
