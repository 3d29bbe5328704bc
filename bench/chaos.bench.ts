/**
 * Crash safety, shown: SIGKILL each part of the stack in turn while documents are imported, alerts
 * delivered and questions asked, let the launcher's supervisor restart it, then check that every
 * imported document is stored, indexed and searchable exactly once, every import process finished and
 * every alert delivered (figures, never pass/fail on time; the exit code is 1 when a document or an
 * alert was lost, a document duplicated or an import process did not succeed, so a run can be scripted).
 *
 *   npm run bench:chaos                        # 40 text filings per kill, one round of every kill
 *   npm run bench:chaos -- --per-kill 20 --rounds 1 --parts kafka,mongo,redis
 *
 * The stack is the launcher's own (test profile: free loopback ports, a temp data dir, no frontend,
 * no default corpus) with the dev restart policy, and with the dev profile's durable stores (the
 * MongoDB stand-in on its H2 file, Redis with its append-only file), since a killed store must keep
 * what it acknowledged. Each round, for each kill: start importing a fresh directory, then SIGKILL
 * the part either mid-import (the run has taken in a first file) or mid-delivery (the run has
 * finished and its alert e-mails are being sent). The services (documents, query-engine, alerts,
 * export, bff) are killed mid-import; Kafka, the MongoDB stand-in and Redis once each way.
 *
 * Per kill it prints how long until: the part is healthy again (the launcher's check); each service
 * answers a request that needs that part (from the bench: documents ListDocuments, query-engine
 * ListWorkspaces, alerts ListAlerts, export ListProcesses, the BFF /healthz); a question through the
 * BFF is answered again; and events flow again (a document created after the kill is searchable).
 *
 * Every filing carries a unique word ("chaos" + letters) in its title and text, and "chaosbench",
 * which a real-time alert (in-app and e-mail) watches. E-mail goes to an SMTP server in this process
 * that takes a second over each message, so a kill can land while messages are in flight. At the end
 * each word is searched for (query-engine gRPC) and counted in MongoDB, and its e-mail and in-app
 * notification are counted; an e-mail sent again after a crash (same delivery key) is a repeat,
 * counted and printed. Writes .data/bench/chaos.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { generateCatalog, generateDockets, generateFilings } from '@docket/corpus';
import { DEFAULT_RESTART_POLICY, httpOk, pollUntil } from '@docket/local-infra';
import { AlertServiceClient, Cadence } from '@docket/proto/src/alerts';
import { DocumentsServiceClient } from '@docket/proto/src/documents';
import { ProcessServiceClient, ProcessStatus } from '@docket/proto/src/processes';
import { SearchRequest, SearchServiceClient } from '@docket/proto/src/search';
import { WorkspaceServiceClient } from '@docket/proto/src/workspaces';
import { GRPC_CLIENT_OPTIONS, grpcCall } from '@docket/service-kit';
import { SmtpSink } from '../services/alerts/test/support/smtp-sink';
import { machine, printTable, round, summary, writeBenchResult } from './support/bench-output';
import { startBenchStack, waitForRun, type BenchStack } from './support/bench-stack';
import { writeTextFiling } from './support/filing-files';

const SERVICES = ['documents', 'query-engine', 'alerts', 'export', 'bff'] as const;
const STORES = ['kafka', 'mongo', 'redis'] as const;
type Part = (typeof SERVICES)[number] | (typeof STORES)[number];
type Moment = 'import' | 'delivery';
const ALL_KILLS: { part: Part; moment: Moment }[] = [
  ...SERVICES.map((part) => ({ part, moment: 'import' as const })),
  ...STORES.flatMap((part) => [
    { part, moment: 'import' as const },
    { part, moment: 'delivery' as const },
  ]),
];

const { values: args } = parseArgs({
  options: {
    'per-kill': { type: 'string', default: '40' },
    rounds: { type: 'string', default: '1' },
    parts: { type: 'string', default: ALL_KILLS.map((k) => k.part).join(',') },
  },
});
const PER_KILL = Number(args['per-kill']);
const ROUNDS = Number(args.rounds);
const KILLS = ALL_KILLS.filter((k) => args.parts.split(',').includes(k.part));
const ADMIN_EMAIL = 'chaos-admin@docket.local';
const ADMIN_PASSWORD = `chaos-${Date.now()}-password`;
const ALERT_OWNER = 'bench-chaos';
const ALERT_WORD = 'chaosbench';
const SEED = 'bench-chaos';
const RECOVERY_TIMEOUT_MS = 3 * 60_000;
const SETTLE_TIMEOUT_MS = 10 * 60_000;
// The documents service resumes a killed import once its BullMQ lock lapses (30 s by default); the
// alerts service takes up a killed delivery job the same way, and re-queues pending ones on a sweep.
const IMPORT_LOCK_MS = 10_000;
const DELIVERY_LOCK_MS = 10_000;
const DELIVERY_SWEEP_MS = 10_000;
// The SMTP server's time per message: a slow relay, so that a kill can land mid-delivery.
const SMTP_ACCEPT_MS = 1_000;

/** Five letters, base 26: with a prefix, one word to the query language, unique per index. */
function lettersOf(index: number): string {
  let letters = '';
  let n = index;
  for (let i = 0; i < 5; i++) {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  }
  return letters;
}
const tokenOf = (index: number): string => `chaos${lettersOf(index)}`;
const TOKEN_IN_TITLE = /\((chaos[a-z]{5})\)$/;

