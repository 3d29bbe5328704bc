import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { glibcFunction } from './glibc';

/** How often the process looks whether it is quiet. */
const CHECK_EVERY_MS = 10_000;
/** Quiet for this many checks in a row (30 s) before the heap is compacted. */
const QUIET_CHECKS = 3;
/**
 * Quiet: the event loop busy less than this share of the time since the last check
 * (an idle service's Kafka consumers and timers keep it 2-4 % busy).
 */
const QUIET_UTILIZATION = 0.1;
/**
 * Grown by this much resident memory since the last release: released again at the next quiet spell,
 * even though no check saw it busy. Work that never fills a tenth of the loop (writing the embedding
 * backlog's vectors as another process computes them) still grows the heap: a query-engine settled
 * after a 2,000-filing load held 80 MB of heap for 49 MB used.
 */
const GROWTH_BYTES = 16 * 2 ** 20;

export interface IdleHeapProbes {
  /** The event loop's busy share since the previous call (0-1). */
  utilization(): number;
  /** A full collection that compacts the heap (compactHeap). */
  compact(): void;
  /** Gives the C heap's free pages back to the OS (trimMallocHeap). */
  trim(): void;
  /** The process's resident memory, in bytes. */
  residentBytes(): number;
}

/**
 * Gives back the memory a burst of work left behind, once the process is quiet. After a corpus load
 * or an import a Node service stays at its peak, in two places:
 * - V8 keeps the old space it grew to, and its memory reducer does not act in an idle Node process:
 *   in a settled stack the documents service held 212 MB of heap for 48 MB used. A full collection
 *   that compacts gives the empty pages back (heap 212 -> 64 MB).
 * - glibc keeps what was freed (Buffers, SQLite's page caches, V8's own allocations) for reuse:
 *   malloc_trim(0) gave back 51 MB of the documents service and 63 MB of the query-engine.
 * Once the process has been quiet for 30 s after some work, it does both (whatever the heap's figures
 * say: right after a load they count its garbage as used), then waits for the next work, or 16 MB of
 * growth, and quiet spell: an idle process is released once, not every 30 s. Both take tens of
 * milliseconds.
 */
export class IdleHeapRelease {
  private timer: NodeJS.Timeout | undefined;
  private quietChecks = 0;
  /** Work since the last release (starting up counts). */
  private workedSinceRelease = true;
  /** Resident memory just after the last release (none yet: 0). */
  private residentAfterRelease = 0;

  constructor(private readonly probes: IdleHeapProbes = processProbes()) {}

  start(): void {
    this.probes.utilization(); // starts the first window
    this.timer = setInterval(() => this.check(), CHECK_EVERY_MS).unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One look: counts quiet checks, and releases once there were enough after some work. */
  check(): void {
    if (this.probes.utilization() >= QUIET_UTILIZATION) {
      this.quietChecks = 0;
      this.workedSinceRelease = true;
      return;
    }
    this.quietChecks += 1;
    if (this.quietChecks < QUIET_CHECKS) return;
    const grown = this.probes.residentBytes() - this.residentAfterRelease >= GROWTH_BYTES;
    if (!this.workedSinceRelease && !grown) return;
    this.workedSinceRelease = false;
    this.quietChecks = 0;
    this.probes.compact();
    this.probes.trim();
    this.residentAfterRelease = this.probes.residentBytes();
  }
}

function processProbes(): IdleHeapProbes {
  let last: EventLoopUtilization | undefined;
  return {
    utilization() {
      const now = performance.eventLoopUtilization();
      const window = last ? performance.eventLoopUtilization(now, last) : now;
      last = now;
      return window.utilization;
    },
    compact: compactHeap,
    trim: trimMallocHeap,
    residentBytes: () => process.memoryUsage.rss(),
  };
}

let collectGarbage: (() => void) | undefined;

/**
 * A full collection that compacts every page: V8 offers it to JavaScript only through its testing
 * flags (`--expose-gc` for the function, `--compact-on-every-full-gc` for the compaction). The flag
 * is set for this one collection and cleared again.
 */
export function compactHeap(): void {
  if (!collectGarbage) {
    v8.setFlagsFromString('--expose-gc');
    collectGarbage = vm.runInNewContext('gc') as () => void;
  }
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    collectGarbage();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
}

let mallocTrim: ((pad: number) => number) | null | undefined;

/**
 * glibc's malloc_trim(0): every arena's whole free pages go back to the OS. Without glibc (macOS,
 * musl) it does nothing.
 */
export function trimMallocHeap(): boolean {
  if (mallocTrim === undefined) mallocTrim = glibcFunction<(pad: number) => number>('int malloc_trim(size_t pad)');
  return mallocTrim ? mallocTrim(0) === 1 : false;
}
