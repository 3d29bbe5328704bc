import type { Worker } from 'node:worker_threads';
import { UnavailableError } from '@docket/errors';
import type { Logger } from '@docket/observability';
import { startWorker } from '@docket/service-kit';
import { sourceOf, type CompiledAlert, type PercolationDocument } from '../domain/alert-matcher';
import { shardDocument, shardOf, type FromShard, type ShardChange, type ToShard } from './percolation-shard-messages';
import type { PercolationShards } from './percolation-shards';

/** A request is sent again to a restarted shard at most this many times in all, then refused. */
const MAX_ATTEMPTS = 3;
/** Changes per message at most (a load sends 100,000 alerts: in pieces, not one huge clone). */
const CHANGES_PER_MESSAGE = 2_000;
/** Restarts after the first in a row (no answer in between) wait this long, doubling, up to 5 s. */
const RESTART_BACKOFF_MS = 100;

interface Held {
  alert: CompiledAlert;
  /** This version's name in the shard's replies. */
  handle: number;
  shard: number;
}

interface Request {
  id: number;
  message: ToShard;
  /** Shards yet to answer. */
  waiting: Set<number>;
  replies: FromShard[];
  /** Times sent to a shard that then failed, plus one. */
  attempts: number;
  /** Called with every shard's reply, at once (before any retired version is forgotten). */
  settle: (replies: FromShard[]) => void;
  reject: (error: Error) => void;
}

interface Shard {
  index: number;
  worker: Worker | undefined;
  /** Changes not yet sent (sent before any request, so a request sees every change made before it). */
  outbox: ShardChange[];
  /** Requests sent and not answered, in the order sent. */
  pending: Map<number, Request>;
  /** Failures since this shard last answered. */
  failures: number;
  restartTimer: NodeJS.Timeout | undefined;
}

/**
 * The alerts spread over worker threads by a stable hash of their id, each thread holding the
 * percolation index of its share only (percolation-shard.worker.ts). A document goes to every shard
 * (one structured clone each, only the fields matching reads); each answers with its matching
 * alerts' handles, which this thread maps back to the CompiledAlert it keeps (the percolator reads
 * their owners and highlights). Messages to a worker arrive in order, so a change made before a
 * match reaches the shard before that match.
 *
 * A shard that dies is started again and given its alerts anew; the requests it had not answered are
 * sent again, and refused (never dropped) once they have been sent MAX_ATTEMPTS times. Idle workers are
 * unref'd, so they keep no process alive.
 */
export class PercolationThreads implements PercolationShards {
  private readonly shards: Shard[] = [];
  private readonly held = new Map<string, Held>();
  /** Every version a pending reply may name, by handle (an array: a reply names hundreds). */
  private readonly versions: (CompiledAlert | undefined)[] = [];
  /** Handles no reply can name any more, to be given again. */
  private readonly freeHandles: number[] = [];
  /** Replaced or removed versions, kept until no request sent before the change is pending. */
  private readonly retired: { handle: number; before: number }[] = [];
  /** Pending requests, oldest first. */
  private readonly requests = new Map<number, Request>();
  private nextRequest = 1;
  private flushScheduled = false;
  private closed = false;

  constructor(
    readonly threads: number,
    private readonly logger?: Logger,
  ) {
    if (!(threads >= 1)) throw new Error('PercolationThreads needs one thread at least');
    for (let index = 0; index < threads; index += 1) {
      const shard: Shard = {
        index,
        worker: undefined,
        outbox: [],
        pending: new Map(),
        failures: 0,
        restartTimer: undefined,
      };
      this.shards.push(shard);
      this.spawn(shard);
    }
  }

  get size(): number {
    return this.held.size;
  }

  /** Each shard's worker, if one is running (a test ends one to see it replaced). */
  get workers(): (Worker | undefined)[] {
    return this.shards.map((shard) => shard.worker);
  }

  put(alert: CompiledAlert): void {
    const previous = this.held.get(alert.alertId);
    if (previous) this.retire(previous.handle);
    const shard = previous?.shard ?? shardOf(alert.alertId, this.threads);
    const handle = this.freeHandles.pop() ?? this.versions.length;
    this.held.set(alert.alertId, { alert, handle, shard });
    this.versions[handle] = alert;
    this.change(shard, { put: sourceOf(alert), handle });
  }

  remove(alertId: string): void {
    const previous = this.held.get(alertId);
    if (!previous) return;
    this.held.delete(alertId);
    this.retire(previous.handle);
    this.change(previous.shard, { remove: alertId });
  }

  async match(doc: PercolationDocument): Promise<CompiledAlert[]> {
    return (await this.matchMany([doc]))[0] ?? [];
  }

  matchMany(docs: PercolationDocument[]): Promise<CompiledAlert[][]> {
    if (docs.length === 0) return Promise.resolve([]);
    const documents = docs.map(shardDocument);
    return new Promise((resolve, reject) =>
      this.request(
        (id) => ({ type: 'match', id, documents }),
        reject,
        (replies) => {
          const result: CompiledAlert[][] = docs.map(() => []);
          for (const reply of replies) {
            if (reply.type !== 'matched') continue;
            const { handles, counts } = reply;
            for (let doc = 0, at = 0; doc < counts.length; doc += 1) {
              const found = result[doc] as CompiledAlert[];
              for (const end = at + (counts[doc] as number); at < end; at += 1) {
                const alert = this.versions[handles[at] as number];
                if (alert) found.push(alert);
              }
            }
          }
          resolve(result);
        },
      ),
    );
  }

