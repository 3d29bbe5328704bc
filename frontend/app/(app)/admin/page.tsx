import type { Metadata } from 'next';
import Link from 'next/link';
import { ProcessTable } from '@/components/processes/process-table';
import { getAnswerModes, getIndexStats, listProcesses, listSources } from '@/lib/bff.server';
import { formatNumber } from '@/lib/format';
import { requireAdmin } from '@/lib/require-admin.server';
import { byLatestUpdate } from '@/lib/types';
import { AddDocumentForm } from './add-document-form';
import { GenerativeAnswers } from './generative-answers';
import { ImportForm } from './import-form';
import { ReindexButton } from './reindex-button';
import { UploadForm } from './upload-form';

export const metadata: Metadata = { title: 'Admin' };

const RECENT = 8;

export default async function AdminPage() {
  await requireAdmin();
  const [stats, processes, sources, answerModes] = await Promise.all([
    getIndexStats(),
    listProcesses(),
    listSources(),
    getAnswerModes(),
  ]);
  const sourceOptions = sources.map((s) => ({ id: s.id, name: s.name })).sort((a, b) => a.name.localeCompare(b.name));
  const recent = [...processes].sort(byLatestUpdate).slice(0, RECENT);

  return (
    <div className="page">
      <div className="page-header">
        <div>
          <h1>Admin</h1>
          <p>Add filings to the collection, import directories and maintain the search index.</p>
        </div>
      </div>
      <div className="stack">
        <section className="card" aria-labelledby="upload-heading">
          <div className="card-header">
            <div>
              <h2 id="upload-heading">Upload files</h2>
              <p>Each file is read, deduplicated, its entities extracted, then indexed for search.</p>
            </div>
          </div>
          <div className="card-body">
            <UploadForm sources={sourceOptions} />
          </div>
        </section>

        <section className="card" aria-labelledby="import-heading">
          <div className="card-header">
            <div>
              <h2 id="import-heading">Import a directory</h2>
              <p>Reads every file under a directory on the documents server, as a process you can follow.</p>
            </div>
          </div>
          <div className="card-body">
            <ImportForm sources={sourceOptions} />
          </div>
        </section>

        <section className="card" aria-labelledby="sources-heading">
          <div className="card-header">
            <div>
              <h2 id="sources-heading">Sources</h2>
              <p>
                Files are filed under a source of the catalog: add an agency or a court there before importing its
                filings.
              </p>
            </div>
            <Link href="/catalog?add=source" className="btn btn-sm" data-testid="admin-add-source">
              Add a source
            </Link>
          </div>
        </section>

        <section className="card" aria-labelledby="add-heading">
          <div className="card-header">
            <div>
              <h2 id="add-heading">Add a document</h2>
              <p>The document is stored, then indexed for search within a few seconds.</p>
            </div>
          </div>
          <div className="card-body">
            <AddDocumentForm />
          </div>
        </section>

        <section className="card" aria-labelledby="index-heading">
          <div className="card-header">
            <div>
              <h2 id="index-heading">Search index</h2>
              <p>
                <span data-testid="index-document-count">{formatNumber(stats.documents)}</span>{' '}
                {stats.documents === 1 ? 'document is' : 'documents are'} in the search index
                {stats.pending > 0 ? (
                  <>
                    ; <span data-testid="index-pending-count">{formatNumber(stats.pending)}</span> more{' '}
                    {stats.pending === 1 ? 'change is' : 'changes are'} on the way.
                  </>
                ) : (
                  '.'
                )}
              </p>
            </div>
            <ReindexButton />
          </div>
          <div className="card-body">
            <p className="muted">
              Re-indexing rebuilds the index from every stored document. Search keeps working while it runs; you can
              follow its progress live.
            </p>
          </div>
        </section>

        <section className="card" aria-labelledby="processes-heading">
          <div className="card-header">
            <div>
              <h2 id="processes-heading">Recent processes</h2>
              <p>Long-running jobs such as re-indexing.</p>
            </div>
            <div className="row">
              {/* The BFF's BullMQ dashboard (bull-board), a page of its own: a full navigation, not a
                  client-side route. */}
              <a href="/api/admin/queues" className="btn btn-sm" data-testid="queues-dashboard-link">
                Job queues
              </a>
              <Link href="/processes" className="btn btn-sm">
                All processes
              </Link>
            </div>
          </div>
          {recent.length > 0 ? (
            <ProcessTable processes={recent} caption="Recent processes" />
          ) : (
            <div className="card-body muted">No processes have run yet.</div>
          )}
        </section>

        <section className="card" aria-labelledby="querylog-heading">
          <div className="card-header">
            <div>
              <h2 id="querylog-heading">Query log</h2>
              <p>
                Every question asked in the organisation: who asked it, in which workspace, how long it took, and its
                answer.
              </p>
            </div>
            <Link href="/admin/queries/log" className="btn btn-sm" data-testid="query-log-link">
              Open the query log
            </Link>
          </div>
        </section>

        <GenerativeAnswers modes={answerModes.modes} defaultMode={answerModes.defaultMode} />
      </div>
    </div>
  );
}
