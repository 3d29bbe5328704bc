import { redirect } from 'next/navigation';

/** A logged query opens on its analysis. */
export default async function AdminQueryPage({ params }: { params: Promise<{ queryId: string }> }) {
  redirect(`/admin/queries/log/${encodeURIComponent((await params).queryId)}/analysis`);
}
