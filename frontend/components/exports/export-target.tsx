import Link from 'next/link';
import { notFound } from 'next/navigation';
import { InfoIcon } from '@/components/icons';
import { findExport, listExports } from '@/lib/bff.server';
import type { Workspace, WorkspaceRequest } from '@/lib/query-types';
import { ExportForm } from './export-form';
import { exportTargetPath } from './export-format';
import { ExportProgress } from './export-progress';
import { ExportsTable } from './exports-table';

/**
 * The body of /export/workspace/{id}[/request/{requestId}]: the choices, or with ?export= that
 * export's progress and download; then your earlier exports of the same thing.
 */
export async function ExportTarget({
  workspace,
  request,
  exportId,
}: {
  workspace: Workspace;
  request: WorkspaceRequest | null;
  exportId: string;
}) {
  const requestId = request?.id ?? null;
  const subject = request ? request.kind : 'workspace';
  if (!workspace.role) {
    return (
      <div className="alert alert-info" role="status" data-testid="export-members-only">
        <InfoIcon />
        <p>Only members of this workspace can export it or its requests. Ask one of its owners to add you.</p>
      </div>
    );
  }
  if (workspace.role === 'viewer') {
    return (
      <div className="alert alert-info" role="status" data-testid="export-viewers-refused">
        <InfoIcon />
        <p>
          Viewers cannot export from this workspace: an export runs its searches and questions again, which only owners
          and editors may do. Ask one of its owners to make you an editor.
        </p>
      </div>
    );
  }
  const [shown, list] = await Promise.all([exportId ? findExport(exportId) : null, listExports(workspace.id)]);
  // Another target's export (or none at all) is not shown here.
  if (exportId && (!shown || shown.export.workspaceId !== workspace.id || shown.export.requestId !== requestId))
    notFound();
  const earlier = list.exports.filter((e) => e.requestId === requestId && e.id !== exportId);

  return (
    <div className="stack">
      {shown ? (
        <>
          <ExportProgress key={shown.export.id} initial={shown.export} initialDownload={shown.download} />
          <p>
            <Link href={exportTargetPath(workspace.id, requestId)} data-testid="export-another">
              Start another export of this{' '}
              {subject === 'workspace' ? 'workspace' : subject === 'search' ? 'search' : 'question'}
            </Link>
          </p>
        </>
      ) : (
        <ExportForm
          workspaceId={workspace.id}
          requestId={requestId}
          subject={subject}
          limits={list.limits}
          requests={request ? undefined : workspace.requestCount}
        />
      )}
      {earlier.length > 0 ? (
        <section className="card" aria-labelledby="earlier-exports">
          <div className="card-header">
            <h2 id="earlier-exports">
              Your earlier exports of this{' '}
              {subject === 'workspace' ? 'workspace' : subject === 'search' ? 'search' : 'question'}
            </h2>
          </div>
          <ExportsTable exports={earlier} caption="Earlier exports" />
        </section>
      ) : null}
    </div>
  );
}
