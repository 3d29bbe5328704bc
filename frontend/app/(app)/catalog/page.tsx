import type { Metadata } from 'next';
import { NotAvailable } from '@/components/ui/not-available';
import { getSessionUser } from '@/lib/bff.server';

export const metadata: Metadata = { title: 'Catalog' };

export default async function Page() {
  await getSessionUser();
  return (
    <NotAvailable
      area="Catalog"
      arrivesWith="the documents and catalog work"
      description="Sources (agencies, courts) and curated data products."
    />
  );
}
