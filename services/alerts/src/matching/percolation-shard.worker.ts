/**
 * A percolation shard: a worker thread holding the percolation index of its share of the alerts (see
 * percolation-threads.ts). It applies the main thread's changes in order and answers each match with
 * the handles of its alerts that the documents match.
 */
import { parentPort } from 'node:worker_threads';
import { compileSource } from '../domain/alert-matcher';
import { PercolationIndex } from '../domain/percolation-index';
import type { FromShard, ToShard } from './percolation-shard-messages';

const port = parentPort;
if (!port) throw new Error('percolation-shard.worker.ts runs as a worker thread');

const index = new PercolationIndex();
/** The handle of the alert version in each slot of the index. */
let handleBySlot: Uint32Array = new Uint32Array(1024);
/** The current reply's handles. */
let found: Uint32Array = new Uint32Array(4096);

port.on('message', (message: ToShard) => {
  switch (message.type) {
    case 'changes':
      for (const change of message.changes) {
        if ('remove' in change) {
          index.remove(change.remove);
          continue;
        }
        index.put(compileSource(change.put));
        const slot = index.slotOfAlert(change.put.alertId);
        if (slot >= handleBySlot.length) handleBySlot = grown(handleBySlot, slot + 1);
        handleBySlot[slot] = change.handle;
      }
      return;
    case 'match': {
      const counts = new Uint32Array(new ArrayBuffer(message.documents.length * 4));
      let total = 0;
      message.documents.forEach((doc, at) => {
        const slots = index.matchSlots(doc);
        counts[at] = slots.length;
        if (total + slots.length > found.length) found = grown(found, total + slots.length);
        for (let from = 0; from < slots.length; from += 1)
          found[total + from] = handleBySlot[slots[from] as number] as number;
        total += slots.length;
      });
      const handles = new Uint32Array(new ArrayBuffer(total * 4));
      handles.set(found.subarray(0, total));
      port.postMessage({ type: 'matched', id: message.id, handles, counts } satisfies FromShard, [
        handles.buffer,
        counts.buffer,
      ]);
      return;
    }
    case 'stats':
      port.postMessage({
        type: 'stats',
        id: message.id,
        alerts: index.size,
        unkeyed: index.unkeyedCount,
      } satisfies FromShard);
      return;
  }
});

function grown(array: Uint32Array, length: number): Uint32Array {
  const copy = new Uint32Array(Math.max(length, array.length * 2));
  copy.set(array);
  return copy;
}
