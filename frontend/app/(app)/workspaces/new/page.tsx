import type { Metadata } from 'next';
import { WorkspaceForm } from '@/components/workspaces/workspace-form';
import { agencyOptions, filingTypeOptions } from '@/components/workspaces/workspace-format';
import styles from '@/components/workspaces/workspaces.module.css';
import { getSessionUser, listSources } from '@/lib/bff.server';

export const metadata: Metadata = { title: 'New workspace' };

export default async function NewWorkspacePage() {
  await getSessionUser();
  const sources = await listSources();
  return (
    <div className={`page page-narrow ${styles.formPage}`}>
      <div className="page-header">
        <div>
          <h1>New workspace</h1>
          <p>
            A research context: its default filters apply to every search and question run in it, and every request is
            kept in its log.
          </p>
        </div>
      </div>
      <WorkspaceForm
        mode="create"
        initial={{
          name: '',
          description: '',
          defaultFilters: { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: null, filedTo: null },
        }}
        agencies={agencyOptions(sources)}
        filingTypes={filingTypeOptions(sources)}
      />
    </div>
  );
}
