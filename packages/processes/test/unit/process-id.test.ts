import { newProcessId } from '../../src/process-id';

describe('process ids', () => {
  it('are UUID version 7 whose first 48 bits are the time they were made', () => {
    const at = Date.UTC(2026, 10, 25, 10, 0, 0, 123);
    const id = newProcessId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('differ when made in the same millisecond', () => {
    const at = Date.now();
    expect(new Set(Array.from({ length: 100 }, () => newProcessId(at))).size).toBe(100);
  });
});
