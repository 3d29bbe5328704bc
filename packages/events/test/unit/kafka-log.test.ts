import { logLevel } from 'kafkajs';
import pino from 'pino';
import { createKafka, writeKafkaLog } from '../../src/kafka';
import { kafkajsRequestQueue } from '../../src/kafkajs-idle-timer-fix';

function capture() {
  const lines: Array<{ level: number; msg: string; namespace?: string }> = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const entry = (level: logLevel, namespace: string, message: string) => ({
  namespace,
  level,
  label: '',
  log: { timestamp: 'x', logger: 'kafkajs', message, broker: 'b:1' },
});

describe('kafkajs logs through pino', () => {
  it('keeps errors and warnings with their fields, at pino levels', () => {
    const { logger, lines } = capture();
    writeKafkaLog(logger, entry(logLevel.ERROR, 'Consumer', 'Crash: something'));
    writeKafkaLog(logger, entry(logLevel.WARN, 'Producer', 'careful'));
    expect(lines.map((l) => [l.level, l.msg, l.namespace])).toEqual([
      [50, 'Crash: something', 'Consumer'],
      [40, 'careful', 'Producer'],
    ]);
    expect(lines[0]).toMatchObject({ broker: 'b:1' });
  });

  it('downgrades retried error responses to warnings and drops known noise', () => {
    const { logger, lines } = capture();
    writeKafkaLog(logger, entry(logLevel.ERROR, 'Connection', 'Response GroupCoordinator(key: 10, version: 2)'));
    writeKafkaLog(
      logger,
      entry(logLevel.WARN, 'Producer', 'Limiting retries for the idempotent producer may invalidate EoS guarantees'),
    );
    expect(lines.map((l) => l.level)).toEqual([40]);
  });
});

describe('createKafka', () => {
  it('gives kafkajs connections that keep no timer while nothing is pending (kafkajs-idle-timer-fix.ts)', () => {
    createKafka({ clientId: 'test', brokers: ['127.0.0.1:9'] });
    type Queue = { checkPendingRequests(): void; throttleCheckTimeoutId: unknown; destroy(): void };
    const RequestQueue = kafkajsRequestQueue<new (options: object) => Queue>();
    const idle = new RequestQueue({
      requestTimeout: 30_000,
      clientId: 'test',
      broker: 'b:1',
      logger: { debug: () => {} },
    });
    try {
      idle.checkPendingRequests();
      expect(idle.throttleCheckTimeoutId).toBeNull();
    } finally {
      idle.destroy();
    }
  });
});
