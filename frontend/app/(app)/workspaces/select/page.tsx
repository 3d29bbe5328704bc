import type { Metadata } from 'next';
import { NotAvailable } from '@/components/ui/not-available';
import { getSessionUser } from '@/lib/bff.server';

export const metadata: Metadata = { title: 'Workspaces' };

export default async function Page() {
  await getSessionUser();
  return (
    <NotAvailable
      area="Workspaces"
      arrivesWith="the workspaces work"
      description="Open a workspace: a research context with saved filters, members and a log of every request."
    />
  );
}
