/** The part of a MongoDB bulk write error that says which documents failed and why. */
interface BulkWriteFailure {
  writeErrors?: Array<{ index: number; code?: number; errmsg?: string }>;
}

const DUPLICATE_KEY = 11000;

interface Waiting<T> {
  record: T;
  resolve: (inserted: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for inserts: the first insert goes out at once, and those that arrive while it is in
 * flight go out together in one unordered insertMany. An import works on 16 files at once, so the
 * MongoDB stand-in takes a few commands (and its collection lock a few times) instead of one per
 * document, and nobody waits longer than the write in flight.
 *
 * Each caller learns its own outcome: true when inserted, false when a unique key already existed
 * (as a single insert's duplicate-key error says), or that write's own error.
 */
export class InsertBatcher<T> {
  private waiting: Array<Waiting<T>> = [];
  private draining = false;

  constructor(
    private readonly insertMany: (records: T[]) => Promise<unknown>,
    private readonly maxBatch = 64,
  ) {}

  insert(record: T): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ record, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length > 0) await this.write(this.waiting.splice(0, this.maxBatch));
    } finally {
      this.draining = false;
    }
  }

  private async write(batch: Array<Waiting<T>>): Promise<void> {
    try {
      await this.insertMany(batch.map((waiting) => waiting.record));
      for (const waiting of batch) waiting.resolve(true);
    } catch (error) {
      const writeErrors = (error as BulkWriteFailure).writeErrors;
      if (!Array.isArray(writeErrors) || writeErrors.length === 0) {
        for (const waiting of batch) waiting.reject(error); // the whole command failed
        return;
      }
      const failed = new Map(writeErrors.map((writeError) => [writeError.index, writeError]));
      for (const [index, waiting] of batch.entries()) {
        const writeError = failed.get(index);
        if (!writeError) waiting.resolve(true);
        else if (writeError.code === DUPLICATE_KEY) waiting.resolve(false);
        else waiting.reject(Object.assign(new Error(writeError.errmsg ?? 'insert failed'), { code: writeError.code }));
      }
    }
  }
}
