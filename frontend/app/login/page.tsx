import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ScaleIcon } from '@/components/icons';
import { getOptionalSessionUser } from '@/lib/bff.server';
import { safeNextPath } from '@/lib/safe-path';
import { LoginForm } from './login-form';
import styles from './login.module.css';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const target = safeNextPath(next);
  if (await getOptionalSessionUser()) redirect(target);
  return (
    <main className={styles.wrap}>
      <div className={styles.panel}>
        <div className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            <ScaleIcon size={18} />
          </span>
          Docket Research
        </div>
        <div className={`card ${styles.card}`}>
          <h1>Sign in</h1>
          <p className={styles.lead}>Use the e-mail address and password of your organisation account.</p>
          <LoginForm next={target} />
        </div>
        <p className={styles.footer}>No account yet? Ask an administrator of your organisation to create one.</p>
      </div>
    </main>
  );
}
