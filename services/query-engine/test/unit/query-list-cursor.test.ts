import { InputError } from '@docket/errors';
import { decodeListCursor, encodeListCursor } from '../../src/domain/query-list-cursor';

const cursorOf = (body: unknown) => Buffer.from(JSON.stringify(body)).toString('base64url');

describe('query list cursor', () => {
  it('round-trips a position', () => {
    const position = { createdAt: new Date('2025-03-01T10:00:00Z'), id: 'a'.repeat(24) };
    expect(decodeListCursor(encodeListCursor(position))).toEqual(position);
  });

  it.each([
    ['a time beyond the range of a date', { t: 1e20, id: 'a'.repeat(24) }],
    ['a negative time beyond the range', { t: -8.65e15, id: 'a'.repeat(24) }],
    ['a time that is not a number', { t: '2025', id: 'a'.repeat(24) }],
    ['an id that is not an object id', { t: 0, id: 'x' }],
  ])("refuses %s as the caller's mistake", (_what, body) => {
    expect(() => decodeListCursor(cursorOf(body))).toThrow(InputError);
  });
});
