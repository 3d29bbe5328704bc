import { redirect } from 'next/navigation';

/** A query opens on its analysis. */
export default async function QueryPage({ params }: { params: Promise<{ queryId: string }> }) {
  redirect(`/queries/${encodeURIComponent((await params).queryId)}/analysis`);
}
