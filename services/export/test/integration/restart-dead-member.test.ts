import { credentials } from '@grpc/grpc-js';
import mongoose from 'mongoose';
import pino from 'pino';
import { NotFoundError } from '@docket/errors';
import { createKafka, ensureTopics, EventPublisher, kafkaNamespace, newEventFields } from '@docket/events';
import { ProcessState, type ProcessUpdated } from '@docket/proto/src/process-events';
import { ProcessServiceClient } from '@docket/proto/src/processes';
import { grpcCall } from '@docket/service-kit';
import { leaveDeadGroupMember, uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { PROCESSES_GROUP } from '../../src/processes/process-updated.consumer';
import { exportTestConfig, exportTopics } from '../support/export-app';

// A service killed with SIGKILL leaves its member in each consumer group until the member's session
// times out; the restarted service's join waits for that. It must serve requests meanwhile.
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
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
  const config = exportTestConfig('export-restart', { EXPORT_WORKERS: '0' });
  const kafka = createKafka({ clientId: 'export-restart-test', brokers: config.KAFKA_BROKERS, logger });
  const publisher = new EventPublisher(kafka, logger);
  const admin = kafka.admin();
  const connection = mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB });
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
    const topic = exportTopics(config).processUpdated;
    const groupId = kafkaNamespace(config.KAFKA_NAMESPACE).group(PROCESSES_GROUP);
    const id = uniqueName('proc');
    await ensureTopics(kafka, [topic]);
    // The killed process had handled none of these.
    const events = [update(id, 1), update(id, 2)];
    for (const event of events) await publisher.publish(topic, event);
    const brokers = config.KAFKA_BROKERS;
    await leaveDeadGroupMember({ brokers, groupId, topics: [topic.name], sessionTimeoutMs: DEAD_MEMBER_SESSION_MS });

    app = await startApp(config, logger);
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
