import { InputError } from '@docket/errors';
import { ProcessState } from '@docket/proto/src/process-events';
import { isFinal, listLimitOf } from '../../src/domain/process';
import { toUpdate } from '../../src/processes/process-updated.consumer';

const event = (over: Partial<Parameters<typeof toUpdate>[0]> = {}) => ({
  eventId: 'e1',
  occurredAt: new Date('2025-01-01T00:00:00Z'),
  processId: 'p1',
  kind: 'reindex',
  title: 'Re-index',
  ownerId: 'u1',
  state: ProcessState.PROCESS_STATE_RUNNING,
  total: '10',
  done: '3',
  message: '',
  sequence: '4',
  failed: '0',
  failures: [],
  ...over,
});

describe('process updates from events', () => {
  it('maps state and int64 strings', () => {
    expect(toUpdate(event())).toEqual({
      id: 'p1',
      kind: 'reindex',
      title: 'Re-index',
      ownerId: 'u1',
      status: 'running',
      total: 10,
      done: 3,
      message: '',
      sequence: 4,
      failed: 0,
      failures: [],
      at: new Date('2025-01-01T00:00:00Z'),
    });
    expect(toUpdate(event({ state: ProcessState.PROCESS_STATE_SUCCEEDED })).status).toBe('succeeded');
  });

  it('carries the items that failed: all counted, the first ones with their reasons', () => {
    const failures = [{ item: 'scans/a.bin', reason: 'unsupported_type', message: 'no text could be read' }];
    expect(toUpdate(event({ state: ProcessState.PROCESS_STATE_SUCCEEDED, failed: '8', failures }))).toMatchObject({
      status: 'succeeded',
      failed: 8,
      failures,
    });
    expect(() => toUpdate(event({ failed: '-1' }))).toThrow(InputError);
  });

  it('rejects an unknown state, a missing id and a non-positive sequence', () => {
    expect(() => toUpdate(event({ state: ProcessState.PROCESS_STATE_UNSPECIFIED }))).toThrow(/unknown state/);
    expect(() => toUpdate(event({ processId: '' }))).toThrow(InputError);
    expect(() => toUpdate(event({ sequence: '0' }))).toThrow(InputError);
    expect(() => toUpdate(event({ done: '-1' }))).toThrow(InputError);
  });

  it('knows the final states', () => {
    expect(['queued', 'running', 'succeeded', 'failed'].map((s) => isFinal(s as never))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('limits lists to 100, default 50', () => {
    expect(listLimitOf(0)).toBe(50);
    expect(listLimitOf(7)).toBe(7);
    expect(listLimitOf(1000)).toBe(100);
    expect(() => listLimitOf(-5)).toThrow(InputError);
  });
});
