import { performance } from 'node:perf_hooks';
import { IdleHeapRelease } from '@docket/idle-release';
import { shutdownTelemetry, type Logger } from '@docket/observability';

export interface StartedService {
  stop(): Promise<void>;
}

/**
 * Starts a service and owns its lifecycle: SIGTERM/SIGINT drain it (stop accepting work, finish
 * in-flight work, close connections) before exit; a failed start exits non-zero with the reason.
 * While it runs, the heap a burst of work left behind is given back once it is quiet (IdleHeapRelease).
 */
export function runService(name: string, logger: Logger, start: () => Promise<StartedService>): void {
  let stopping = false;
  const startedAt = Date.now();
  start().then(
    (service) => {
      // startupMs: the service's own start; sinceProcessStartMs adds loading its modules.
      logger.info(
        { startupMs: Date.now() - startedAt, sinceProcessStartMs: Math.round(performance.now()) },
        `${name} started`,
      );
      const heapRelease = new IdleHeapRelease();
      heapRelease.start();
      const drain = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        heapRelease.stop();
        logger.info({ signal }, `${name} draining`);
        const timer = setTimeout(() => {
          logger.error(`${name} did not stop within 15 s; exiting`);
          process.exit(1);
        }, 15_000);
        timer.unref();
        try {
          await service.stop();
          await shutdownTelemetry();
          logger.info(`${name} stopped`);
          process.exit(0);
        } catch (error) {
          logger.error({ err: error }, `${name} failed to stop cleanly`);
          process.exit(1);
        }
      };
      process.on('SIGTERM', () => void drain('SIGTERM'));
      process.on('SIGINT', () => void drain('SIGINT'));
    },
    (error: unknown) => {
      logger.fatal({ err: error }, `${name} failed to start`);
      process.exit(1);
    },
  );
}
