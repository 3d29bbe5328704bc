import { PassThrough, type Readable, type Writable } from 'node:stream';
import type { Archiver, EntryData } from 'archiver';

/**
 * A ZIP (archiver) streamed into `out`, one entry at a time: each add waits until archiver has
 * written the entry, so only one entry is ever in flight and memory stays flat.
 */
export class ZipWriter {
  private readonly archive: Archiver;
  private failure: Error | undefined;
  private pending: { resolve: () => void; reject: (error: Error) => void } | undefined;

  /**
   * archiver (and lodash with it, ~280 modules) is loaded on first use:
   * a worker that never writes a ZIP does not carry it.
   */
  static async create(out: Writable): Promise<ZipWriter> {
    const archiver = (await import('archiver')).default;
    return new ZipWriter(archiver('zip', { zlib: { level: 6 } }), out);
  }

  private constructor(archive: Archiver, out: Writable) {
    this.archive = archive;
    this.archive.on('entry', () => this.settle());
    this.archive.on('error', (error) => this.settle(error));
    this.archive.on('warning', (error) => this.settle(error));
    this.archive.pipe(out);
  }

  /** `store`: keep the bytes as they are (a file already compressed, as PDFs, images and Office files are). */
  add(name: string, content: Buffer | string | Readable, options: { store?: boolean } = {}): Promise<void> {
    return this.entry(() =>
      this.archive.append(content, { name, ...(options.store ? { store: true } : {}) } as EntryData),
    );
  }

  /** An entry whose bytes `produce` writes into the given stream (and ends). */
  async addStream(name: string, produce: (entry: Writable) => Promise<void>): Promise<void> {
    const entry = new PassThrough();
    const written = this.entry(() => this.archive.append(entry, { name } as EntryData));
    try {
      await produce(entry);
    } catch (error) {
      entry.destroy();
      throw error;
    }
    await written;
  }

  async finish(): Promise<void> {
    if (this.failure) throw this.failure;
    await this.archive.finalize();
  }

  abort(): void {
    this.archive.abort();
  }

  private entry(append: () => void): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      append();
    });
  }

  private settle(error?: Error): void {
    if (error) this.failure ??= error;
    const pending = this.pending;
    this.pending = undefined;
    if (error) pending?.reject(error);
    else pending?.resolve();
  }
}
