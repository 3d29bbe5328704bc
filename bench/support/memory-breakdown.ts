/**
 * What a process's PSS is made of, from /proc/<pid>/smaps: anonymous memory (a JVM's heap and native
 * allocations, a Node process's V8 heap), file pages mapped by path (jars, the class archive, Kafka's
 * index files, SQLite pages), and for a JVM its heap as the JVM itself reports it (`jcmd GC.heap_info`).
 * Tells a part that grew which of these grew.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export interface MemoryBreakdown {
  pid: number;
  command: string;
  anonymousMb: number;
  fileMb: number;
  /** The largest file-backed mappings by PSS, summed per path. */
  topFilesMb: Record<string, number>;
  /** `jcmd <pid> GC.heap_info`, for a JVM; empty otherwise. */
  jvmHeap: string;
}

const TOP_FILES = 6;

export function memoryBreakdown(pid: number): MemoryBreakdown | null {
  let smaps: string;
  let command: string;
  try {
    smaps = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
    command = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null; // it ended meanwhile
  }
  const byFile = new Map<string, number>();
  let anonymousKb = 0;
  let mapping = '';
  for (const line of smaps.split('\n')) {
    const header = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (header) {
      mapping = header[1] ?? '';
      continue;
    }
    const pss = /^Pss:\s+(\d+) kB/.exec(line);
    if (!pss) continue;
    const kb = Number(pss[1]);
    if (mapping.startsWith('/')) byFile.set(mapping, (byFile.get(mapping) ?? 0) + kb);
    else anonymousKb += kb;
  }
  const files = [...byFile].sort((a, b) => b[1] - a[1]);
  const mb = (kb: number) => Math.round(kb / 102.4) / 10;
  return {
    pid,
    command,
    anonymousMb: mb(anonymousKb),
    fileMb: mb(files.reduce((sum, [, kb]) => sum + kb, 0)),
    topFilesMb: Object.fromEntries(files.slice(0, TOP_FILES).map(([file, kb]) => [file, mb(kb)])),
    jvmHeap: command === 'java' ? jvmHeapInfo(pid) : '',
  };
}

function jvmHeapInfo(pid: number): string {
  try {
    return execFileSync('jcmd', [String(pid), 'GC.heap_info'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch (error) {
    return `jcmd failed: ${(error as Error).message}`;
  }
}
