/**
 * Reports progress on a fixed cadence: every `intervalMs` it emits the latest done/total if they
 * changed since the last emit. Emits run one after another (never overlapping), so their sequence
 * numbers reach Kafka in order; a failed emit is handed to `onError` and does not stop the job.
 */
export class ProgressTicker {
  private latest = { done: 0, total: 0 };
  /** Callers publish "running 0/0" themselves before starting the ticker, so that is not news. */
  private emitted = { done: 0, total: 0 };
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly emit: (progress: { done: number; total: number }) => Promise<void>,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 250,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.flush(), this.intervalMs);
  }

  update(done: number, total: number): void {
    this.latest = { done, total };
  }

  /** Stops the timer and waits for emits in flight (the caller then sends the final state itself). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  private flush(): void {
    const progress = this.latest;
    if (progress.done === this.emitted.done && progress.total === this.emitted.total) return;
    this.emitted = progress;
    this.chain = this.chain.then(() => this.emit(progress)).catch(this.onError);
  }
}
