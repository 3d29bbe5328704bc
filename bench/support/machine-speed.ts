import { createHash } from 'node:crypto';

/** Times the reference work is done; the median is reported. */
const ROUNDS = 5;
const HASHED_BYTES = 16 * 2 ** 20;
const SORTED_NUMBERS = 200_000;

/**
 * CPU milliseconds this process takes for a fixed piece of work (SHA-256 of 16 MB, a sort of 200,000
 * numbers, JSON of 20,000 small objects), the median of five rounds. A bench prints it beside its
 * CPU figures: the same code's CPU per item moves with it when the machine runs slower (a busy sibling
 * hyper-thread or a lower clock, which the load average does not show), so a run can be told from
 * the machine it ran on.
 */
export function referenceWorkCpuMs(): number {
  const bytes = Buffer.alloc(HASHED_BYTES, 7);
  const numbers = Float64Array.from({ length: SORTED_NUMBERS }, (_, i) => Math.sin(i) * 1e6);
  const objects = Array.from({ length: 20_000 }, (_, i) => ({ id: `doc-${i}`, n: i, tags: ['a', 'b'] }));
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const before = process.cpuUsage();
    createHash('sha256').update(bytes).digest();
    Float64Array.from(numbers).sort();
    JSON.parse(JSON.stringify(objects));
    const used = process.cpuUsage(before);
    rounds.push((used.user + used.system) / 1000);
  }
  rounds.sort((a, b) => a - b);
  return rounds[Math.floor(ROUNDS / 2)] as number;
}
