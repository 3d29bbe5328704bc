import { credentials, type ClientReadableStream } from '@grpc/grpc-js';
import mongoose, { type Connection } from 'mongoose';
import pino from 'pino';
import { fromGrpcError, NotFoundError } from '@docket/errors';
import { createKafka, EventPublisher, newEventFields, type TopicDef } from '@docket/events';
import { ProcessState, type ProcessUpdated } from '@docket/proto/src/process-events';
import {
  ProcessServiceClient,
  ProcessStatus,
  type Process,
  type WatchProcessResponse,
} from '@docket/proto/src/processes';
import { grpcCall } from '@docket/service-kit';
import { uniqueName, waitFor } from '@docket/testkit';
import { startApp, type RunningApp } from '../../src/app';
import { ProcessRepository } from '../../src/processes/process.repository';
import { exportTestConfig, exportTopics } from '../support/export-app';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
let topic: TopicDef<ProcessUpdated>;
let app: RunningApp;
let client: ProcessServiceClient;
let publisher: EventPublisher;
let connection: Connection;

beforeAll(async () => {
  // A watch gives up on a process that never appears after 1.5 s rather than 30 s, so that case runs quickly.
  const config = exportTestConfig('export', { EXPORT_WORKERS: '0', PROCESS_WATCH_APPEAR_WITHIN_MS: '1500' });
  topic = exportTopics(config).processUpdated;
  app = await startApp(config, logger);
  client = new ProcessServiceClient(`127.0.0.1:${app.grpcPort}`, credentials.createInsecure());
  publisher = new EventPublisher(
    createKafka({ clientId: 'export-test', brokers: config.KAFKA_BROKERS, logger }),
    logger,
  );
  await publisher.connect();
  connection = mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB });
  await connection.asPromise();
});

afterAll(async () => {
  client?.close();
  await publisher?.disconnect();
  await app?.stop();
  await connection?.dropDatabase();
  await connection?.close();
});

function update(
  processId: string,
  sequence: number,
  state: ProcessState,
  over: Partial<ProcessUpdated> = {},
): ProcessUpdated {
  return {
    ...newEventFields(),
    processId,
    kind: 'reindex',
    title: 'Re-index search',
    ownerId: 'owner-1',
    state,
    total: '100',
    done: String(Math.min(100, sequence * 10)),
    message: `step ${sequence}`,
    sequence: String(sequence),
    failed: '0',
    failures: [],
    ...over,
  };
}

const get = (id: string) => grpcCall(client, 'getProcess', { id }).then((r) => r.process!);

/** Collects a WatchProcess stream until it ends (resolves) or fails (rejects with the AppError). */
function watch(id: string): {
  updates: Process[];
  ended: Promise<void>;
  call: ClientReadableStream<WatchProcessResponse>;
} {
  const updates: Process[] = [];
  const call = client.watchProcess({ id });
  const ended = new Promise<void>((resolve, reject) => {
    call.on('data', (message: WatchProcessResponse) => updates.push(message.process!));
    call.on('error', (error) => reject(fromGrpcError(error)));
    call.on('end', () => resolve());
  });
  return { updates, ended, call };
}

