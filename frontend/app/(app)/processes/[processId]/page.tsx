import type { Metadata } from 'next';
import Link from 'next/link';
import { getProcess } from '@/lib/bff.server';
import { ProcessLive } from './process-live';

type Props = { params: Promise<{ processId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const process = await getProcess((await params).processId);
  return { title: process?.title || 'Process' };
}

export default async function ProcessPage({ params }: Props) {
  const { processId } = await params;
  // null while the process is not known yet (it was just started): the live view waits for it.
  const process = await getProcess(processId);
  return (
    <div className="page page-narrow">
      <Link href="/processes" className="subtle">
        ← All processes
      </Link>
      <ProcessLive processId={processId} initial={process} />
    </div>
  );
}
