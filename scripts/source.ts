/**
 * `npm run source -- create --id <id> --name <name> --kind court|agency [options]`: adds a source
 * (an agency or a court) to the running app's catalog (`npm start`), as an administrator does on the
 * catalog page; imports, uploads and sidecars may name only sources that exist.
 * `npm run source -- list` prints the known sources. DOCUMENTS_GRPC points at another host. It calls
 * the documents service with the launcher's certificate (mutual TLS, <DATA_DIR>/tls).
 */
import { parseArgs } from 'node:util';
import { InputError } from '@docket/errors';
import { defaultDataDir, localClientCredentials } from '@docket/local-infra';
import { DocumentsServiceClient } from '@docket/proto/src/documents';
import { GRPC_CLIENT_OPTIONS, grpcCall } from '@docket/service-kit';

const USAGE = `usage:
  npm run source -- create --id <id> --name <name> --kind court|agency
      [--short-name <name>] [--jurisdiction federal|state] [--state <XX>] [--home-url <url>] [--docket-pattern <regex>]
  npm run source -- list

  --id              a lowercase slug: letters, digits and '-' (e.g. nypsc)
  --docket-pattern  a regular expression for the source's docket numbers (e.g. '\\d{2}-[A-Z]-\\d{4}')`;
const KINDS = ['court', 'agency'];

/** Bad arguments: the reason and the usage, exit code 64 (EX_USAGE). */
function usage(problem: string): never {
  console.error(`${problem}\n\n${USAGE}`);
  process.exit(64);
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        id: { type: 'string' },
        name: { type: 'string' },
        kind: { type: 'string' },
        'short-name': { type: 'string' },
        jurisdiction: { type: 'string' },
        state: { type: 'string' },
        'home-url': { type: 'string' },
        'docket-pattern': { type: 'string' },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
}

const { values, positionals } = parse();
const [command, ...extra] = positionals;
if (command !== 'create' && command !== 'list')
  usage(command ? `unknown command: ${command}` : 'a command is required');
if (extra.length > 0) usage(`unexpected argument: ${extra.join(' ')}`);
if (command === 'create') {
  const missing = (['id', 'name', 'kind'] as const)
    .filter((option) => !values[option]?.trim())
    .map((option) => `--${option}`);
  if (missing.length > 0) usage(`missing ${missing.join(', ')}`);
  if (!KINDS.includes(values.kind as string))
    usage(`--kind must be ${KINDS.join(' or ')}, not ${JSON.stringify(values.kind)}`);
} else if (Object.keys(values).length > 0) {
  usage('list takes no options');
}

const documents = new DocumentsServiceClient(
  process.env.DOCUMENTS_GRPC ?? 'localhost:50051',
  localClientCredentials(defaultDataDir()),
  GRPC_CLIENT_OPTIONS,
);

async function main(): Promise<void> {
  if (command === 'list') {
    const { sources } = await grpcCall(documents, 'listSources', {});
    for (const source of [...sources].sort((a, b) => a.id.localeCompare(b.id)))
      console.log(`${source.id.padEnd(28)} ${source.kind.padEnd(7)} ${source.name}`);
    return;
  }
  const { source } = await grpcCall(documents, 'createSource', {
    id: values.id ?? '',
    name: values.name ?? '',
    kind: values.kind ?? '',
    shortName: values['short-name'] ?? '',
    jurisdiction: values.jurisdiction ?? '',
    state: values.state ?? '',
    homeUrl: values['home-url'] ?? '',
    docketPattern: values['docket-pattern'] ?? '',
    createdBy: 'cli',
  });
  console.log(
    `created source ${source?.id} (${source?.kind}): ${source?.name}; ` +
      `import into it with npm run import -- <directory> --source ${source?.id}`,
  );
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    // The service names each field it refused (an id already taken, a pattern that does not compile).
    const issues =
      error instanceof InputError ? error.issues.map((issue) => `\n  ${issue.path}: ${issue.message}`).join('') : '';
    console.error(`source ${command} failed: ${error.message}${issues}`);
    process.exit(error instanceof InputError ? 65 : 1);
  },
);
