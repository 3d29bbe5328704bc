import fs from 'node:fs';
import type { ExtractionInput } from './extraction.types';

export type ReadOutcome = { bytes: Buffer } | { tooLarge: number } | { notAFile: string };

/**
 * The input's bytes, never holding more than maxBytes of them: a path is stat'ed first and then
 * streamed with a running count (a file that grows while we read is still cut off).
 * I/O errors (missing file, no permission) are thrown: they are not properties of the file's content.
 */
export async function readInput(input: ExtractionInput, maxBytes: number): Promise<ReadOutcome> {
  if ('bytes' in input)
    return input.bytes.length > maxBytes ? { tooLarge: input.bytes.length } : { bytes: input.bytes };
  const stat = await fs.promises.stat(input.path);
  if (!stat.isFile()) return { notAFile: input.path };
  if (stat.size > maxBytes) return { tooLarge: stat.size };
  const chunks: Buffer[] = [];
  let total = 0;
  const stream = fs.createReadStream(input.path, { highWaterMark: 256 * 1024 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      stream.destroy();
      return { tooLarge: total };
    }
    chunks.push(chunk);
  }
  return { bytes: Buffer.concat(chunks, total) };
}
