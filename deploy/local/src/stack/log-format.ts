/** Prefixed, coloured, compact console lines for `npm start` (pino JSON becomes "time level msg k=v"). */

const COLOURS = [36, 33, 35, 32, 34, 96, 93, 95, 92, 94];
const LEVELS: Record<number, { label: string; colour: number }> = {
  10: { label: 'TRACE', colour: 90 },
  20: { label: 'DEBUG', colour: 90 },
  30: { label: 'INFO ', colour: 32 },
  40: { label: 'WARN ', colour: 33 },
  50: { label: 'ERROR', colour: 31 },
  60: { label: 'FATAL', colour: 41 },
};
// Fields every pino line has; not worth repeating on the console.
const SKIP = new Set([
  'level',
  'time',
  'msg',
  'pid',
  'hostname',
  'service',
  'name',
  'trace_id',
  'span_id',
  'trace_flags',
  'v',
]);

export interface LineFormatter {
  format(name: string, line: string): string;
}

export function createLineFormatter(opts: { colour: boolean; names: string[] }): LineFormatter {
  const width = Math.max(...opts.names.map((n) => n.length), 5);
  const paint = (code: number, text: string) => (opts.colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  const colourOf = (name: string) => COLOURS[Math.max(0, opts.names.indexOf(name)) % COLOURS.length] ?? 36;
  return {
    format(name, line) {
      const prefix = paint(colourOf(name), `[${name}]`.padEnd(width + 2));
      return `${prefix} ${formatPino(line, paint) ?? line}`;
    },
  };
}

export function parsePino(line: string): Record<string, unknown> | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    if (value && typeof value === 'object' && 'level' in value && 'msg' in value)
      return value as Record<string, unknown>;
  } catch {
    // not JSON after all
  }
  return undefined;
}

function formatPino(line: string, paint: (code: number, text: string) => string): string | undefined {
  const entry = parsePino(line);
  if (!entry) return undefined;
  const level = LEVELS[Number(entry.level)] ?? { label: String(entry.level).toUpperCase().padEnd(5), colour: 0 };
  const time = typeof entry.time === 'number' || typeof entry.time === 'string' ? new Date(entry.time) : new Date();
  const hhmmss = Number.isNaN(time.getTime()) ? '' : time.toTimeString().slice(0, 8);
  const extras: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(entry)) {
    if (SKIP.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as { message?: string; stack?: string };
      stack = err.stack ? `\n${err.stack}` : '';
      extras.push(`err=${JSON.stringify(err.message ?? '')}`);
      continue;
    }
    extras.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  const extra = extras.length ? ' ' + paint(90, truncate(extras.join(' '), 300)) : '';
  return `${paint(90, hhmmss)} ${paint(level.colour, level.label)} ${String(entry.msg)}${extra}${stack}`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}
