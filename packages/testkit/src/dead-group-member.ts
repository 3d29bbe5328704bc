import { spawn } from 'node:child_process';

export interface DeadGroupMemberOptions {
  brokers: string[];
  groupId: string;
  topics: string[];
  /** How long the group keeps the dead member (its session timeout): Kafka accepts 6 s to 5 min. */
  sessionTimeoutMs: number;
}

// The member's process: joins the group, says so, then handles nothing (it commits no offset) until it is killed.
const MEMBER_SCRIPT = `
const { Kafka, logLevel } = require(process.env.KAFKAJS_PATH);
const brokers = process.env.BROKERS.split(',');
const kafka = new Kafka({ clientId: 'dead-member', brokers, logLevel: logLevel.NOTHING });
const sessionTimeout = Number(process.env.SESSION_TIMEOUT_MS);
const consumer = kafka.consumer({ groupId: process.env.GROUP_ID, sessionTimeout, heartbeatInterval: 1000 });
consumer.on(consumer.events.GROUP_JOIN, () => process.stdout.write('JOINED\\n'));
(async () => {
  await consumer.connect();
  await consumer.subscribe({ topics: JSON.parse(process.env.TOPICS), fromBeginning: true });
  await consumer.run({ autoCommit: false, eachMessage: () => new Promise(() => undefined) });
})().catch((error) => { console.error(error); process.exit(1); });
`;

/**
 * Leaves `groupId` with a member that died without leaving, as a service killed with SIGKILL does: a
 * process joins the group (taking its partitions), and is SIGKILLed once it has. The group keeps the
 * member until its session times out; a new member's join waits for that. Resolves once it is dead.
 */
export async function leaveDeadGroupMember(options: DeadGroupMemberOptions): Promise<void> {
  const child = spawn(process.execPath, ['-e', MEMBER_SCRIPT], {
    env: {
      ...process.env,
      KAFKAJS_PATH: require.resolve('kafkajs'),
      BROKERS: options.brokers.join(','),
      GROUP_ID: options.groupId,
      TOPICS: JSON.stringify(options.topics),
      SESSION_TIMEOUT_MS: String(options.sessionTimeoutMs),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      let printed = '';
      child.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        if (/^JOINED$/m.test(printed)) resolve();
      });
      void exited.then(() => reject(new Error(`the member exited before it joined ${options.groupId}: ${errors}`)));
    });
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}
