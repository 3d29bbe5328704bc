import { InputError } from '@docket/errors';
import { UnknownSourceError } from '../../../src/domain/known-sources';
import { ImportStarter } from '../../../src/imports/import-starter';

// An import into a source nobody defined is refused before anything is queued, and the message lists
// the sources that exist, so the caller (the CLI, the admin page) can name one of them.

function starter(known: string[]) {
  const queued: unknown[] = [];
  const sources = {
    find: async (id: string) => (known.includes(id) ? { id } : undefined),
    ids: async (limit: number) => ({ ids: [...known].sort().slice(0, limit), total: known.length }),
  };
  const deps = {
    queue: { enqueue: async (job: unknown) => void queued.push(job) },
    runs: { start: async () => ({ id: 'run-1' }) },
    processes: { publish: async () => undefined },
    sources,
  } as unknown as ConstructorParameters<typeof ImportStarter>[0];
  return { imports: new ImportStarter(deps), queued };
}

const refusal = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: unknown) => error,
  );

test('an unknown source is refused with the known source ids, nothing queued', async () => {
  const { imports, queued } = starter(['us-courts', 'nypsc', 'uploads']);
  const error = await refusal(imports.start('/tmp/filings', 'nypcs', 'cli'));
  expect(error).toBeInstanceOf(UnknownSourceError);
  expect(error).toBeInstanceOf(InputError);
  expect((error as InputError).message).toBe(
    'unknown source "nypcs"; known sources: nypsc, uploads, us-courts; administrators add sources on the catalog page',
  );
  expect((error as InputError).issues).toEqual([
    { path: 'sourceId', message: 'must name a known source (known sources: nypsc, uploads, us-courts)' },
  ]);
  expect(queued).toEqual([]);
});

test('a long catalog is listed in part, with how many more there are', async () => {
  const known = Array.from({ length: 45 }, (_, i) => `src-${String(i).padStart(2, '0')}`);
  const { imports } = starter(known);
  const error = (await refusal(imports.start('/tmp/filings', 'nope', 'cli'))) as InputError;
  expect(error.message).toContain(`known sources: ${known.slice(0, 30).join(', ')} …and 15 more;`);
});

test('with no sources defined yet, the message says so', async () => {
  const { imports } = starter([]);
  const error = (await refusal(imports.start('/tmp/filings', 'ferc', 'cli'))) as InputError;
  expect(error.message).toBe(
    'unknown source "ferc"; no sources are defined yet; administrators add sources on the catalog page',
  );
});
