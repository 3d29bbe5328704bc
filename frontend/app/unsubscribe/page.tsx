import type { Metadata } from 'next';
import Link from 'next/link';
import styles from '@/app/login/login.module.css';
import { ScaleIcon } from '@/components/icons';
import { describeUnsubscribe } from '@/lib/bff.server';
import { UnsubscribeButton } from './unsubscribe-button';
import unsubscribe from './unsubscribe.module.css';

export const metadata: Metadata = { title: 'Unsubscribe' };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

/**
 * An alert e-mail's unsubscribe link, without signing in: says which alert's e-mail it stops, and
 * stops it with one click. (Mail clients' one-click POST goes to /api/unsubscribe directly.)
 */
export default async function UnsubscribePage({ searchParams }: Props) {
  const raw = (await searchParams).token;
  const token = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  // A link that cannot be checked now (the alerts service restarting) is said so, not shown as broken.
  const described = token ? await describeUnsubscribe(token).catch(() => 'unavailable' as const) : null;

  return (
    <main className={styles.wrap}>
      <div className={styles.panel}>
        <div className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            <ScaleIcon size={18} />
          </span>
          Docket Research
        </div>
        <div className={`card ${styles.card}`} data-testid="unsubscribe">
          <h1>Unsubscribe</h1>
          {described === 'unavailable' ? (
            <p className={styles.lead} data-testid="unsubscribe-unavailable">
              This link cannot be checked right now. Please try again in a few minutes.
            </p>
          ) : !described || !described.ok ? (
            <>
              <p className={styles.lead} data-testid="unsubscribe-invalid">
                This unsubscribe link is not valid any more (the alert may have been deleted) or was cut short when it
                was copied.
              </p>
              <p>
                Sign in to manage every alert on <Link href="/alerts">Alerts</Link>.
              </p>
            </>
          ) : (
            <>
              <p className={styles.lead}>
                E-mail for the alert <strong data-testid="unsubscribe-alert">“{described.body.alertName}”</strong>
                {described.body.unsubscribed
                  ? ' is already off.'
                  : ' will stop. Its other channels (in the app, webhooks) stay as they are.'}
              </p>
              <UnsubscribeButton token={token} alreadyDone={described.body.unsubscribed} />
              <p className={`subtle ${unsubscribe.note}`}>
                Change or delete the alert after signing in:{' '}
                <Link href={`/alerts/${encodeURIComponent(described.body.alertId)}`}>open it</Link>.
              </p>
            </>
          )}
        </div>
      </div>
    </main>
  );
}
