import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminOnly } from '@/components/query/admin-only';
import { QueryViews } from '@/components/query/query-views';
import { getAgencyNames } from '@/lib/agency-names.server';
import { findQuery, findWorkspace, getSessionUser } from '@/lib/bff.server';
import { isQueryView } from '@/lib/query-types';

type Props = { params: Promise<{ queryId: string; view: string }> };

export const metadata: Metadata = { title: 'Query log' };

/** Administrators: any query, in one of its three views. */
export default async function AdminQueryViewPage({ params }: Props) {
  const user = await getSessionUser();
  if (user.role !== 'admin') return <AdminOnly title="Query log" />;
  const { queryId, view } = await params;
  if (!isQueryView(view)) notFound();
  const found = await findQuery(queryId);
  if (!found) notFound();
  const { query, author } = found;
  const [workspace, agencyNames] = await Promise.all([
    query.workspaceId ? findWorkspace(query.workspaceId) : null,
    getAgencyNames(),
  ]);
  return (
    <div className="page page-wide">
      <p className="mb-4">
        <Link href="/admin/queries/log">← Back to the query log</Link>
      </p>
      <QueryViews
        query={query}
        author={author}
        view={view}
        base={`/admin/queries/log/${encodeURIComponent(query.queryId)}`}
        agencyNames={agencyNames}
        workspace={workspace ? { id: workspace.id, name: workspace.name } : null}
      />
    </div>
  );
}
