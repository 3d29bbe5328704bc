import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getProcess } from '@/lib/bff.server';
import { processMayAppearUntil } from '@/lib/process-id';
import { ProcessLive } from './process-live';

type Props = { params: Promise<{ processId: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const process = await getProcess((await params).processId);
  return { title: process ? process.title || 'Process' : 'Process not found' };
}

export default async function ProcessPage({ params }: Props) {
  const { processId } = await params;
  // null while the tracker has not heard of it yet: the live view waits for a process just started
  // (its id is young), and any other unknown id is a 404.
  const process = await getProcess(processId);
  const appearUntil = process ? null : processMayAppearUntil(processId, Date.now());
  if (!process && appearUntil === null) notFound();
  return (
    <div className="page page-narrow">
      <Link href="/processes" className="subtle">
        ← All processes
      </Link>
      <ProcessLive processId={processId} initial={process} appearUntil={appearUntil} />
    </div>
  );
}
