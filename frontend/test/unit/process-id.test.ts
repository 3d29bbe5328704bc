import { PROCESS_APPEAR_GRACE_MS, processIdIssuedAt, processMayAppearUntil } from '@/lib/process-id';
import { newProcessId } from '../../../packages/processes/src/process-id';

describe('process ids in the frontend', () => {
  const madeAt = Date.UTC(2026, 10, 25, 10, 0, 0);
  const id = newProcessId(madeAt);

  it('reads when the services made an id', () => {
    expect(processIdIssuedAt(id)).toBe(madeAt);
    expect(processIdIssuedAt('nope')).toBeNull();
    expect(processIdIssuedAt('4f1c6a8e-2b7d-4c1e-9a3b-5d6e7f8a9b0c')).toBeNull(); // a random (v4) UUID says nothing
  });

  it('lets a young unknown id still appear, never an old or foreign one', () => {
    expect(processMayAppearUntil(id, madeAt + 1_000)).toBe(madeAt + PROCESS_APPEAR_GRACE_MS);
    expect(processMayAppearUntil(id, madeAt + PROCESS_APPEAR_GRACE_MS)).toBeNull();
    expect(processMayAppearUntil(id, madeAt - 10 * PROCESS_APPEAR_GRACE_MS)).toBeNull();
    expect(processMayAppearUntil('does-not-exist', madeAt)).toBeNull();
  });
});
