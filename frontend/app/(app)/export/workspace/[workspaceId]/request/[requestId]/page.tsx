import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ExportTarget } from '@/components/exports/export-target';
import { FilterSummary } from '@/components/query/filter-summary';
import { WorkspaceHeader } from '@/components/query/workspace-header';
import { getAgencyNames } from '@/lib/agency-names.server';
import { findRequest, getWorkspace } from '@/lib/bff.server';
import { formatCount, formatDateTime } from '@/lib/format';
import styles from '../../export-page.module.css';

type Props = {
  params: Promise<{ workspaceId: string; requestId: string }>;
  searchParams: Promise<{ export?: string | string[] }>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { workspaceId, requestId } = await params;
  const request = await findRequest(workspaceId, requestId);
  return { title: request ? `Export — ${request.text || 'Search'}` : 'Not found' };
}

/**
 * Export one search (every matching document) or question (its analysis, documents and figures) of
 * a workspace's log.
 */
export default async function RequestExportPage({ params, searchParams }: Props) {
  const { workspaceId, requestId } = await params;
  const raw = (await searchParams).export;
  const exportId = (Array.isArray(raw) ? raw[0] : raw) ?? '';
  const [workspace, request, agencyNames] = await Promise.all([
    getWorkspace(workspaceId),
    findRequest(workspaceId, requestId),
    getAgencyNames(),
  ]);
  if (!request) notFound();
  const entry = `/workspaces/${encodeURIComponent(workspace.id)}/log/${encodeURIComponent(request.id)}`;
  return (
    <div className="page page-wide">
      <WorkspaceHeader workspace={workspace} current={null} />
      <p className={styles.back}>
        <Link href={`${entry}/analysis`}>← Back to the {request.kind === 'query' ? 'question' : 'search'}</Link>
      </p>
      <header className={`stack ${styles.heading}`}>
        <h2 data-testid="export-heading">
          Export the {request.kind === 'query' ? 'question' : 'search'} “{request.text || 'filters only'}”
        </h2>
        <p className="muted">
          {request.kind === 'query' ? 'Question' : 'Search'} by{' '}
          {request.user.name || request.user.email || 'a former member'} · {formatDateTime(request.createdAt)} ·{' '}
          {formatCount(request.resultCount, request.resultCountIsLowerBound)}{' '}
          {request.kind === 'query' ? 'sources' : 'results'}
          {request.kind === 'search' ? ' — the export holds every matching document, not only the first page' : ''}
        </p>
        <FilterSummary filters={request.filters} agencyNames={agencyNames} />
      </header>
      <ExportTarget workspace={workspace} request={request} exportId={exportId} />
    </div>
  );
}
