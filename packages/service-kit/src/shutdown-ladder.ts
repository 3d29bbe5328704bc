import type { Logger } from '@docket/observability';

/**
 * Remembers how to close each part as it is started, and closes them in reverse order — the
 * last thing opened (usually the gRPC server) stops first, the connections it used stop last.
 * A part that fails to close is logged and the rest still close. Closing twice is harmless.
 */
export class ShutdownLadder {
  private readonly steps: Array<[string, () => Promise<unknown> | unknown]> = [];

  constructor(private readonly logger: Logger) {}

  add(part: string, close: () => Promise<unknown> | unknown): void {
    this.steps.push([part, close]);
  }

  async closeAll(): Promise<void> {
    for (const [part, close] of this.steps.reverse().splice(0)) {
      const started = Date.now();
      try {
        await close();
        this.logger.debug({ part, ms: Date.now() - started }, 'stopped');
      } catch (error) {
        this.logger.warn({ err: error, part }, 'error while stopping');
      }
    }
  }
}
