import { credentials } from '@grpc/grpc-js';
import mongoose from 'mongoose';
import pino from 'pino';
import { NotFoundError } from '@docket/errors';
import { createKafka, ensureTopics, EventPublisher, newEventFields, renameTopic, topics } from '@docket/events';
import { ProcessState, type ProcessUpdated } from '@docket/proto/src/process-events';
import { ProcessServiceClient } from '@docket/proto/src/processes';
import { grpcCall } from '@docket/service-kit';
import { leaveDeadGroupMember, testInfraEnv, uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { configSchema } from '../../src/config';

// A service killed with SIGKILL leaves its member in each consumer group until the member's session
// times out; the restarted service's join waits for that. It must serve requests meanwhile.
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const dbName = uniqueName('export_restart').replace(/-/g, '_');
const DEAD_MEMBER_SESSION_MS = 30_000;

function update(processId: string, sequence: number): ProcessUpdated {
  return {
    ...newEventFields(),
    processId,
    kind: 'reindex',
    title: 'Re-index search',
    ownerId: 'owner-1',
    state: ProcessState.PROCESS_STATE_RUNNING,
    total: '10',
    done: String(sequence),
    message: `step ${sequence}`,
    sequence: String(sequence),
    failed: '0',
    failures: [],
  };
}

describe('export service restarted while its consumer group still holds its killed predecessor', () => {
  const env = testInfraEnv();
  const kafka = createKafka({ clientId: 'export-restart-test', brokers: env.kafkaBrokers, logger });
  const publisher = new EventPublisher(kafka, logger);
  const admin = kafka.admin();
  const connection = mongoose.createConnection(env.mongoUrl, { dbName });
  let app: RunningApp | undefined;
  let client: ProcessServiceClient | undefined;

  beforeAll(async () => {
    await Promise.all([publisher.connect(), admin.connect(), connection.asPromise()]);
  });

  afterAll(async () => {
    client?.close();
    await app?.stop();
    await Promise.all([publisher.disconnect(), admin.disconnect()]);
    await connection.dropDatabase();
    await connection.close();
  });

  it('answers gRPC before the group has let the dead member go, then applies every event it missed once', async () => {
    const topic = renameTopic(topics.processUpdated, `${uniqueName('export-restart')}.processes.v1`);
    const groupId = uniqueName('export.processes');
    const id = uniqueName('proc');
    const config = {
      ...configSchema.parse({
        MONGO_URL: env.mongoUrl,
        KAFKA_BROKERS: env.kafkaBrokers.join(','),
        REDIS_URL: env.redisUrl,
        MONGO_DB: dbName,
        EXPORT_WORKERS: '0',
      }),
      GRPC_PORT: 0,
    };
    const overrides = {
      grpcHost: '127.0.0.1',
      groupId,
      processTopic: topic,
      queuePrefix: `{${uniqueName('export-restart')}}`,
      completedTopic: renameTopic(topics.exportCompleted, `${uniqueName('export-restart')}.completed.v1`),
    };
    await ensureTopics(kafka, [topic]);
    // The killed process had handled none of these.
    const events = [update(id, 1), update(id, 2)];
    for (const event of events) await publisher.publish(topic, event);
    const brokers = env.kafkaBrokers;
    await leaveDeadGroupMember({ brokers, groupId, topics: [topic.name], sessionTimeoutMs: DEAD_MEMBER_SESSION_MS });

    app = await startApp(config, logger, overrides);
    client = new ProcessServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
    // An answer (the process is not known yet: its events wait in Kafka), while the dead member still holds the group.
    await expect(grpcCall(client, 'getProcess', { id })).rejects.toBeInstanceOf(NotFoundError);
    const [group] = (await admin.describeGroups([groupId])).groups;
    expect(group?.members.map((m) => m.clientId)).toContain('dead-member');

    // Caught up behind: what was published before and after the restart, each event applied once.
    events.push(update(id, 3));
    await publisher.publish(topic, events[2]!);
    const caughtUp = await waitFor(
      async () => {
        const { process } = await grpcCall(client!, 'getProcess', { id });
        return process?.sequence === '3' ? process : undefined;
      },
      { timeoutMs: DEAD_MEMBER_SESSION_MS + 30_000, intervalMs: 200, description: 'the missed events to be applied' },
    );
    expect(caughtUp).toMatchObject({ done: '3', message: 'step 3' });
    const records = await connection.collection('processed_events').find({ groupId }).toArray();
    expect(records.map((r) => r.eventId).sort()).toEqual(events.map((e) => e.eventId).sort());
    const [after] = (await admin.describeGroups([groupId])).groups;
    expect(after?.members.map((m) => m.clientId)).toEqual(['export']);
  }, 120_000);
});
