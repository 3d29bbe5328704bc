/**
 * `npm run release -- <product> <file> [--version 2026-05] [--as-of 2026-05-31]`: publishes a CSV or
 * JSON Lines file as a release of a data product in the running app (`npm start`). The file is
 * checked against the product's schema; a bad row is reported by line and column and nothing is
 * published; the same file twice is one release. DOCUMENTS_GRPC points at another host; the call
 * uses the launcher's certificate (mutual TLS, <DATA_DIR>/tls).
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fromGrpcError, InputError } from '@docket/errors';
import { defaultDataDir, localClientCredentials } from '@docket/local-infra';
import { DocumentsServiceClient, type PublishReleaseResponse } from '@docket/proto/src/documents';
import { GRPC_CLIENT_OPTIONS } from '@docket/service-kit';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { version: { type: 'string', default: '' }, 'as-of': { type: 'string', default: '' } },
});
if (positionals.length !== 2) {
  console.error('usage: npm run release -- <product> <file.csv|file.jsonl> [--version V] [--as-of YYYY-MM-DD]');
  process.exit(64);
}
const [productId, given] = positionals as [string, string];
const file = path.resolve(given);
const documents = new DocumentsServiceClient(
  process.env.DOCUMENTS_GRPC ?? 'localhost:50051',
  localClientCredentials(defaultDataDir()),
  GRPC_CLIENT_OPTIONS,
);

async function publish(): Promise<PublishReleaseResponse> {
  await stat(file); // a missing file is said before anything is sent
  return new Promise((resolve, reject) => {
    const call = documents.publishRelease((error, response) =>
      error ? reject(fromGrpcError(error)) : resolve(response),
    );
    const hash = createHash('sha256');
    let size = 0;
    void (async () => {
      call.write({
        header: {
          dataProductId: productId,
          fileName: path.basename(file),
          version: values.version ?? '',
          asOf: values['as-of'] ?? '',
          publishedBy: 'cli',
        },
      });
      for await (const chunk of createReadStream(file)) {
        const data = chunk as Buffer;
        hash.update(data);
        size += data.length;
        if (!call.write({ data })) await once(call, 'drain');
      }
      call.write({ end: { size: String(size), sha256: hash.digest('hex') } });
      call.end();
    })().catch(reject);
  });
}

async function main(): Promise<number> {
  try {
    const { outcome, release, processId } = await publish();
    const changes = release?.changeLog?.summary ?? 'the first release';
    console.log(
      outcome === 'unchanged'
        ? `${productId}: this content is release ${release?.version} already; nothing new published`
        : `${productId}: published release ${release?.version} (${release?.rows} rows): ${changes}`,
    );
    if (processId) console.log(`  the publishing as a process: /processes/${processId}`);
    return 0;
  } catch (error) {
    if (error instanceof InputError) {
      console.error(`${productId}: ${error.message}`);
      for (const issue of error.issues) console.error(`  ${issue.path}: ${issue.message}`);
      return 65;
    }
    console.error(`${productId}: ${(error as Error).message}`);
    return 1;
  } finally {
    documents.close();
  }
}

void main().then((code) => process.exit(code));
