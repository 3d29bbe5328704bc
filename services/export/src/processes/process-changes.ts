import { EventEmitter } from 'node:events';

/**
 * In-process "process X changed" signal from the consumer to watchers, so a watcher in the same
 * instance sees a change at once; watchers also poll the store, which covers other instances.
 */
export class ProcessChanges {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  notify(processId: string): void {
    this.emitter.emit(processId);
  }

  /** Resolves on the next change of `processId`, after `timeoutMs`, or when `signal` aborts. */
  next(processId: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off(processId, done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.emitter.on(processId, done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
