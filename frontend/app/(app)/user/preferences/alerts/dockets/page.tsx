import type { Metadata } from 'next';
import { NotAvailable } from '@/components/ui/not-available';
import { getSessionUser } from '@/lib/bff.server';

export const metadata: Metadata = { title: 'Docket alerts' };

export default async function Page() {
  await getSessionUser();
  return (
    <NotAvailable
      area="Docket alerts"
      arrivesWith="the alerts work"
      description="Dockets you follow and the alerts they send you."
    />
  );
}
