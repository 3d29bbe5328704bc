import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export interface EventLoopDelaySummary {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * How late the event loop ran its callbacks since the last `take()`: what a gRPC request arriving then
 * waited before its handler could start. Indexing runs SQLite writes on the main thread, so this is the
 * figure that says whether it holds requests up (the indexing progress line reports it).
 */
export class EventLoopDelay {
  private readonly histogram: IntervalHistogram;

  /** `resolutionMs`: how often the loop is sampled (perf_hooks' timer); 10 ms catches any stall worth seeing. */
  constructor(resolutionMs = 10) {
    this.histogram = monitorEventLoopDelay({ resolution: resolutionMs });
    this.histogram.enable();
  }

  /** The delays since the last call (or the start), then starts counting afresh. */
  take(): EventLoopDelaySummary {
    const h = this.histogram;
    const summary =
      h.count === 0
        ? { p50Ms: 0, p99Ms: 0, maxMs: 0 }
        : { p50Ms: toMs(h.percentile(50)), p99Ms: toMs(h.percentile(99)), maxMs: toMs(h.max) };
    h.reset();
    return summary;
  }

  stop(): void {
    this.histogram.disable();
  }
}

function toMs(nanoseconds: number): number {
  return Math.round(nanoseconds / 1e5) / 10;
}