interface Batch {
  dir: string;
  tokens: string[];
}

function writeBatches(count: number): Batch[] {
  const catalog = generateCatalog(SEED);
  const dockets = generateDockets(SEED, catalog, 50);
  const filings = [...generateFilings(SEED, catalog, dockets, { count: count * PER_KILL, pdfShare: 0 })];
  return Array.from({ length: count }, (_, b) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-chaos-${b}-`));
    const tokens: string[] = [];
    for (let i = 0; i < PER_KILL; i++) {
      const index = b * PER_KILL + i;
      const token = tokenOf(index);
      const filing = filings[index]!;
      tokens.push(token);
      writeTextFiling(dir, `filing-${String(index).padStart(5, '0')}`, {
        ...filing,
        title: `${filing.title} (${token})`,
        pages: [`Reference ${token} ${ALERT_WORD}.\n${filing.pages[0] ?? ''}`, ...filing.pages.slice(1)],
      });
    }
    return { dir, tokens };
  });
}

/**
 * Signs in through the BFF and asks questions in a loop until stopped, as a user at a browser would;
 * counts answers and failures, and when each question was answered (to time recovery by).
 */
function questionLoop(bffUrl: string) {
  const counts = { answered: 0, failed: 0, signIns: 0, errors: new Map<string, number>() };
  const answeredAt: number[] = [];
  let stopped = false;
  let cookie = '';
  let csrf = '';
  let workspaceId = '';
  const note = (reason: string) => {
    counts.failed += 1;
    counts.errors.set(reason, (counts.errors.get(reason) ?? 0) + 1);
  };
  const signIn = async () => {
    const first = await fetch(`${bffUrl}/api/auth/csrf`, { signal: AbortSignal.timeout(10_000) });
    const { csrfToken } = (await first.json()) as { csrfToken: string };
    const login = await fetch(`${bffUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: cookiesOf(first) },
      body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!login.ok) throw new Error(`sign-in: ${login.status}`);
    counts.signIns += 1;
    cookie = cookiesOf(login);
    csrf = ((await login.json()) as { csrfToken: string }).csrfToken;
    if (workspaceId) return;
    const created = await post('/api/workspaces', { name: `Chaos ${Date.now()}` });
    if (!created.ok) throw new Error(`create workspace: ${created.status}`);
    workspaceId = ((await created.json()) as { workspace: { id: string } }).workspace.id;
  };
  const post = (route: string, body: unknown) =>
    fetch(`${bffUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
  const done = (async () => {
    while (!stopped) {
      try {
        if (!cookie) await signIn();
        const question = 'What did the commission decide about rates?';
        const response = await post(`/api/workspaces/${workspaceId}/queries`, { question });
        const text = await response.text();
        if (response.ok && text.includes('event: completed')) {
          counts.answered += 1;
          answeredAt.push(performance.now());
          continue;
        }
        const detail = response.ok ? (/event: error\ndata: (.*)/.exec(text)?.[1] ?? 'no error event') : text;
        note(`${response.ok ? 'stream ended with' : `HTTP ${response.status}`}: ${detail.slice(0, 100)}`);
        // Signed out (the session is gone): a browser is sent to the sign-in page, and so is this loop.
        if (response.status === 401) cookie = '';
      } catch (error) {
        const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
        note(error instanceof Error ? `${error.name}: ${cause}`.slice(0, 100) : String(error));
      }
      // A part is down or restarting: ask again in a second rather than spin (the load would slow its recovery).
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  return {
    counts,
    /** Seconds from `since` (performance.now()) to the first question answered after it, polling until one is. */
    answeredAfter: (since: number) =>
      pollUntil(async () => answeredAt.find((at) => at > since), {
        timeoutMs: RECOVERY_TIMEOUT_MS,
        intervalMs: 100,
        description: 'a question to be answered',
      }).then((at) => round((at - since) / 1000, 2)),
    stop: async () => ((stopped = true), await done),
  };
}

function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * gRPC clients of every service for probing them; reconnecting at most 0.5 s apart, so a figure is the
 * service's, not the client's back-off.
 */
function probeClients(bench: BenchStack) {
  const options = {
    ...GRPC_CLIENT_OPTIONS,
    'grpc.initial_reconnect_backoff_ms': 100,
    'grpc.max_reconnect_backoff_ms': 500,
  };
  const { grpcTargets } = bench.stack;
  const credentials = bench.stack.grpcCredentials();
  const clients = {
    documents: new DocumentsServiceClient(grpcTargets.documents, credentials, options),
    workspaces: new WorkspaceServiceClient(grpcTargets.queryEngine, credentials, options),
    search: new SearchServiceClient(grpcTargets.queryEngine, credentials, options),
    alerts: new AlertServiceClient(grpcTargets.alerts, credentials, options),
    processes: new ProcessServiceClient(grpcTargets.export, credentials, options),
  };
  const deadlineMs = 2_000;
  // A request each service answers from its own MongoDB database (the BFF's /healthz pings MongoDB and Redis).
  const probes: Record<(typeof SERVICES)[number], () => Promise<unknown>> = {
    documents: () => grpcCall(clients.documents, 'listDocuments', { pageSize: 1, pageToken: '' }, { deadlineMs }),
    'query-engine': () => grpcCall(clients.workspaces, 'listWorkspaces', { userId: 'chaos-probe' }, { deadlineMs }),
    alerts: () => grpcCall(clients.alerts, 'listAlerts', { ownerUserId: 'chaos-probe', kind: 0 }, { deadlineMs }),
    export: () => grpcCall(clients.processes, 'listProcesses', { ownerId: 'chaos-probe', limit: 1 }, { deadlineMs }),
    bff: async () => {
      if (!(await httpOk(`${bench.stack.bffUrl}/healthz`, undefined, deadlineMs))) throw new Error('not ready');
    },
  };
  return { clients, probes, close: () => Object.values(clients).forEach((c) => c.close()) };
}

interface Kill {
  round: number;
  part: Part;
  moment: Moment;
  /** mid-delivery: how many of the batch's e-mails the SMTP server had accepted when the part was killed. */
  emailsBefore?: number;
  pid: number;
  /** When the part was killed (ms since the epoch, as the SMTP server stamps messages). */
  killedAtMs: number;
  /** Seconds from the SIGKILL until the launcher had the part healthy again. */
  partUpSeconds: number;
  /** Seconds until each service answered a request again (0 when it never stopped answering). */
  answersSeconds: Record<string, number>;
  /** Seconds until a question through the BFF was answered again. */
  questionSeconds: number;
  /** Seconds until a document created after the kill was searchable: events flow again. */
  eventsFlowSeconds: number;
  loadAverage1m: number;
  processId: string;
}

/**
 * Starts importing `batch`, waits for the moment (`import`: the run has taken in a first file;
 * `delivery`: the run has finished and its e-mails are being sent), SIGKILLs `part` and times its
 * recovery and that of whatever depends on it.
 */
async function killDuring(
  bench: BenchStack,
  probes: ReturnType<typeof probeClients>,
  questions: ReturnType<typeof questionLoop>,
  sink: SmtpSink,
  kill: { part: Part; moment: Moment },
  batch: Batch,
  roundNo: number,
  flowProbe: string,
): Promise<Kill> {
  const { part, moment } = kill;
  const { processId, runId } = await grpcCall(bench.documents, 'startImport', {
    path: batch.dir,
    sourceId: 'uploads',
    requestedBy: 'bench',
  });
  const runs = bench.mongo.db('documents').collection('ingestion_runs');
  const tokens = new Set(batch.tokens);
  const emailsOfBatch = () => sink.messages.filter((m) => tokens.has(TOKEN_IN_TITLE.exec(m.subject)?.[1] ?? '')).length;
  let emailsBefore: number | undefined;
  if (moment === 'import') {
    await pollUntil(async () => ((await runs.findOne({ processId }))?.seen ?? 0) > 0, {
      timeoutMs: 60_000,
      intervalMs: 50,
      description: `import ${processId} to start`,
      abortIf: bench.crashed,
    });
  } else {
    await waitForRun(bench, runId, 120_000);
    await pollUntil(async () => emailsOfBatch() > 0, {
      timeoutMs: 120_000,
      intervalMs: 20,
      abortIf: bench.crashed,
      description: `the e-mails of import ${processId} to go out`,
    });
    emailsBefore = emailsOfBatch();
  }
  const before = bench.stack.status().parts.find((p) => p.name === part);
  if (!before?.pid || before.state !== 'up') {
    throw new Error(`${part} is not up before its kill: ${JSON.stringify(before)}`);
  }
  const killedAt = performance.now();
  const killedAtMs = Date.now();
  process.kill(before.pid, 'SIGKILL');
  const since = () => round((performance.now() - killedAt) / 1000, 2);
  const poll = <T>(check: () => Promise<T>, description: string) =>
    pollUntil(check, { timeoutMs: RECOVERY_TIMEOUT_MS, intervalMs: 100, description, abortIf: bench.crashed });

  const partUp = poll(async () => {
    const now = bench.stack.status().parts.find((p) => p.name === part);
    return now?.state === 'up' && now.restarts === before.restarts + 1;
  }, `${part} to be restarted`).then(since);
  const answers = Promise.all(
    SERVICES.map(async (service) => {
      await poll(
        () =>
          probes.probes[service]().then(
            () => true,
            () => false,
          ),
        `${service} to answer`,
      );
      return [service, since()] as const;
    }),
  ).then((entries) => Object.fromEntries(entries));
  // A document created once the documents service takes one (not during a MongoDB outage), searchable once
  // its event went through the outbox, Kafka and the query-engine's consumer.
  const eventsFlow = (async () => {
    const probe = {
      title: `Flow probe ${flowProbe}`,
      text: `Probe ${flowProbe}: is a new filing searchable yet?`,
      sourceId: 'uploads',
      docketNumber: '',
      filingType: 'Notice',
      createdBy: 'bench',
    };
    await poll(
      () =>
        grpcCall(probes.clients.documents, 'createDocument', probe, { deadlineMs: 5_000 }).then(
          () => true,
          () => false,
        ),
      'a probe document to be accepted',
    );
    const search = SearchRequest.fromPartial({ query: flowProbe, limit: 1 });
    await poll(
      async () => Number((await grpcCall(probes.clients.search, 'search', search, { deadlineMs: 5_000 })).total) > 0,
      'the probe document to be searchable',
    );
    return since();
  })();
  const [partUpSeconds, answersSeconds, questionSeconds, eventsFlowSeconds] = await Promise.all([
    partUp,
    answers,
    questions.answeredAfter(killedAt),
    eventsFlow,
  ]);
  const loadAverage1m = round(os.loadavg()[0] ?? 0, 2);
  const at = moment === 'import' ? 'mid-import' : `mid-delivery, ${emailsBefore}/${batch.tokens.length} e-mails out`;
  process.stderr.write(
    `[chaos] ${part} killed ${at} (pid ${before.pid}): healthy after ${partUpSeconds} s; ` +
      `answering: ${SERVICES.map((s) => `${s} ${answersSeconds[s]} s`).join(', ')}; ` +
      `questions ${questionSeconds} s; events flow ${eventsFlowSeconds} s; load ${loadAverage1m}\n`,
  );
  return {
    round: roundNo,
    part,
    moment,
    emailsBefore,
    pid: before.pid,
    killedAtMs,
    partUpSeconds,
    answersSeconds,
    questionSeconds,
    eventsFlowSeconds,
    loadAverage1m,
    processId,
  };
}

/** Hits per token in the index; polls until none is missing or the time is up (events may still be in flight). */
async function searchCounts(bench: BenchStack, tokens: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    for (const token of tokens) {
      if ((counts.get(token) ?? 0) > 0) continue;
      const result = await grpcCall(bench.search, 'search', SearchRequest.fromPartial({ query: token, limit: 5 }));
      counts.set(token, Number(result.total));
    }
    const missing = tokens.filter((t) => !counts.get(t)).length;
    if (missing === 0 || Date.now() > deadline) return counts;
    process.stderr.write(`[chaos] ${missing} filings not searchable yet\n`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** Every in-app notification of the alert's owner, by document id. */
async function notificationsByDocument(alerts: AlertServiceClient): Promise<Map<string, number>> {
  const byDocument = new Map<string, number>();
  let cursor = '';
  do {
    const page = await grpcCall(alerts, 'listNotifications', {
      ownerUserId: ALERT_OWNER,
      limit: 100,
      unreadOnly: false,
      cursor,
    });
    for (const { documentId } of page.notifications) {
      if (documentId) byDocument.set(documentId, (byDocument.get(documentId) ?? 0) + 1);
    }
    cursor = page.nextCursor;
  } while (cursor);
  return byDocument;
}

async function main(): Promise<void> {
  const batches = writeBatches(ROUNDS * KILLS.length);
  const allTokens = batches.flatMap((b) => b.tokens);
  const started = performance.now();
  const sink = await SmtpSink.start({ acceptDelayMs: SMTP_ACCEPT_MS });
  const errorLines = new Map<string, number>();
  const bench = await startBenchStack({
    restartPolicy: DEFAULT_RESTART_POLICY,
    mongoStorage: 'h2',
    redisPersistent: true,
    // Error lines each part logs (pino levels error and fatal), counted: what a crash made the others complain of.
    onOutput: (name, line) => {
      if (/"level":(50|60)/.test(line)) errorLines.set(name, (errorLines.get(name) ?? 0) + 1);
    },
    env: {
      SEED_CORPUS: 'false',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      IMPORT_LOCK_MS: String(IMPORT_LOCK_MS),
      SMTP_URL: sink.url,
      ALERTS_REALTIME_MAX_PER_HOUR: '100000',
      ALERTS_DELIVERY_LOCK_MS: String(DELIVERY_LOCK_MS),
      ALERTS_DELIVERY_SWEEP_MS: String(DELIVERY_SWEEP_MS),
    },
  });
  const probes = probeClients(bench);
  const { alert } = await grpcCall(probes.clients.alerts, 'createAlert', {
    ownerUserId: ALERT_OWNER,
    ownerEmail: 'chaos@example.com',
    definition: {
      name: 'Chaos',
      query: ALERT_WORD,
      question: '',
      filters: { agencies: [], filingTypes: [], dockets: [], parties: [], filedFrom: '', filedTo: '' },
      schedule: { cadence: Cadence.CADENCE_REALTIME, hour: 0, weekday: 0, timeZone: 'UTC' },
      channels: { inApp: true, email: true, webhookEndpointId: '' },
    },
  });
  const questions = questionLoop(bench.stack.bffUrl);
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(os.loadavg()[0] ?? 0), 1000);
  try {
    const kills: Kill[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const [i, kill] of KILLS.entries()) {
        const index = r * KILLS.length + i;
        const flowProbe = `flowprobe${lettersOf(index)}`;
        kills.push(await killDuring(bench, probes, questions, sink, kill, batches[index]!, r + 1, flowProbe));
      }
    }
    await questions.stop();

    // Every import process must end (a killed import is resumed once its lock lapses).
    const runs = bench.mongo.db('documents').collection('ingestion_runs');
    const finished = await pollUntil(
      async () => {
        const list = await runs.find({ processId: { $in: kills.map((k) => k.processId) } }).toArray();
        const ended = list.every((run) => run.status !== 'running' && run.status !== 'interrupted');
        return list.length === kills.length && ended && list;
      },
      {
        timeoutMs: SETTLE_TIMEOUT_MS,
        intervalMs: 500,
        description: 'every import to finish',
        abortIf: bench.crashed,
      },
    );
    // The export service learns of each process from processes.updated.v1: a consumer that rejoined
    // after a kill may still be catching up, so its states are awaited (and reported as they ended).
    const processState = async (processId: string) => {
      const p = await grpcCall(probes.clients.processes, 'getProcess', { id: processId }).then(
        (r) => r.process,
        () => undefined,
      );
      return p ? ProcessStatus[p.status].replace('PROCESS_STATUS_', '').toLowerCase() : 'missing';
    };
    let processStates: string[] = [];
    await pollUntil(
      async () => {
        processStates = await Promise.all(kills.map((k) => processState(k.processId)));
        return processStates.every((state) => state !== 'missing' && state !== 'running' && state !== 'queued');
      },
      {
        timeoutMs: SETTLE_TIMEOUT_MS,
        intervalMs: 500,
        description: 'every import process to end',
        abortIf: bench.crashed,
      },
    ).catch(() => undefined); // reported below as they stand

    // Stored: one document per token in the documents service's database.
    const stored = new Map<string, number>();
    const tokenOfDocument = new Map<string, string>();
    const docs = await bench.mongo
      .db('documents')
      .collection('documents')
      .find({ title: /\(chaos[a-z]{5}\)$/ }, { projection: { title: 1 } })
      .toArray();
    for (const d of docs) {
      const token = TOKEN_IN_TITLE.exec(String(d.title))![1]!;
      stored.set(token, (stored.get(token) ?? 0) + 1);
      tokenOfDocument.set(String(d._id), token);
    }
    // Indexed and searchable: one hit per token.
    const hits = await searchCounts(bench, allTokens);
    // Alerted: an e-mail per stored document (its delivery key names the document), and an in-app notification.
    const documentsOf = (token: string) => [...tokenOfDocument].filter(([, t]) => t === token).map(([id]) => id);
    const emailKeysOf = (token: string) => documentsOf(token).map((id) => `rt:${alert!.id}:${id}:email`);
    const arrived = (token: string) => emailKeysOf(token).some((key) => sink.byKey(key).length > 0);
    const delivered = await pollUntil(async () => allTokens.every(arrived) || undefined, {
      timeoutMs: SETTLE_TIMEOUT_MS,
      intervalMs: 1000,
      description: 'every alert e-mail',
      abortIf: bench.crashed,
    }).then(
      () => true,
      () => false,
    );
    const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
    const emails = new Map(allTokens.map((t) => [t, sum(emailKeysOf(t).map((key) => sink.byKey(key).length))]));
    const repeats = allTokens.reduce((sum, t) => sum + Math.max(0, (emails.get(t) ?? 0) - emailKeysOf(t).length), 0);
    // Each repeat, put down to the last kill before the first copy arrived: the send the kill caught in flight.
    const repeatsAfter = new Map<string, number>();
    for (const key of new Set(sink.messages.map((m) => m.deliveryKey))) {
      const [first, ...again] = sink.byKey(key);
      if (!first || again.length === 0) continue;
      const kill = kills.filter((k) => k.killedAtMs <= first.receivedAt).at(-1);
      const label = kill ? `${kill.part} mid-${kill.moment}` : 'no kill';
      repeatsAfter.set(label, (repeatsAfter.get(label) ?? 0) + again.length);
    }
    const byDocument = await notificationsByDocument(probes.clients.alerts);
    const notifications = new Map(allTokens.map((t) => [t, sum(documentsOf(t).map((id) => byDocument.get(id) ?? 0))]));

    const count = (map: Map<string, number>, test: (n: number) => boolean) =>
      allTokens.filter((t) => test(map.get(t) ?? 0)).length;
    const onceLostTwice = (map: Map<string, number>) => ({
      exactlyOnce: count(map, (n) => n === 1),
      missing: count(map, (n) => n === 0),
      duplicated: count(map, (n) => n > 1),
    });
    const figures = {
      kills: kills.length,
      imported: allTokens.length,
      // A resumed run re-imports the files after its cursor and counts each once, as what it was: new
      // should equal imported.
      runs: {
        statuses: finished.map((run) => run.status),
        ...Object.fromEntries(
          (['seen', 'new', 'duplicate', 'failed'] as const).map((key) => [
            key,
            sum(finished.map((run) => Number(run[key] ?? 0))),
          ]),
        ),
      } as { statuses: string[]; seen: number; new: number; duplicate: number; failed: number },
      processes: processStates,
      stored: onceLostTwice(stored),
      searchable: onceLostTwice(hits),
      emails: {
        ...onceLostTwice(emails),
        allArrived: delivered,
        repeats,
        repeatsAfter: Object.fromEntries(repeatsAfter),
        total: sink.messages.length,
      },
      inAppNotifications: onceLostTwice(notifications),
      perKill: kills.map(({ processId: _p, killedAtMs: _at, ...k }) => k),
      errorLogLines: Object.fromEntries(errorLines),
      recovery: {
        partUp: summary(kills.map((k) => k.partUpSeconds)),
        questions: summary(kills.map((k) => k.questionSeconds)),
        eventsFlow: summary(kills.map((k) => k.eventsFlowSeconds)),
      },
      questions: { ...questions.counts, errors: Object.fromEntries(questions.counts.errors) },
      loadAverage1m: {
        atKills: kills.map((k) => k.loadAverage1m),
        mean: round(sum(loads) / Math.max(1, loads.length), 2),
        max: round(Math.max(...loads), 2),
      },
      restarts: bench.stack
        .status()
        .parts.map((p) => `${p.name}:${p.restarts}`)
        .join(' '),
      wallSeconds: round((performance.now() - started) / 1000),
    };
    const onceRow = (f: { exactlyOnce: number; missing: number; duplicated: number }, twice = 'duplicated') =>
      `${f.exactlyOnce} exactly once, ${f.missing} lost, ${f.duplicated} ${twice}`;
    const { runs: imports, recovery, questions: q, loadAverage1m: load } = figures;
    const importCounts =
      `seen ${imports.seen}, new ${imports.new}, duplicate ${imports.duplicate}, ` + `failed ${imports.failed}`;
    const title =
      `chaos: ${figures.kills} kills (SIGKILL), ` + `${figures.imported} filings imported in ${kills.length} runs`;
    printTable(title, [
      ['import runs', `${imports.statuses.join(', ')} (${importCounts})`],
      ['import processes', processStates.join(', ')],
      ['stored (MongoDB)', onceRow(figures.stored)],
      ['searchable (1 hit per token)', onceRow(figures.searchable)],
      [
        'alert e-mails (per document)',
        `${onceRow(figures.emails, 'sent more than once')}; ` +
          `${repeats} repeats of ${figures.emails.total} messages` +
          (repeats > 0 ? ` (after ${[...repeatsAfter].map(([kill, n]) => `${kill}: ${n}`).join(', ')})` : ''),
      ],
      ['in-app notifications', onceRow(figures.inAppNotifications)],
      ...kills.map((k): [string, string] => [
        `${k.part} mid-${k.moment}${k.emailsBefore === undefined ? '' : ` (${k.emailsBefore}/${PER_KILL} out)`}` +
          `, round ${k.round}`,
        `up ${k.partUpSeconds} s; answering ${SERVICES.map((s) => `${s} ${k.answersSeconds[s]}`).join(', ')} s; ` +
          `questions ${k.questionSeconds} s; events flow ${k.eventsFlowSeconds} s; load ${k.loadAverage1m}`,
      ]),
      ['healthy again p50 / max', `${figures.recovery.partUp.p50} s / ${figures.recovery.partUp.max} s`],
      ['questions answered again p50 / max', `${recovery.questions.p50} s / ${recovery.questions.max} s`],
      ['events flow again p50 / max', `${figures.recovery.eventsFlow.p50} s / ${figures.recovery.eventsFlow.max} s`],
      ['questions via the BFF', `${q.answered} answered, ${q.failed} failed, ${q.signIns} sign-ins`],
      ['error log lines by part', [...errorLines].map(([name, n]) => `${name} ${n}`).join(', ') || 'none'],
      ['load average (1 min)', `mean ${load.mean}, max ${load.max} on ${os.cpus().length} cores`],
      ['wall time', `${figures.wallSeconds} s`],
    ]);
    for (const [reason, n] of questions.counts.errors) console.log(`  question failures: ${n} × ${reason}`);
    const file = writeBenchResult('chaos', {
      setup:
        `test-profile stack with H2 stand-in and Redis AOF, dev restart policy, IMPORT_LOCK_MS=${IMPORT_LOCK_MS}, ` +
        `ALERTS_DELIVERY_LOCK_MS=${DELIVERY_LOCK_MS}, ALERTS_DELIVERY_SWEEP_MS=${DELIVERY_SWEEP_MS}, ` +
        `SMTP ${SMTP_ACCEPT_MS} ms a message, ${PER_KILL} text filings per kill`,
      machine: machine(),
      ...figures,
    });
    console.log(`written to ${file}`);
    const { stored: st, searchable: se } = figures;
    const broken =
      st.missing +
      st.duplicated +
      se.missing +
      se.duplicated +
      figures.emails.missing +
      figures.inAppNotifications.missing +
      processStates.filter((state) => state !== 'succeeded').length;
    if (broken > 0) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    await questions.stop();
    probes.close();
    await bench.stop();
    await sink.stop();
    for (const batch of batches) fs.rmSync(batch.dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
