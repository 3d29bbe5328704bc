import type { Metadata } from 'next';
import Link from 'next/link';
import { ExportTarget } from '@/components/exports/export-target';
import { WorkspaceHeader } from '@/components/query/workspace-header';
import { findWorkspace, getWorkspace } from '@/lib/bff.server';
import styles from './export-page.module.css';

type Props = { params: Promise<{ workspaceId: string }>; searchParams: Promise<{ export?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const workspace = await findWorkspace((await params).workspaceId);
  return { title: workspace ? `Export — ${workspace.name}` : 'Workspace not found' };
}

/** Export the whole workspace: a ZIP with an index page and a folder per search and question. */
export default async function WorkspaceExportPage({ params, searchParams }: Props) {
  const { workspaceId } = await params;
  const raw = (await searchParams).export;
  const exportId = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const workspace = await getWorkspace(workspaceId);
  const logPath = `/workspaces/${encodeURIComponent(workspace.id)}/log`;
  return (
    <div className="page page-wide">
      <WorkspaceHeader workspace={workspace} current="export" />
      <div className={`stack ${styles.heading}`}>
        <h2 data-testid="export-heading">Export the workspace</h2>
        <p className="muted">
          Every search and question of its <Link href={logPath}>log</Link> ({workspace.requestCount}), each in its own
          folder as it would be exported alone, with an index page. It is built in the background.
        </p>
      </div>
      <ExportTarget workspace={workspace} request={null} exportId={exportId} />
    </div>
  );
}
