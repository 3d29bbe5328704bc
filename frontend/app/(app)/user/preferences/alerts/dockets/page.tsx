import type { Metadata } from 'next';
import Link from 'next/link';
import { DocketFollowsManager } from '@/components/alerts/docket-follows-manager';
import { listDocketFollows } from '@/lib/bff.server';
import styles from './dockets.module.css';

export const metadata: Metadata = { title: 'Docket alerts' };

export default async function DocketAlertsPage() {
  const follows = await listDocketFollows();
  return (
    <div className={`page ${styles.pageWidth}`}>
      <div className="page-header">
        <div>
          <h1>Followed dockets</h1>
          <p>
            Every new filing on a docket you follow reaches you, at once or in a digest. Saved searches are on{' '}
            <Link href="/alerts">Alerts</Link>.
          </p>
        </div>
      </div>
      <DocketFollowsManager follows={follows} />
    </div>
  );
}
