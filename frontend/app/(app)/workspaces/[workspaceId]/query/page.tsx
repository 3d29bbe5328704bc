import type { Metadata } from 'next';
import { answerIdOf } from '@/components/query/answer-url';
import { AskPanel } from '@/components/query/ask-panel';
import { ReadOnlyNotice, WorkspaceHeader } from '@/components/query/workspace-header';
import { IndexCoverageNotice } from '@/components/search/index-coverage-notice';
import { getAgencyNames } from '@/lib/agency-names.server';
import { QUESTION_MAX_LENGTH } from '@/lib/api-limits';
import { findQuery, findWorkspace, getAnswerModes, getWorkspace } from '@/lib/bff.server';

type Props = {
  params: Promise<{ workspaceId: string }>;
  searchParams: Promise<{ q?: string | string[]; answer?: string | string[]; docket?: string | string[] }>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const workspace = await findWorkspace((await params).workspaceId);
  const answerId = answerIdOf((await searchParams).answer);
  const found = answerId ? await findQuery(answerId) : null;
  if (!workspace) return { title: 'Workspace not found' };
  return { title: found ? `${found.query.question} — ${workspace.name}` : `Ask — ${workspace.name}` };
}

/** The question box; `?answer=<queryId>` (the address an answer gets when it starts) shows that answer, stored. */
export default async function WorkspaceQueryPage({ params, searchParams }: Props) {
  const { workspaceId } = await params;
  const { q, answer, docket } = await searchParams;
  const answerId = answerIdOf(answer);
  const [workspace, found, agencyNames, answerModes] = await Promise.all([
    getWorkspace(workspaceId),
    answerId ? findQuery(answerId) : null,
    getAgencyNames(),
    getAnswerModes(),
  ]);
  const question = (Array.isArray(q) ? q[0] : q) ?? '';
  const refinedDocket = ((Array.isArray(docket) ? docket[0] : docket) ?? '').trim().slice(0, 200);
  return (
    <div className="page page-wide">
      <WorkspaceHeader workspace={workspace} current="query" />
      <div className="stack">
        <ReadOnlyNotice workspace={workspace} what="asking questions" />
        <IndexCoverageNotice />
        <AskPanel
          // Another workspace, another ?q= (a log entry's "ask again") or the stored answer arriving
          // starts a fresh panel.
          key={`${workspace.id}\n${found ? `answer:${found.query.queryId}` : `q:${question}\n${refinedDocket}`}`}
          workspaceId={workspace.id}
          defaultFilters={workspace.defaultFilters}
          canAsk={workspace.can.run}
          initialQuestion={question}
          stored={found?.query ?? null}
          questionLimit={QUESTION_MAX_LENGTH}
          agencyNames={agencyNames}
          modes={answerModes.modes}
          docket={refinedDocket}
        />
      </div>
    </div>
  );
}
