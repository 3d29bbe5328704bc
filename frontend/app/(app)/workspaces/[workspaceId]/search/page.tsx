import type { Metadata } from 'next';
import { ReadOnlyNotice, WorkspaceHeader } from '@/components/query/workspace-header';
import { RecordSearch } from '@/components/search/record-search';
import { runLoggedSearch, runSearch } from '@/components/search/run-search';
import {
  ENTRY_PARAM,
  pageHref,
  parseSearchState,
  recordBody,
  shouldSearch,
  type RawParams,
  type SearchFilterState,
} from '@/components/search/search-params';
import { searchCatalog, SearchView } from '@/components/search/search-view';
import { findWorkspace, getWorkspace, listSources } from '@/lib/bff.server';
import { sameSiteNavigation } from '@/lib/navigation-site';

type Props = { params: Promise<{ workspaceId: string }>; searchParams: Promise<RawParams> };

const PAGE_SIZE = 20;

function first(value: string | string[] | undefined): string {
  return ((Array.isArray(value) ? value[0] : value) ?? '').trim();
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const workspace = await findWorkspace((await params).workspaceId);
  const text = first((await searchParams).q);
  if (!workspace) return { title: 'Workspace not found' };
  return { title: text ? `“${text}” — ${workspace.name}` : `Search — ${workspace.name}` };
}

export default async function WorkspaceSearchPage({ params, searchParams }: Props) {
  const { workspaceId } = await params;
  const raw = await searchParams;
  const [workspace, sources] = await Promise.all([getWorkspace(workspaceId), listSources()]);
  const d = workspace.defaultFilters;
  const defaults: SearchFilterState = {
    agencies: d.agencies,
    filingTypes: d.filingTypes,
    dockets: d.dockets,
    parties: d.parties,
    from: d.filedFrom ?? '',
    to: d.filedTo ?? '',
  };
  const state = parseSearchState(raw, defaults);

  // Only an asked search runs; opening the page does not. The request that serves it adds it to the
  // log, unless its address already names its entry (a reload) or another site sent the browser here
  // (which must not write into a user's log: RecordSearch then asks the user's own page to log it).
  const entry = first(raw[ENTRY_PARAM]);
  const logHere = !entry && (await sameSiteNavigation());
  const { page, failure } =
    shouldSearch(raw) && workspace.can.run
      ? await (logHere ? runLoggedSearch : runSearch)(workspace.id, state, PAGE_SIZE)
      : { page: null, failure: null };

  return (
    <div className="page page-wider">
      <WorkspaceHeader workspace={workspace} current="search" />
      <ReadOnlyNotice workspace={workspace} what="searching" />
      <SearchView
        workspaceId={workspace.id}
        state={state}
        defaults={defaults}
        page={page}
        failure={failure}
        canRun={workspace.can.run}
        catalog={searchCatalog(sources)}
        pageSize={PAGE_SIZE}
        start={
          <div className="card empty-state" data-testid="search-start">
            <h2>Search the filings of this workspace</h2>
            <p>
              Type a query, or add filters on the left. Every search is kept in the workspace’s log with its results,
              facets and an analysis.
            </p>
          </div>
        }
        after={
          page ? (
            <RecordSearch
              // A new search (another address) is recorded afresh.
              key={pageHref(workspace.id, state)}
              workspaceId={workspace.id}
              body={recordBody(workspace.id, state, PAGE_SIZE)}
              q={state.q}
              recorded={entry || page.requestId || ''}
            />
          ) : null
        }
      />
    </div>
  );
}
