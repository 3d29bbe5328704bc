import type { Metadata } from 'next';
import { AskPanel } from '@/components/query/ask-panel';
import { findWorkspace, getWorkspace } from '@/lib/bff.server';
import { ReadOnlyNotice, WorkspaceHeader } from '@/components/query/workspace-header';

type Props = { params: Promise<{ workspaceId: string }>; searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const workspace = await findWorkspace((await params).workspaceId);
  return { title: workspace ? `Ask — ${workspace.name}` : 'Workspace not found' };
}

export default async function WorkspaceQueryPage({ params, searchParams }: Props) {
  const { workspaceId } = await params;
  const q = (await searchParams).q;
  const workspace = await getWorkspace(workspaceId);
  const question = (Array.isArray(q) ? q[0] : q) ?? '';
  return (
    <div className="page" style={{ maxWidth: 1200 }}>
      <WorkspaceHeader workspace={workspace} current="query" />
      <div className="stack">
        <ReadOnlyNotice workspace={workspace} what="asking questions" />
        <AskPanel
          // Another workspace or another ?q= (a log entry's "ask again") starts a fresh panel.
          key={`${workspace.id}\n${question}`}
          workspaceId={workspace.id}
          defaultFilters={workspace.defaultFilters}
          canAsk={workspace.can.run}
          initialQuestion={question}
        />
      </div>
    </div>
  );
}
