import busboy from 'busboy';
import type { Request } from 'express';
import { InputError } from '@docket/errors';
import { UnsubscribeForm } from './alerts.schemas';

/** The whole of a one-click body is one short pair; anything longer is not one. */
const MAX_BODY_BYTES = 1_024;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const WHAT = 'a one-click unsubscribe posts the form List-Unsubscribe=One-Click (RFC 8058)';

/**
 * Reads and checks the body of an RFC 8058 one-click unsubscribe: the single pair
 * List-Unsubscribe=One-Click, form-encoded (the RFC allows multipart/form-data and
 * application/x-www-form-urlencoded). That body is what tells a mail client's deliberate POST from
 * anything else that reaches the URL (a link scanner's request, a form on another site), so a body
 * that is not exactly that is refused with an InputError saying what is expected.
 */
export async function readOneClickForm(req: Request): Promise<void> {
  const refuse = (path: string, message: string) => new InputError(`${path}: ${message}`, [{ path, message }]);
  if (!req.is(FORM_TYPES)) {
    const types = 'application/x-www-form-urlencoded or multipart/form-data';
    throw refuse('List-Unsubscribe', `is required: ${WHAT}, as ${types}`);
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw refuse('List-Unsubscribe', `${WHAT}; this body is ${declared} bytes`);

  const fields = await readFields(req).catch(() => {
    throw refuse('List-Unsubscribe', `the body could not be read as a form: ${WHAT}`);
  });
  const names = fields.map(([name]) => name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined) throw refuse(repeated, `must be given once: ${WHAT}`);
  const parsed = UnsubscribeForm.safeParse(Object.fromEntries(fields));
  if (!parsed.success) {
    const issues = parsed.error.issues.flatMap((issue) =>
      // An unknown field is named by itself, not by the form as a whole.
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ path: key, message: `unrecognized key: ${WHAT}` }))
        : [{ path: issue.path.map(String).join('.'), message: `${issue.message}: ${WHAT}` }],
    );
    throw new InputError(`invalid request body: ${WHAT}`, issues);
  }
}

/** The body's fields in order; rejects when it is not a readable form of a few short fields. */
function readFields(req: Request): Promise<[string, string][]> {
  return new Promise((resolve, reject) => {
    const fields: [string, string][] = [];
    let bytes = 0;
    const fail = (error: Error) => {
      req.unpipe();
      req.resume();
      reject(error);
    };
    let parser: busboy.Busboy;
    try {
      const limits = { fields: 4, fieldSize: 64, fieldNameSize: 64, files: 0, parts: 4 };
      parser = busboy({ headers: req.headers, limits });
    } catch (error) {
      reject(error as Error);
      return;
    }
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(new Error('field too long'));
      fields.push([name, value]);
    });
    parser.on('file', (_name, file) => {
      file.resume();
      fail(new Error('a file in a one-click body'));
    });
    for (const limit of ['fieldsLimit', 'partsLimit', 'filesLimit'] as const) {
      parser.on(limit, () => fail(new Error(limit)));
    }
    parser.on('error', (error: Error) => fail(error));
    parser.on('close', () => resolve(fields));
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > MAX_BODY_BYTES) fail(new Error('body too long'));
    });
    req.on('error', fail);
    req.pipe(parser);
  });
}
