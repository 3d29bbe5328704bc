import type { Metadata } from 'next';
import Link from 'next/link';
import { ExportsTable } from '@/components/exports/exports-table';
import { listExports } from '@/lib/bff.server';
import { formatNumber } from '@/lib/format';

export const metadata: Metadata = { title: 'Exports' };

export default async function ExportsPage() {
  const { exports, limits } = await listExports();
  return (
    <div className="page page-wide">
      <div className="page-header">
        <div>
          <h1>Exports</h1>
          <p>Files you exported from your workspaces. Each is kept until its expiry date, then removed.</p>
        </div>
        {limits ? (
          <p className="subtle" data-testid="exports-limits">
            {formatNumber(limits.running)} of {formatNumber(limits.maxConcurrent)} running at once ·{' '}
            {formatNumber(limits.stored)} of {formatNumber(limits.maxStored)} kept
          </p>
        ) : null}
      </div>
      <section className="card">
        {exports.length === 0 ? (
          <div className="empty-state" data-testid="exports-empty">
            <h2>No exports yet</h2>
            <p>
              Open a search or question of a <Link href="/workspaces/select">workspace</Link> and choose{' '}
              <strong>Export</strong>, or export a whole workspace from its header.
            </p>
          </div>
        ) : (
          <ExportsTable exports={exports} caption="Your exports" />
        )}
      </section>
    </div>
  );
}
