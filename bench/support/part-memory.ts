/**
 * Memory of a stack that `npm start` runs in another process, by part: each process group the
 * launcher started (from its status file: name and pid of every part it supervises) with whatever
 * that part started itself, and the launcher's own processes (npm, its shell, the launcher's Node
 * process and anything else in its process group) as `launcher`.
 */
import fs from 'node:fs';
import { groupMemoryMb, processMemoryKb, processTreeOf, stackStatusFile } from '@docket/local-infra';

export interface PartMemory {
  rssMb: Record<string, number>;
  pssMb: Record<string, number>;
  /** Processes per part (a part's shell and watchdog `cat` included). */
  processes: Record<string, string[]>;
}

/** Parts the launcher supervises and their process-group ids, from <dataDir>/launcher/stack-status.json. */
export function launchedParts(dataDir: string): Map<string, number> {
  const file = stackStatusFile(dataDir);
  const status = JSON.parse(fs.readFileSync(file, 'utf8')) as { parts: { name: string; pid?: number }[] };
  return new Map(status.parts.flatMap((part) => (part.pid ? [[part.name, part.pid] as [string, number]] : [])));
}

/** RSS and PSS in MB of each part and of the launcher (group `launcherPgid`, minus the parts' groups). */
export function partMemory(launcherPgid: number, dataDir: string): PartMemory {
  const rssMb: Record<string, number> = {};
  const pssMb: Record<string, number> = {};
  const processes: Record<string, string[]> = {};
  const inParts = new Set<number>();
  for (const [name, pgid] of launchedParts(dataDir)) {
    const tree = processTreeOf(pgid);
    tree.forEach((p) => inParts.add(p.pid));
    rssMb[name] = groupMemoryMb(pgid, 'rss');
    pssMb[name] = groupMemoryMb(pgid, 'pss');
    processes[name] = tree.map((p) => p.command);
  }
  const launcher = processTreeOf(launcherPgid).filter((p) => !inParts.has(p.pid));
  rssMb.launcher = launcher.reduce((sum, p) => sum + processMemoryKb(p.pid, 'rss'), 0) / 1024;
  pssMb.launcher = launcher.reduce((sum, p) => sum + processMemoryKb(p.pid, 'pss'), 0) / 1024;
  processes.launcher = launcher.map((p) => p.command);
  return { rssMb, pssMb, processes };
}