  stats(): Promise<{ alerts: number; unkeyed: number }> {
    return new Promise((resolve, reject) =>
      this.request(
        (id) => ({ type: 'stats', id }),
        reject,
        (replies) => {
          let alerts = 0;
          let unkeyed = 0;
          for (const reply of replies) {
            if (reply.type !== 'stats') continue;
            alerts += reply.alerts;
            unkeyed += reply.unkeyed;
          }
          resolve({ alerts, unkeyed });
        },
      ),
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new UnavailableError('percolation was closed');
    for (const request of this.requests.values()) request.reject(error);
    this.requests.clear();
    await Promise.all(
      this.shards.map(async (shard) => {
        clearTimeout(shard.restartTimer);
        shard.pending.clear();
        const worker = shard.worker;
        shard.worker = undefined;
        await worker?.terminate();
      }),
    );
  }

  private change(shard: number, change: ShardChange): void {
    const target = this.shards[shard] as Shard;
    target.outbox.push(change);
    if (target.outbox.length >= CHANGES_PER_MESSAGE) this.flush(target);
    else if (!this.flushScheduled) {
      // Changes made in one go (a load, a refresh) travel together.
      this.flushScheduled = true;
      setImmediate(() => {
        this.flushScheduled = false;
        for (const each of this.shards) this.flush(each);
      });
    }
  }

  private flush(shard: Shard): void {
    if (shard.outbox.length === 0) return;
    const changes = shard.outbox;
    shard.outbox = [];
    // Without a worker (restarting) the changes are already in `held`, which the new one is given.
    shard.worker?.postMessage({ type: 'changes', changes } satisfies ToShard);
  }

  private request(make: (id: number) => ToShard, reject: (error: Error) => void, settle: Request['settle']): void {
    if (this.closed) {
      reject(new UnavailableError('percolation was closed'));
      return;
    }
    const id = this.nextRequest++;
    const request: Request = {
      id,
      message: make(id),
      waiting: new Set(this.shards.map((shard) => shard.index)),
      replies: [],
      attempts: 1,
      settle,
      reject,
    };
    this.requests.set(id, request);
    for (const shard of this.shards) {
      this.flush(shard);
      shard.pending.set(id, request);
      if (!shard.worker) continue; // sent when it is started again
      shard.worker.ref(); // awaited: keep the process alive until the answer arrives
      shard.worker.postMessage(request.message);
    }
  }

  private onMessage(shard: Shard, worker: Worker, message: FromShard): void {
    if (shard.worker !== worker) return;
    shard.failures = 0;
    const request = shard.pending.get(message.id);
    if (!request) return;
    shard.pending.delete(message.id);
    if (shard.pending.size === 0) worker.unref();
    request.replies[shard.index] = message;
    request.waiting.delete(shard.index);
    if (request.waiting.size > 0) return;
    this.requests.delete(request.id);
    request.settle(request.replies);
    this.forgetRetired();
  }

  private spawn(shard: Shard): void {
    shard.restartTimer = undefined;
    if (this.closed) return;
    const worker = startWorker(__dirname, 'percolation-shard.worker', __filename, {});
    shard.worker = worker;
    worker.on('message', (message: FromShard) => this.onMessage(shard, worker, message));
    worker.on('error', (error) => this.onGone(shard, worker, error));
    worker.on('exit', (code) => this.onGone(shard, worker, new Error(`percolation shard exited with code ${code}`)));
    // Its alerts as they are now (all of them on a restart), then what it had not answered.
    shard.outbox = [];
    for (const { alert, handle, shard: index } of this.held.values())
      if (index === shard.index) shard.outbox.push({ put: sourceOf(alert), handle });
    while (shard.outbox.length > 0)
      worker.postMessage({ type: 'changes', changes: shard.outbox.splice(0, CHANGES_PER_MESSAGE) } satisfies ToShard);
    for (const request of shard.pending.values()) worker.postMessage(request.message);
    if (shard.pending.size > 0) worker.ref();
    else worker.unref(); // an idle pool must not keep the process alive
  }

  private onGone(shard: Shard, worker: Worker, error: Error): void {
    if (this.closed || shard.worker !== worker) return;
    shard.worker = undefined;
    void worker.terminate().catch(() => undefined);
    shard.failures += 1;
    this.logger?.warn(
      { err: error, shard: shard.index, pending: shard.pending.size, failures: shard.failures },
      'a percolation shard stopped; starting it again',
    );
    for (const request of [...shard.pending.values()]) {
      request.attempts += 1;
      if (request.attempts <= MAX_ATTEMPTS) continue;
      this.requests.delete(request.id);
      for (const each of this.shards) {
        each.pending.delete(request.id);
        if (each.pending.size === 0) each.worker?.unref();
      }
      request.reject(new UnavailableError(`percolation shard failed ${MAX_ATTEMPTS} times on this request`));
    }
    this.forgetRetired();
    const delay = shard.failures <= 1 ? 0 : Math.min(5_000, RESTART_BACKOFF_MS * 2 ** (shard.failures - 2));
    if (delay === 0) {
      this.spawn(shard);
      return;
    }
    shard.restartTimer = setTimeout(() => this.spawn(shard), delay);
    if (shard.pending.size === 0) shard.restartTimer.unref();
  }

  private retire(handle: number): void {
    this.retired.push({ handle, before: this.nextRequest });
    this.forgetRetired();
  }

  /** Forgets retired versions no pending request can name (it was sent after they changed). */
  private forgetRetired(): void {
    const oldest = this.requests.keys().next();
    const oldestPending = oldest.done ? Number.POSITIVE_INFINITY : oldest.value;
    let drop = 0;
    while (drop < this.retired.length && (this.retired[drop] as { before: number }).before <= oldestPending) {
      const { handle } = this.retired[drop] as { handle: number };
      this.versions[handle] = undefined;
      this.freeHandles.push(handle);
      drop += 1;
    }
    if (drop > 0) this.retired.splice(0, drop);
  }
}
