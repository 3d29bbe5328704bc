'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { BellIcon, CheckIcon } from '@/components/icons';
import { isApiError } from '@/lib/api-error';
import { api, unwrap } from '@/lib/api.client';
import styles from './alerts.module.css';

export interface DocketToFollow {
  docketId: string;
  docketNumber: string;
  title: string;
  sourceName: string;
}

/** Normalised for comparing docket numbers as people type them (case and spacing). */
const sameDocket = (a: string, b: string) =>
  a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

/**
 * "Follow docket": every new filing on it reaches you (real-time, in-app and e-mail by default; the
 * follows page changes that). Knows whether you already follow it once your follows are read.
 */
export function FollowDocketButton({ docket, size = 'normal' }: { docket: DocketToFollow; size?: 'normal' | 'small' }) {
  const [followId, setFollowId] = useState<string | null | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    unwrap(api.GET('/api/docket-follows'))
      .then(({ alerts }) => {
        if (live)
          setFollowId(
            alerts.find((a) => a.docket && sameDocket(a.docket.docketNumber, docket.docketNumber))?.id ?? null,
          );
      })
      .catch(() => {
        if (live) setFollowId(null);
      });
    return () => {
      live = false;
    };
  }, [docket.docketNumber]);

  async function follow() {
    setPending(true);
    setError(null);
    try {
      const { alert } = await unwrap(api.POST('/api/docket-follows', { body: docket }));
      setFollowId(alert.id);
    } catch (err) {
      setError(isApiError(err) ? err.message : 'Could not follow the docket.');
    }
    setPending(false);
  }

  const className = size === 'small' ? 'btn btn-sm' : 'btn';
  if (followId) {
    return (
      <Link
        href="/user/preferences/alerts/dockets"
        className={className}
        data-testid="docket-following"
        title="Manage followed dockets"
      >
        <CheckIcon size={14} /> Following
      </Link>
    );
  }
  return (
    <span className={styles.followButton}>
      <button
        type="button"
        className={className}
        onClick={follow}
        disabled={pending || followId === undefined}
        data-testid="follow-docket"
        data-docket={docket.docketNumber}
      >
        <BellIcon size={14} /> {pending ? 'Following…' : 'Follow docket'}
      </button>
      {error ? (
        <span className="field-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
