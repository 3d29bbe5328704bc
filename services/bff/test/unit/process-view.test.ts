import * as processesV1 from '@docket/proto/src/processes';
import { canSeeProcess, isFinal } from '../../src/processes/process-view';
import { toProcessRecord } from '../../src/processes/processes.gateway';

describe('process view', () => {
  const proto: processesV1.Process = {
    id: 'p1',
    kind: 'reindex',
    title: 'Re-index',
    ownerId: 'u1',
    status: processesV1.ProcessStatus.PROCESS_STATUS_RUNNING,
    total: '10',
    done: '4',
    message: '',
    createdAt: new Date('2024-01-01T00:00:00Z'),
    updatedAt: new Date('2024-01-01T00:00:01Z'),
    finishedAt: undefined,
    sequence: '7',
    failed: '0',
    failures: [],
  };

  it('maps the gRPC process to the REST shape', () => {
    const record = toProcessRecord(proto);
    expect(record.view).toEqual({
      id: 'p1',
      kind: 'reindex',
      title: 'Re-index',
      status: 'running',
      total: 10,
      done: 4,
      message: '',
      failed: 0,
      failures: [],
      createdAt: '2024-01-01T00:00:00.000Z',
      updatedAt: '2024-01-01T00:00:01.000Z',
      finishedAt: null,
    });
    expect(record.sequence).toBe(7n);
    expect(record.ownerId).toBe('u1');
  });

  it('passes on the items a process could not handle, with their reasons', () => {
    const failures = [{ item: 'scans/a.bin', reason: 'unsupported_type', message: 'no text could be read' }];
    const record = toProcessRecord({
      ...proto,
      status: processesV1.ProcessStatus.PROCESS_STATUS_SUCCEEDED,
      failed: '8',
      failures,
    });
    expect(record.view).toMatchObject({ status: 'succeeded', failed: 8, failures });
  });

  it('lets owners and administrators see a process, nobody else', () => {
    const record = toProcessRecord(proto);
    expect(canSeeProcess(record, { id: 'u1', role: 'member' })).toBe(true);
    expect(canSeeProcess(record, { id: 'u2', role: 'admin' })).toBe(true);
    expect(canSeeProcess(record, { id: 'u2', role: 'member' })).toBe(false);
  });

  it('knows the final states', () => {
    expect(isFinal('succeeded')).toBe(true);
    expect(isFinal('failed')).toBe(true);
    expect(isFinal('running')).toBe(false);
    expect(isFinal('queued')).toBe(false);
  });
});
