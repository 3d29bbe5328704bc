import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { QueryViews } from '@/components/query/query-views';
import { getAgencyNames } from '@/lib/agency-names.server';
import { findQuery, findWorkspace } from '@/lib/bff.server';
import { isQueryView } from '@/lib/query-types';

type Props = { params: Promise<{ queryId: string; view: string }> };

const VIEW_TITLES = { analysis: 'Analysis', documents: 'Documents', figures: 'Figures' } as const;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { queryId, view } = await params;
  const found = await findQuery(queryId);
  if (!found || !isQueryView(view)) return { title: 'Not found' };
  return { title: `${VIEW_TITLES[view]} — ${found.query.question}` };
}

/** One query on its own: its author, the members of its workspace and administrators see it (404 for anyone else). */
export default async function QueryViewPage({ params }: Props) {
  const { queryId, view } = await params;
  if (!isQueryView(view)) notFound();
  const found = await findQuery(queryId);
  if (!found) notFound();
  const { query, author } = found;
  // The workspace link only for those who can open it (members; administrators too).
  const [workspace, agencyNames] = await Promise.all([
    query.workspaceId ? findWorkspace(query.workspaceId) : null,
    getAgencyNames(),
  ]);
  return (
    <div className="page page-wide">
      <QueryViews
        query={query}
        author={author}
        view={view}
        base={`/queries/${encodeURIComponent(query.queryId)}`}
        agencyNames={agencyNames}
        workspace={workspace ? { id: workspace.id, name: workspace.name } : null}
      />
    </div>
  );
}
