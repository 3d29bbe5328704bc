import type { Metadata } from 'next';
import { NotAvailable } from '@/components/ui/not-available';
import { getSessionUser } from '@/lib/bff.server';

export const metadata: Metadata = { title: 'Data subscriptions' };

export default async function Page() {
  await getSessionUser();
  return (
    <NotAvailable
      area="Data subscriptions"
      arrivesWith="the data products and subscriptions work"
      description="Data products you follow, with their releases, summaries and change logs."
    />
  );
}
