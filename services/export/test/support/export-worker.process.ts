/**
 * An export service process for the kill test and the export bench (spawned with tsx): its config
 * from the environment, which names the suite's queue and Kafka namespace; it says 'ready' over IPC
 * once it serves.
 */
import pino from 'pino';
import { startApp } from '../../src/app';
import { configSchema } from '../../src/config';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const config = { ...configSchema.parse(process.env), GRPC_PORT: 0 };

startApp(config, logger).then(
  (app) => {
    process.send?.('ready');
    process.on('SIGTERM', () => void app.stop().then(() => process.exit(0)));
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