describe('export service: processes', () => {
  it('reflects the latest update and ignores stale or duplicate sequences', async () => {
    const id = uniqueName('proc');
    await publisher.publish(topic, update(id, 1, ProcessState.PROCESS_STATE_QUEUED));
    await publisher.publish(topic, update(id, 3, ProcessState.PROCESS_STATE_RUNNING));
    await publisher.publish(topic, update(id, 2, ProcessState.PROCESS_STATE_RUNNING, { message: 'stale' }));
    await publisher.publish(
      topic,
      update(id, 3, ProcessState.PROCESS_STATE_RUNNING, { message: 'same sequence again' }),
    );
    await publisher.publish(
      topic,
      update(id, 4, ProcessState.PROCESS_STATE_RUNNING, { message: 'marker', done: '40' }),
    );

    const latest = await waitFor(
      async () => {
        const p = await get(id).catch(() => undefined);
        return p?.sequence === '4' ? p : undefined;
      },
      { description: 'sequence 4' },
    );
    expect(latest).toMatchObject({
      id,
      kind: 'reindex',
      title: 'Re-index search',
      ownerId: 'owner-1',
      status: ProcessStatus.PROCESS_STATUS_RUNNING,
      total: '100',
      done: '40',
      message: 'marker',
    });
    expect(latest.createdAt).toBeInstanceOf(Date);
    expect(latest.finishedAt).toBeUndefined();

    // Arriving late (e.g. a redelivery from another partition's retry) changes nothing.
    await publisher.publish(topic, update(id, 2, ProcessState.PROCESS_STATE_QUEUED, { message: 'late' }));
    await publisher.publish(
      topic,
      update(id, 5, ProcessState.PROCESS_STATE_SUCCEEDED, { done: '100', message: 'done' }),
    );
    const final = await waitFor(
      async () => {
        const p = await get(id);
        return p.sequence === '5' ? p : undefined;
      },
      { description: 'sequence 5' },
    );
    expect(final).toMatchObject({ status: ProcessStatus.PROCESS_STATUS_SUCCEEDED, done: '100', message: 'done' });
    expect(final.finishedAt).toBeInstanceOf(Date);
    expect(await connection.collection('processes').countDocuments({ _id: id as never })).toBe(1);
  });

  it('GetProcess answers NOT_FOUND for an unknown id', async () => {
    await expect(get('no-such-process')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lists processes newest first, filtered by owner', async () => {
    // What other tests leave behind or make meanwhile: a page's worth of processes newer than now.
    const repository = new ProcessRepository(connection);
    const soon = new Date(Date.now() + 3_600_000);
    await Promise.all(
      Array.from({ length: 100 }, () =>
        repository.apply({
          id: uniqueName('left-behind'),
          kind: 'k',
          title: 't',
          ownerId: uniqueName('another-suite'),
          status: 'running',
          total: 1,
          done: 0,
          message: '',
          failed: 0,
          failures: [],
          sequence: 1,
          at: soon,
        }),
      ),
    );
    const owner = uniqueName('owner');
    const other = uniqueName('someone-else');
    const ids = [uniqueName('p-a'), uniqueName('p-b'), uniqueName('p-c')];
    const otherId = uniqueName('p-other');
    // Dated far ahead of every process another test makes (they are dated when they run), so these four
    // are the newest of everyone's whatever else the database holds.
    const day = (n: number) => new Date(Date.UTC(2999, 0, n));
    const queued = (id: string, ownerId: string, at: Date) =>
      publisher.publish(topic, { ...update(id, 1, ProcessState.PROCESS_STATE_QUEUED, { ownerId }), occurredAt: at });
    for (const [i, id] of ids.entries()) await queued(id, owner, day(i + 1));
    await queued(otherId, other, day(4));
    const listed = await waitFor(
      async () => {
        const r = await grpcCall(client, 'listProcesses', { ownerId: owner, limit: 0 });
        return r.processes.length === 3 ? r.processes : undefined;
      },
      { description: 'three processes of the owner' },
    );
    expect(listed.map((p) => p.id)).toEqual([...ids].reverse());
    const firstTwo = (await grpcCall(client, 'listProcesses', { ownerId: owner, limit: 2 })).processes;
    expect(firstTwo.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    // The other owner's update may be consumed after the owner's (another partition): waited for, not assumed.
    const others = await waitFor(
      async () => {
        const r = await grpcCall(client, 'listProcesses', { ownerId: other, limit: 0 });
        return r.processes.length > 0 ? r.processes : undefined;
      },
      { description: "the other owner's process" },
    );
    expect(others.map((p) => p.id)).toEqual([otherId]);

    // No owner: everyone's, newest first. Only these four are looked at; what other tests made is older.
    const everyone = await grpcCall(client, 'listProcesses', { ownerId: '', limit: 100 });
    const mine = new Set([...ids, otherId]);
    expect(everyone.processes.map((p) => p.id).filter((id) => mine.has(id))).toEqual([otherId, ...[...ids].reverse()]);
  });

  it('WatchProcess streams the current state, then each change, and ends at the final state', async () => {
    const id = uniqueName('proc-watch');
    await publisher.publish(topic, update(id, 1, ProcessState.PROCESS_STATE_QUEUED));
    await waitFor(() => get(id), { description: 'the process to exist' });

    const stream = watch(id);
    await waitFor(() => stream.updates.length === 1, { description: 'the current state' });
    for (let sequence = 2; sequence <= 5; sequence += 1) {
      await publisher.publish(topic, update(id, sequence, ProcessState.PROCESS_STATE_RUNNING));
      await waitFor(() => stream.updates.at(-1)?.sequence === String(sequence), {
        description: `sequence ${sequence} on the stream`,
      });
    }
    await publisher.publish(topic, update(id, 6, ProcessState.PROCESS_STATE_FAILED, { message: 'disk full' }));
    await stream.ended;
    const sequences = stream.updates.map((p) => Number(p.sequence));
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    expect(new Set(sequences).size).toBe(sequences.length);
    expect(sequences.slice(0, 1)).toEqual([1]);
    expect(stream.updates.at(-1)).toMatchObject({
      sequence: '6',
      status: ProcessStatus.PROCESS_STATUS_FAILED,
      message: 'disk full',
    });
  });

  it('WatchProcess waits for a process that does not exist yet', async () => {
    const id = uniqueName('proc-later');
    const stream = watch(id);
    await publisher.publish(topic, update(id, 1, ProcessState.PROCESS_STATE_SUCCEEDED));
    await stream.ended;
    expect(stream.updates.map((p) => p.status)).toEqual([ProcessStatus.PROCESS_STATUS_SUCCEEDED]);
  });

  it('WatchProcess answers NOT_FOUND when the process never appears', async () => {
    const stream = watch(uniqueName('never'));
    await expect(stream.ended).rejects.toBeInstanceOf(NotFoundError);
  });

  it('WatchProcess stops when the client cancels', async () => {
    const id = uniqueName('proc-cancel');
    await publisher.publish(topic, update(id, 1, ProcessState.PROCESS_STATE_RUNNING));
    await waitFor(() => get(id), { description: 'the process to exist' });
    const stream = watch(id);
    await waitFor(() => stream.updates.length === 1, { description: 'the current state' });
    stream.call.cancel();
    await expect(stream.ended).rejects.toThrow(/cancel/i);
  });

  it('without transactions, concurrent updates of a new process still end at the highest sequence', async () => {
    const repository = new ProcessRepository(connection);
    const ids = Array.from({ length: 10 }, () => uniqueName('race'));
    await Promise.all(
      ids.flatMap((id) =>
        [3, 1, 5, 2, 4].map((sequence) =>
          repository.apply({
            id,
            kind: 'k',
            title: 't',
            ownerId: 'o',
            status: sequence === 5 ? 'succeeded' : 'running',
            total: 5,
            done: sequence,
            message: `m${sequence}`,
            failed: 0,
            failures: [],
            sequence,
            at: new Date(),
          }),
        ),
      ),
    );
    for (const id of ids) {
      expect(await repository.findById(id)).toMatchObject({ sequence: 5, done: 5, status: 'succeeded', message: 'm5' });
    }
  });
});
