/**
 * Users' requests under way in a service (the query-engine's questions and searches, the documents
 * service's reads), so that its background work (the embedding backlog, the default corpus's load)
 * can stay out of their way: on two cores, a background step that runs beside a request takes the
 * CPU the request needs, whatever its thread's priority (the process's other threads, and other
 * processes, take the rest).
 */
export class UserActivity {
  private inFlight = 0;
  private lastEndedAt = 0;
  private waiters: Array<() => void> = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly arrivals: Array<() => void> = [];

  /**
   * @param quietMs how long after the last request ended the service counts as quiet: a user's
   *   requests come in bursts (a search, its facets, a question, the document opened), and a backlog
   *   step started in the gap between two of them would run beside the next.
   * @param now the clock (tests)
   */
  constructor(
    private readonly quietMs = 250,
    private readonly now: () => number = Date.now,
  ) {}

  /** Calls `listener` as each user's request arrives (e.g. to have ready what a user is likely to ask next). */
  onArrival(listener: () => void): void {
    this.arrivals.push(listener);
  }

  /** Runs `work` counted as a user's request until it settles. */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.arrived();
    this.inFlight += 1;
    try {
      return await work();
    } finally {
      this.inFlight -= 1;
      this.lastEndedAt = this.now();
      this.schedule();
    }
  }

  /** A user's request arrived, counted as under way and ended at once (where its end is not known). */
  noteRequest(): void {
    this.arrived();
    this.lastEndedAt = this.now();
    this.schedule();
  }

  /** Whether a user's request is under way or ended less than `quietMs` ago. */
  get busy(): boolean {
    return this.inFlight > 0 || this.now() - this.lastEndedAt < this.quietMs;
  }

  /**
   * Resolves once no user's request has been under way for `quietMs` (at once if so), or after
   * `maxWaitMs` all the same, so background work still moves under requests that never pause.
   */
  whenQuiet(maxWaitMs = Infinity): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => {
      const cap = Number.isFinite(maxWaitMs) ? setTimeout(done, maxWaitMs) : undefined;
      const waiters = this.waiters;
      function done() {
        if (cap) clearTimeout(cap);
        const at = waiters.indexOf(done);
        if (at >= 0) waiters.splice(at, 1);
        resolve();
      }
      this.waiters.push(done);
      this.schedule();
    });
  }

  private arrived(): void {
    for (const listener of this.arrivals) listener();
  }

  /** Wakes the waiters once quiet: a timer for the rest of the quiet period after the last request. */
  private schedule(): void {
    if (this.waiters.length === 0 || this.inFlight > 0) return;
    if (this.timer) clearTimeout(this.timer);
    const left = this.quietMs - (this.now() - this.lastEndedAt);
    if (left <= 0) {
      this.timer = undefined;
      for (const done of [...this.waiters]) done();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.schedule();
    }, left);
    this.timer.unref();
  }
}
