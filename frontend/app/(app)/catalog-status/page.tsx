import type { Metadata } from 'next';
import { NotAvailable } from '@/components/ui/not-available';
import { getSessionUser } from '@/lib/bff.server';

export const metadata: Metadata = { title: 'Catalog status' };

export default async function Page() {
  await getSessionUser();
  return (
    <NotAvailable
      area="Catalog status"
      arrivesWith="the documents and catalog work"
      description="How fresh each source is, and when it was last ingested."
    />
  );
}
