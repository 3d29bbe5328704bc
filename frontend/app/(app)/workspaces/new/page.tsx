import type { Metadata } from 'next';
import { NotAvailable } from '@/components/ui/not-available';
import { getSessionUser } from '@/lib/bff.server';

export const metadata: Metadata = { title: 'New workspace' };

export default async function Page() {
  await getSessionUser();
  return (
    <NotAvailable
      area="New workspace"
      arrivesWith="the workspaces work"
      description="Create a workspace for a research context."
    />
  );
}
