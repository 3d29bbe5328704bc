/**
 * An export service process for the kill test (fork()ed with tsx): its config from the environment,
 * the queue prefix and topic names from TEST_* variables, so it joins the test's own queue.
 */
import pino from 'pino';
import { renameTopic, topics } from '@docket/events';
import { startApp } from '../../src/app';
import { configSchema } from '../../src/config';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const config = { ...configSchema.parse(process.env), GRPC_PORT: 0 };

startApp(config, logger, {
  grpcHost: '127.0.0.1',
  queuePrefix: process.env.TEST_QUEUE_PREFIX,
  groupId: process.env.TEST_GROUP,
  processTopic: renameTopic(topics.processUpdated, process.env.TEST_PROCESS_TOPIC!),
  completedTopic: renameTopic(topics.exportCompleted, process.env.TEST_COMPLETED_TOPIC!),
  progressMs: 100,
}).then(
  (app) => {
    process.send?.('ready');
    process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
