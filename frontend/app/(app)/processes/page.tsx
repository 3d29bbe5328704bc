import type { Metadata } from 'next';
import { ProcessTable } from '@/components/processes/process-table';
import { listProcesses } from '@/lib/bff.server';
import { byLatestUpdate } from '@/lib/types';

export const metadata: Metadata = { title: 'Processes' };

export default async function ProcessesPage() {
  const processes = await listProcesses();
  const sorted = [...processes].sort(byLatestUpdate);
  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Processes</h1>
          <p>
            Long-running jobs — re-indexing now; exports, imports and bulk analyses later — with their live progress.
          </p>
        </div>
      </div>
      <section className="card">
        {sorted.length > 0 ? (
          <ProcessTable processes={sorted} caption="Processes" />
        ) : (
          <div className="empty-state">
            <h2>No processes yet</h2>
            <p>When you start a long-running job it appears here.</p>
          </div>
        )}
      </section>
    </div>
  );
}
