/**
 * The alerts service as main.ts runs it, for tests that spawn it as a process (tsx): its config from
 * the environment, and its Kafka topics and consumer groups and Redis channels named from TEST_*
 * variables, so it neither consumes what other suites (or a running stack on the same Kafka) publish
 * nor joins their consumer groups.
 */
import pino from 'pino';
import { loadConfigOrExit } from '@docket/config';
import { renameTopic, topics } from '@docket/events';
import { runService } from '@docket/service-kit';
import { startApp } from '../../src/app';
import { configSchema } from '../../src/config';

const config = loadConfigOrExit(configSchema);
const logger = pino({ level: config.LOG_LEVEL });
const base = process.env.TEST_NAME_BASE;
if (!base) throw new Error('TEST_NAME_BASE must name the topics, groups and channels of this process');

runService('alerts', logger, () =>
  startApp(config, logger, {
    groupId: `${base}.percolator`,
    ingestedTopic: renameTopic(topics.documentIngested, `${base}.ingested.v1`),
    updatedTopic: renameTopic(topics.documentUpdated, `${base}.updated.v1`),
    triggeredTopic: renameTopic(topics.alertTriggered, `${base}.triggered.v1`),
    exportCompletedTopic: renameTopic(topics.exportCompleted, `${base}.exports.completed.v1`),
    redisPrefix: base,
    // The same queue after a restart: the one ALERTS_QUEUE_PREFIX names, as for the real service.
    queuePrefix: config.ALERTS_QUEUE_PREFIX,
  }),
);
