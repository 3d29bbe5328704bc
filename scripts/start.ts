/**
 * `npm start`: the whole system on this machine. Starts what env does not provide (Kafka, the
 * MongoDB stand-in, Redis; data in <repo>/.data) and Zipkin (the trace UI), then the services, the BFF and the
 * frontend, waits for their health checks, streams their logs with a [name] prefix and prints how to sign in.
 * Ctrl-C (or SIGTERM) stops everything it started. A part that crashes is restarted with back-off
 * (deploy/local/src/supervise); only one that keeps crashing stops everything, with exit 1.
 * Run compiled (deploy/local/src/stack/launch-compiled.cjs), not under tsx, which held ~200 MB the whole session.
 */
import { IdleHeapRelease } from '@docket/idle-release';
import {
  createLineFormatter,
  DEFAULT_RESTART_POLICY,
  signalAllManaged,
  STACK_PART_NAMES,
  startStack,
  type StackHandle,
} from '@docket/local-infra';

const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
const formatter = createLineFormatter({ colour, names: [...STACK_PART_NAMES, 'start'] });
const say = (message: string): void => {
  process.stdout.write(formatter.format('start', message) + '\n');
};
const bold = (text: string): string => (colour ? `\u001b[1m${text}\u001b[0m` : text);

let handle: StackHandle | undefined;
let stopping = false;
let firstSignalAt = 0;
const startUp = new AbortController();

async function shutdown(exitCode: number): Promise<never> {
  stopping = true;
  say('stopping (services first, then the infrastructure)…');
  await handle?.stop();
  say('everything stopped');
  process.exit(exitCode);
}

function onSignal(signal: NodeJS.Signals): void {
  // One Ctrl-C can arrive twice (from the terminal and relayed by the npm parent): ignore repeats within a second.
  if (stopping && Date.now() - firstSignalAt < 1000) return;
  if (stopping) {
    // Second Ctrl-C: do not wait for graceful shutdowns any longer.
    say(`${signal} again: killing every child now`);
    signalAllManaged('SIGKILL');
    process.exit(130);
  }
  firstSignalAt = Date.now();
  say(`${signal} received`);
  if (handle) void shutdown(signal === 'SIGINT' ? 130 : 0);
  else {
    // Still starting: startStack stops what it has started and rejects; main() exits then.
    stopping = true;
    say('stopping what has started so far…');
    startUp.abort();
  }
}

function banner(stack: StackHandle, seconds: number): string {
  const url = stack.frontendUrl ?? stack.bffUrl;
  const adminEmail = process.env.ADMIN_EMAIL;
  const admin = stack.firstAdmin;
  let signIn: string;
  if (adminEmail) signIn = `sign in as ${bold(adminEmail)} with ADMIN_PASSWORD`;
  else if (admin?.oneTimePassword)
    signIn =
      `sign in as ${bold(admin.email)} ` +
      `with the one-time password ${bold(admin.oneTimePassword)} (you will be asked to change it)`;
  else signIn = 'sign in with your existing administrator';
  const { maxCrashes, windowMs } = DEFAULT_RESTART_POLICY;
  const lines = [
    `Docket Research is running at ${bold(url)}`,
    signIn,
    `ready in ${seconds.toFixed(1)} s (infrastructure ${stack.timings.infraSeconds.toFixed(1)} s` +
      (stack.timings.frontendBuildSeconds !== undefined
        ? `, frontend build ${stack.timings.frontendBuildSeconds.toFixed(1)} s`
        : '') +
      `); data in ${stack.dataDir}`,
    ...(stack.zipkinUrl
      ? [`traces (Zipkin): ${bold(stack.zipkinUrl)}   queues (administrators): ${url}/api/admin/queues`]
      : []),
    ...(stack.mailUrl ? [`e-mail inbox (local mail catcher, SMTP_URL unset): ${bold(stack.mailUrl)}`] : []),
    ...(stack.skipped.length ? [`not started (no src/main.ts yet): ${stack.skipped.join(', ')}`] : []),
    `a part that crashes is restarted (after ${backOffs()}…); ${maxCrashes} crashes of one part ` +
      `within ${windowMs / 60_000} min stop everything. Process health: ${url}/catalog-status`,
    'Ctrl-C stops everything',
  ];
  const rule = '─'.repeat(72);
  return ['', rule, ...lines.map((l) => `  ${l}`), rule, ''].join('\n');
}

async function main(): Promise<void> {
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);

  try {
    handle = await startStack({
      profile: 'dev',
      signal: startUp.signal,
      log: say,
      onOutput: (name, line) => process.stdout.write(formatter.format(name, line) + '\n'),
    });
  } catch (err) {
    if (stopping) {
      say('everything stopped');
      process.exit(130);
    }
    say(`start failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  // Measured from process start: cold start (jars cached) to the login page being served.
  const seconds = (Date.now() - performance.timeOrigin) / 1000;
  process.stdout.write(banner(handle, seconds) + '\n');
  // Relaying every part's log lines through the corpus load grows the launcher's heap; given back once quiet.
  new IdleHeapRelease().start();

  const crash = await handle.crashed;
  if (stopping) return;
  const window = `${DEFAULT_RESTART_POLICY.windowMs / 60_000} min`;
  say(
    `${crash.name} kept crashing (${crash.crashesInWindow ?? 1} times within ${window}; ` +
      `last exit code ${crash.code ?? '-'}, signal ${crash.signal ?? '-'}); its last lines:`,
  );
  for (const line of crash.tail) process.stdout.write(formatter.format(crash.name, line) + '\n');
  await shutdown(1);
}

void main();

/** The first restart back-offs of the policy, as "0.25 s, 0.5 s, 1 s". */
function backOffs(): string {
  return [0, 1, 2].map((n) => `${(DEFAULT_RESTART_POLICY.initialDelayMs * 2 ** n) / 1000} s`).join(', ');
}
