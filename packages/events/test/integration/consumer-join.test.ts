import type { Connection } from 'mongoose';
import type { DocumentDeleted } from '@docket/proto/src/document-events';
import { leaveDeadGroupMember, testInfraEnv } from '@docket/testkit';
import { EventConsumer, EventPublisher, newEventFields, type TopicDef } from '../../src';
import { freshTopic, testKafka, testLogger, testMongo, uniqueName, waitFor } from '../support/infra';

// A restarted service's consumer joins its group in the background: the join waits until the group
// lets go of the killed predecessor's member (its session timeout), and nothing else waits for it.
const kafka = testKafka();
const admin = kafka.admin();
let connection: Connection;
let publisher: EventPublisher;
const consumers: EventConsumer[] = [];

beforeAll(async () => {
  connection = await testMongo();
  publisher = new EventPublisher(kafka, testLogger);
  await Promise.all([publisher.connect(), admin.connect()]);
});

afterAll(async () => {
  await Promise.all(consumers.map((c) => c.stop()));
  await Promise.all([publisher.disconnect(), admin.disconnect()]);
  await connection.dropDatabase();
  await connection.close();
});

function consumer(def: TopicDef<DocumentDeleted>, groupId: string, handled: string[]): EventConsumer {
  const c = new EventConsumer({ kafka, groupId, connection, logger: testLogger }).on(
    def,
    async (m) => void handled.push(m.documentId),
  );
  consumers.push(c);
  return c;
}

describe('EventConsumer joining a group that still holds a dead member', () => {
  it('starts before the join; stopped while joining, it leaves no member that comes back', async () => {
    const def = await freshTopic(kafka, 'join');
    const groupId = uniqueName('join-group');
    // Kafka's least session timeout: the dead member is let go 6 s after its last heartbeat.
    const brokers = testInfraEnv().kafkaBrokers;
    await leaveDeadGroupMember({ brokers, groupId, topics: [def.name], sessionTimeoutMs: 6_000 });

    const stoppedEarly: string[] = [];
    const early = consumer(def, groupId, stoppedEarly);
    await early.start();
    // Still joining: the group holds the dead member until its session times out.
    expect((await admin.describeGroups([groupId])).groups[0]?.members.map((m) => m.clientId)).toContain('dead-member');
    await early.stop();

    const handled: string[] = [];
    const next = consumer(def, groupId, handled);
    await next.start();
    await next.joined();
    const event = { ...newEventFields(), documentId: 'after-the-join', reason: 'test' };
    await publisher.publish(def, event);
    await waitFor(() => handled.includes('after-the-join'), { what: 'the event', timeoutMs: 30_000 });
    // One member: the consumer stopped mid-join did not restart itself into the group.
    const [group] = (await admin.describeGroups([groupId])).groups;
    expect(group?.members).toHaveLength(1);
    expect(stoppedEarly).toEqual([]);
  }, 90_000);
});
