import { processOutcome } from '@/lib/process-outcome';

describe('process outcome', () => {
  it('calls a success with failed items a success with failures', () => {
    expect(processOutcome({ status: 'succeeded', failed: 8 })).toBe('succeeded_with_failures');
    expect(processOutcome({ status: 'succeeded', failed: 0 })).toBe('succeeded');
  });

  it('leaves every other state as it is', () => {
    for (const status of ['queued', 'running', 'failed'] as const)
      expect(processOutcome({ status, failed: 3 })).toBe(status);
  });
});
