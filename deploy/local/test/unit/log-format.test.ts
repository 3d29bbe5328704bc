import { createLineFormatter, parsePino } from '../../src/stack/log-format';

describe('console line formatting for npm start', () => {
  const formatter = createLineFormatter({ colour: false, names: ['bff', 'query-engine'] });

  it('prints pino JSON compactly as time level msg plus the extra fields', () => {
    const time = new Date(2026, 0, 2, 13, 4, 5).getTime();
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      service: 'bff',
      msg: 'BFF listening',
      port: 4000,
      host: '127.0.0.1',
    });
    expect(formatter.format('bff', line)).toBe('[bff]          13:04:05 INFO  BFF listening port=4000 host=127.0.0.1');
  });

  it('shows the error message and stack of error lines', () => {
    const line = JSON.stringify({
      level: 50,
      time: Date.now(),
      msg: 'failed',
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
    });
    const out = formatter.format('query-engine', line);
    expect(out).toContain('ERROR failed err="boom"');
    expect(out).toContain('\nError: boom\n    at x');
  });

  it('passes other lines through with the prefix', () => {
    expect(formatter.format('bff', '  ▲ Next.js 15')).toBe('[bff]            ▲ Next.js 15');
    expect(parsePino('{"not":"pino"}')).toBeUndefined();
    expect(parsePino('{broken')).toBeUndefined();
  });
});
