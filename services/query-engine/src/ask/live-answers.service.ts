import { NotFoundError } from '@docket/errors';
import type { StoredQuery } from '../domain/query';
import type { AskInput, AskService, AskUpdate, AskWorkspaceScope } from './ask.service';

interface LiveAnswer {
  queryId: string;
  userId: string;
  workspaceId: string;
  /** Every update so far, in order (a watcher replays them). */
  updates: AskUpdate[];
  listeners: Set<Listener>;
  state: 'writing' | 'completed' | 'failed';
  failure?: unknown;
}

interface Listener {
  update(update: AskUpdate): void;
  fail(error: unknown): void;
}

/**
 * The answers being written right now, by query id, so that a reader who arrives while one is
 * written (a reload, Back then Forward, a shared link) gets what was written so far and then the
 * rest as it comes, and an id that names no answer is NotFound at once. An answer is only stored
 * when complete: until then it lives here, in the memory of the one query-engine that writes it
 * (one replica answers questions); an answer lost with its process was never stored, so it is
 * NotFound like an unknown id.
 */
export class LiveAnswers {
  private readonly live = new Map<string, LiveAnswer>();

  constructor(
    private readonly deps: {
      asker: Pick<AskService, 'ask' | 'get'>;
      workspaces?: Pick<AskWorkspaceScope, 'isMember'> | undefined;
    },
  ) {}

  /** AskService.ask, with each update kept for watchers until the answer is stored (or fails). */
  async ask(input: AskInput, report: (update: AskUpdate) => void): Promise<StoredQuery> {
    let entry: LiveAnswer | undefined;
    try {
      const query = await this.deps.asker.ask(input, (update) => {
        if (update.kind === 'started') {
          entry = {
            queryId: update.queryId,
            userId: input.userId,
            workspaceId: input.workspaceId,
            updates: [],
            listeners: new Set(),
            state: 'writing',
          };
          this.live.set(update.queryId, entry);
        }
        if (entry) {
          entry.updates.push(update);
          if (update.kind === 'completed') entry.state = 'completed';
          for (const listener of entry.listeners) listener.update(update);
        }
        report(update);
      });
      return query;
    } catch (error) {
      if (entry && entry.state === 'writing') {
        entry.state = 'failed';
        entry.failure = error;
        for (const listener of entry.listeners) listener.fail(error);
      }
      throw error;
    } finally {
      // Stored by now (it is inserted before `completed` is reported), or never will be.
      if (entry) this.live.delete(entry.queryId);
    }
  }

  /** How many answers are being written (for tests and logs). */
  get size(): number {
    return this.live.size;
  }

  /**
   * Reports an answer the way Ask does: one being written as its updates so far, then the rest until
   * `completed`; a stored one as `started` and `completed`. Resolves after `completed`; rejects with
   * the answer's own failure, or NotFound (at once) for an id that names neither or that the user
   * may not read (its author, the workspace's members, administrators). An aborted `signal` stops
   * the watching quietly.
   */
  async watch(
    queryId: string,
    userId: string,
    asAdmin: boolean,
    report: (update: AskUpdate) => void,
    signal?: AbortSignal,
  ): Promise<void> {
    const entry = this.live.get(queryId);
    if (!entry) {
      // Not being written: stored, or nothing (get throws NotFound).
      const query = await this.deps.asker.get(queryId, userId, asAdmin);
      report({ kind: 'started', queryId: query.id, question: query.question });
      report({ kind: 'completed', query });
      return;
    }
    if (!(await this.mayRead(entry, userId, asAdmin))) throw new NotFoundError(`query ${queryId} not found`);
    if (signal?.aborted) return;
    // The entry may have ended while membership was checked: its updates are then complete.
    for (const update of entry.updates) report(update);
    if (entry.state === 'completed') return;
    if (entry.state === 'failed') throw entry.failure;
    await new Promise<void>((resolve, reject) => {
      const stop = () => {
        entry.listeners.delete(listener);
        signal?.removeEventListener('abort', stop);
        resolve();
      };
      const listener: Listener = {
        update: (update) => {
          report(update);
          if (update.kind === 'completed') stop();
        },
        fail: (error) => {
          entry.listeners.delete(listener);
          signal?.removeEventListener('abort', stop);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      };
      entry.listeners.add(listener);
      signal?.addEventListener('abort', stop, { once: true });
    });
  }

  private async mayRead(entry: LiveAnswer, userId: string, asAdmin: boolean): Promise<boolean> {
    if (asAdmin || (userId && entry.userId === userId)) return true;
    if (!userId || !entry.workspaceId || !this.deps.workspaces) return false;
    return this.deps.workspaces.isMember(userId, entry.workspaceId);
  }
}
