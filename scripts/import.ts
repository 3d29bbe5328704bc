/**
 * `npm run import -- <dir> [--source <sourceId>]`: imports a directory (recursively) into the running
 * app (`npm start`) as a process, and follows its progress until it ends. DOCUMENTS_GRPC and
 * EXPORT_GRPC point at other hosts. It calls the services with the launcher's certificate (mutual TLS,
 * <DATA_DIR>/tls).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { InputError } from '@docket/errors';
import { defaultDataDir, localClientCredentials } from '@docket/local-infra';
import { DocumentsServiceClient } from '@docket/proto/src/documents';
import { ProcessServiceClient, ProcessStatus, type WatchProcessResponse } from '@docket/proto/src/processes';
import { GRPC_CLIENT_OPTIONS, grpcCall } from '@docket/service-kit';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { source: { type: 'string', default: 'uploads' } },
});
if (positionals.length !== 1) {
  console.error('usage: npm run import -- <directory> [--source <sourceId>]');
  process.exit(64);
}
const directory = path.resolve(positionals[0] as string);
const credentials = localClientCredentials(defaultDataDir());
const documents = new DocumentsServiceClient(
  process.env.DOCUMENTS_GRPC ?? 'localhost:50051',
  credentials,
  GRPC_CLIENT_OPTIONS,
);
const processes = new ProcessServiceClient(
  process.env.EXPORT_GRPC ?? 'localhost:50054',
  credentials,
  GRPC_CLIENT_OPTIONS,
);

async function main(): Promise<number> {
  const { processId } = await grpcCall(documents, 'startImport', {
    path: directory,
    sourceId: values.source ?? 'uploads',
    requestedBy: 'cli',
  });
  console.log(`importing ${directory} as process ${processId} (http://localhost:3000/processes/${processId})`);
  return new Promise((resolve, reject) => {
    const stream = processes.watchProcess({ id: processId });
    stream.on('data', ({ process: p }: WatchProcessResponse) => {
      if (!p) return;
      const total = Number(p.total);
      const status = ProcessStatus[p.status].replace('PROCESS_STATUS_', '').toLowerCase();
      console.log(`${status}: ${p.done}${total ? ` of ${total}` : ''} files ${p.message}`.trim());
      if (p.status === ProcessStatus.PROCESS_STATUS_SUCCEEDED || p.status === ProcessStatus.PROCESS_STATUS_FAILED) {
        stream.cancel();
        resolve(p.status === ProcessStatus.PROCESS_STATUS_SUCCEEDED ? 0 : 1);
      }
    });
    stream.on('error', (error: Error & { code?: number }) => (error.code === 1 ? undefined : reject(error)));
  });
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    // An unknown source: the service's message lists the known ones; a new one is added with npm run source.
    const unknownSource = error instanceof InputError && error.issues.some((issue) => issue.path === 'sourceId');
    const hint = unknownSource
      ? '\nadd a source with: npm run source -- create --id <id> --name <name> --kind court|agency'
      : '';
    console.error(`import failed: ${error.message}${hint}`);
    process.exit(1);
  },
);
