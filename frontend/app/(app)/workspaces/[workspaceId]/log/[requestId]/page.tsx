import { redirect } from 'next/navigation';

type Props = { params: Promise<{ workspaceId: string; requestId: string }> };

/** A log entry opens on its analysis. */
export default async function LogEntryPage({ params }: Props) {
  const { workspaceId, requestId } = await params;
  redirect(`/workspaces/${encodeURIComponent(workspaceId)}/log/${encodeURIComponent(requestId)}/analysis`);
}
