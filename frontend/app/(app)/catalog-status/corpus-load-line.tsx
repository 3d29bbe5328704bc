'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { formatDuration, formatNumber } from '@/lib/format';
import type { CorpusLoad } from '@/lib/types';
import styles from './catalog-status.module.css';

/** How often the page asks again while the corpus loads: the line is only useful if it moves. */
const REFRESH_MS = 5_000;

/** One line while the default corpus loads (stored, searchable, rates, time left); nothing once it is searchable. */
export function CorpusLoadLine({ load }: { load: CorpusLoad | null }) {
  const router = useRouter();
  useEffect(() => {
    if (!load) return undefined;
    const timer = setInterval(() => router.refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load, router]);
  if (!load) return null;
  const searchable =
    load.indexed === null
      ? 'search index count unavailable'
      : `${formatNumber(load.indexed)} searchable (${formatNumber(load.indexedPerSecond ?? 0)}/s)`;
  const left = load.secondsLeft === null ? 'time left not known yet' : `about ${formatDuration(load.secondsLeft)} left`;
  return (
    <section className="card mb-4" role="status" aria-live="polite" data-testid="corpus-load">
      <div className="card-body">
        <strong>Loading the default corpus:</strong> {formatNumber(load.stored)} of {formatNumber(load.total)} filings
        stored ({formatNumber(load.storedPerSecond)}/s), {searchable}; {left}.
        <progress
          value={Math.min(load.stored, load.indexed ?? load.stored)}
          max={load.total}
          aria-label="Filings stored and searchable"
          className={styles.loadProgress}
        />
      </div>
    </section>
  );
}
