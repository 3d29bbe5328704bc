import { z } from 'zod';
import { InputError } from '@docket/errors';

const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

// A date (2024-03-01) or a date-time with offset (2024-03-01T10:00:00Z); dates are taken as UTC midnight.
const filedAt = z
  .string()
  .trim()
  .refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s) || z.iso.datetime({ offset: true }).safeParse(s).success, {
    message: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
    abort: true,
  })
  // Date rolls 2024-02-30 over to March: the calendar date must survive the round trip.
  .refine((s) => {
    const date = new Date(`${s.slice(0, 10)}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === s.slice(0, 10);
  }, 'is not a real calendar date')
  .transform((s) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s));

export const sidecarSchema = z
  .object({
    title: text(1000).optional(),
    docketNumber: text(200).optional(),
    filingType: text(200).optional(),
    filedAt: filedAt.optional(),
    // One filer may be given as a plain string.
    filers: z
      .preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(text(500)).max(500, 'must list at most 500 filers'))
      .optional(),
    sourceId: text(500).optional(),
    sourceUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    description: text(100_000).optional(),
  })
  .strict();

/** Metadata that sits next to a file as `<file>.json` (or `<file>.meta.json`). */
export type Sidecar = z.output<typeof sidecarSchema>;

/**
 * Validates a metadata sidecar (JSON text, bytes or an already parsed value). Throws InputError whose
 * issues name each offending field (`filedAt`, `filers.2`, unknown keys by name).
 */
export function parseSidecar(json: string | Buffer | unknown): Sidecar {
  let value: unknown = json;
  if (typeof json === 'string' || Buffer.isBuffer(json)) {
    const source = (Buffer.isBuffer(json) ? json.toString('utf8') : json).replace(/^\uFEFF/, '');
    try {
      value = JSON.parse(source);
    } catch (err) {
      throw new InputError(`metadata sidecar is not valid JSON: ${(err as Error).message}`, [
        { path: '', message: 'is not valid JSON' },
      ]);
    }
  }
  const parsed = sidecarSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path, key].join('.'), message: 'is not a known sidecar field' }))
      : [{ path: issue.path.join('.'), message: issue.path.length === 0 ? 'must be a JSON object' : issue.message }],
  );
  throw new InputError(
    `metadata sidecar is invalid: ${issues.map((i) => (i.path ? `${i.path} ${i.message}` : i.message)).join('; ')}`,
    issues,
  );
}
