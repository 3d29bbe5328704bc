import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { exportTargetPath } from '@/components/exports/export-format';
import { ExportProgress } from '@/components/exports/export-progress';
import { findExport, getProcess } from '@/lib/bff.server';
import { processMayAppearUntil } from '@/lib/process-id';
import { ProcessLive } from './process-live';

type Props = { params: Promise<{ processId: string }> };

/** The process kind the export service gives its exports. */
const EXPORT_PROCESS_KIND = 'export';

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
  // An export's process is shown as the export: its rows, speed and time left, cancel, retry and the
  // download (an export's process id is its export id).
  const shown = process?.kind === EXPORT_PROCESS_KIND ? await findExport(processId) : null;
  if (shown) {
    const { workspaceId, requestId } = shown.export;
    return (
      <div className="page page-narrow stack">
        <Link href="/processes" className="subtle">
          ← All processes
        </Link>
        <ExportProgress initial={shown.export} initialDownload={shown.download} showProcessLink={false} />
        <p>
          <Link href={`${exportTargetPath(workspaceId, requestId)}?export=${encodeURIComponent(shown.export.id)}`}>
            Its export page
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page page-narrow">
      <Link href="/processes" className="subtle">
        ← All processes
      </Link>
      <ProcessLive processId={processId} initial={process} appearUntil={appearUntil} />
    </div>
  );
}
