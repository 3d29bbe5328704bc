import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A pass-through that counts and hashes what flows through it (the stored file's size and sha256). */
export class CountingHash extends Transform {
  private readonly hash = createHash('sha256');
  size = 0;

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
