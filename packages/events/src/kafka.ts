import { Kafka, logLevel, type LogEntry } from 'kafkajs';
import { createLogger, type Logger } from '@docket/observability';
import { applyFetchWindowWhileBusy } from './fetch-window-while-busy';
import { applyKafkajsIdleTimerFix } from './kafkajs-idle-timer-fix';

export type { Kafka };

/**
 * A kafkajs client whose own (chatty) logging goes through pino at warn and above only.
 * Brokers are a list of host:port. Its connections keep no timer while idle (kafkajs-idle-timer-fix.ts),
 * and its consumers' fetch windows apply only while events flow (fetch-window-while-busy.ts).
 */
export function createKafka(options: { clientId: string; brokers: string[]; logger?: Logger }): Kafka {
  applyKafkajsIdleTimerFix();
  applyFetchWindowWhileBusy();
  const logger = (options.logger ?? createLogger(options.clientId)).child({ component: 'kafkajs' });
  return new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: logLevel.WARN,
    logCreator: () => (entry: LogEntry) => writeKafkaLog(logger, entry),
    retry: { initialRetryTime: 200, retries: 8 },
  });
}

/** Known, understood warnings that would otherwise print on every start. */
const EXPECTED_NOISE = [
  'Limiting retries for the idempotent producer', // deliberate: a dead broker must fail a publish, not hang it
];

export function writeKafkaLog(logger: Logger, { level, namespace, log }: LogEntry): void {
  const { message, timestamp: _timestamp, logger: _name, ...extra } = log;
  if (EXPECTED_NOISE.some((noise) => message.startsWith(noise))) return;
  const fields = { namespace, ...extra };
  // Every error response is logged by the connection, including retriable ones on a broker that
  // is still starting ("coordinator is loading"); an operation that finally fails throws anyway.
  const retriedResponse = namespace === 'Connection' && message.startsWith('Response ');
  if ((level === logLevel.ERROR || level === logLevel.NOTHING) && !retriedResponse) logger.error(fields, message);
  else if (level <= logLevel.WARN) logger.warn(fields, message);
}
